public import PasskeyModel

/// An account on the relying party, as the API returns it (`user` in CONTRACT.md §2).
public struct AccountUser: Sendable, Equatable {
    /// The user handle (WebAuthn L3 §5.4.3 `user.id`), base64url, as the server sends it.
    public let id: String
    public let name: String
    public let displayName: String

    public init(id: String, name: String, displayName: String) {
        self.id = id
        self.name = name
        self.displayName = displayName
    }

    init(json: JSONObject, in path: String) throws(WebAuthnError) {
        id = try json.requiredString("id", in: path)
        name = try json.requiredString("name", in: path)
        displayName = try json.requiredString("displayName", in: path)
    }

    /// The API's JSON form.
    public var json: JSONObject {
        JSONObject(["id": .string(id), "name": .string(name), "displayName": .string(displayName)])
    }

    /// The user handle's raw bytes: what an authenticator stores and returns as `userHandle`.
    public var handle: [UInt8] { (try? Base64URL.decode(id)) ?? [] }
}
