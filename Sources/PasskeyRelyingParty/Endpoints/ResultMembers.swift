/// The members a successful result carries, in the shapes `passkeys serve` uses (docs/reference/http.md, "Bodies"), so a client of
/// the conformance API reads an app's answers as it reads the server's.
package enum ResultMembers {
    /// `user`: the account as WebAuthn names it.
    package static func user(_ user: some PasskeyUser) -> JSONValue { .object(user.userJSON) }

    /// `credential`: the new passkey as a passkey list shows it.
    package static func credential(_ registered: RegisteredPasskey) -> JSONValue {
        .object(registered.credential.summaryJSON(provider: registered.provider))
    }
}
