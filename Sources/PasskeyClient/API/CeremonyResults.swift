import PasskeyModel

/// A finished sign-in (`POST /assertion/result`): the session to send as `Authorization: Bearer` and the account.
public struct SignedIn: Sendable, Equatable {
    /// The session token: send it as `Authorization: Bearer` on account calls. Keep it as secret as a password.
    public let session: String
    /// The account signed in to, found by the passkey.
    public let user: AccountUser
    /// The passkey used (base64url).
    public let credentialID: String

    init(json: JSONObject, credentialID: String) throws(WebAuthnError) {
        self.credentialID = credentialID
        session = try json.requiredString("session")
        user = try AccountUser(json: try json.requiredObject("user"), in: "user")
    }
}

/// A finished registration (`POST /attestation/result`): signed in as the account, with the new passkey.
public struct Registered: Sendable, Equatable {
    /// The session token of the account the passkey was registered to: send it as `Authorization: Bearer`.
    public let session: String
    /// The account the passkey now belongs to, new or existing.
    public let user: AccountUser
    /// The new passkey, as the account's passkey list shows it.
    public let credential: PasskeySummary
    /// A new account's recovery codes, each good for one recovery: the only time the server gives them, so show
    /// them to the user (or store them) now. Empty when the passkey was added to an existing account, or when the
    /// server issues none.
    public let recoveryCodes: [String]

    init(json: JSONObject) throws(WebAuthnError) {
        session = try json.requiredString("session")
        user = try AccountUser(json: try json.requiredObject("user"), in: "user")
        credential = try PasskeySummary(json: try json.requiredObject("credential"), in: "credential")
        recoveryCodes = try json.optionalStringArray("recoveryCodes") ?? []
    }
}
