public import PasskeyCore

/// `PublicKeyCredentialUserEntityJSON` (WebAuthn L3 §5.1.8, §5.4.3): the account a new credential is for.
public struct PublicKeyCredentialUserEntityJSON: WebAuthnJSONValue {
    /// The user handle: 1 to 64 bytes, random and free of personal data (§14.6.1), because authenticators store it
    /// and return it as `userHandle` in discoverable sign-ins. Base64url in JSON.
    public var id: [UInt8]
    /// The account's name (often a username or e-mail address), shown to pick between accounts.
    public var name: String
    /// A friendlier name for the account, shown beside ``name``.
    public var displayName: String

    /// An entity with every member given.
    public init(id: [UInt8], name: String, displayName: String) {
        self.id = id
        self.name = name
        self.displayName = displayName
    }

    public init(json: JSONObject) throws(WebAuthnError) {
        id = try json.requiredBase64URL("id", in: "user", strictness: .strict)
        name = try json.requiredString("name", in: "user")
        displayName = try json.requiredString("displayName", in: "user")
    }

    public var json: JSONObject {
        JSONObject(["id": .string(Base64URL.encode(id)), "name": .string(name), "displayName": .string(displayName)])
    }
}
