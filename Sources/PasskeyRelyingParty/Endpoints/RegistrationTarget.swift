/// Which account a registration is for, as the app decides it at `POST attestation/options`
/// (the `registrationTarget` hook of PasskeyHummingbird's `PasskeyHooks` and PasskeyVapor's `PasskeyVaporHooks`).
///
/// There is deliberately no case that names an arbitrary existing user: an existing account gets a passkey only
/// through its own session (``signedInUser``), and a new account only under a name no account has (the routes check
/// `PasskeyAccounts.user(named:)` and refuse a taken name with 403 without revealing anything about its owner).
/// To refuse a registration altogether, throw a `RelyingPartyError` (its status and code are the answer).
public enum RegistrationTarget: Sendable, Equatable {
    /// A new account with this name, and a fresh random user handle (WebAuthn L3 §14.6.1). Refused with 403
    /// `usernameTaken` when an account already has the name.
    case newAccount(name: String, displayName: String)
    /// The signed-in user adds a passkey; the ceremony is bound to their session (``SignedInUser/sessionID``), and
    /// their existing passkeys are listed in `excludeCredentials`. Refused with 401 when nobody is signed in.
    case signedInUser
}

extension RegistrationTarget {
    /// The policy of `passkeys serve`, and the default of both route groups' hooks: ``signedInUser`` when someone is
    /// signed in and `options.username` is their name (compared by `UsernameKey`, so `Ada` typed by the signed-in
    /// `ada` adds a passkey instead of asking for a look-alike account), else ``newAccount(name:displayName:)`` with
    /// the requested names (which the endpoints refuse when the name is taken or mixes scripts).
    public static func defaultPolicy<User: PasskeyUser>(
        for options: RegistrationOptionsRequest, signedIn: SignedInUser<User>?
    ) -> RegistrationTarget {
        if let signedIn, UsernameKey(signedIn.user.passkeyUserName) == UsernameKey(options.username) { return .signedInUser }
        return .newAccount(name: options.username, displayName: options.displayName)
    }
}
