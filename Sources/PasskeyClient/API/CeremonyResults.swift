import PasskeyModel

/// A finished sign-in (`POST /assertion/result`): the session to send as `Authorization: Bearer` and the account.
public struct SignedIn: Sendable, Equatable {
    public let session: String
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
    public let session: String
    public let user: AccountUser
    public let credential: PasskeySummary

    init(json: JSONObject) throws(WebAuthnError) {
        session = try json.requiredString("session")
        user = try AccountUser(json: try json.requiredObject("user"), in: "user")
        credential = try PasskeySummary(json: try json.requiredObject("credential"), in: "credential")
    }
}
