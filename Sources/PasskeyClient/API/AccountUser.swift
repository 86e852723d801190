public import PasskeyModel

/// An account on the relying party, as the API returns it (`user` in docs/reference/http.md, "Bodies").
public struct AccountUser: Sendable, Equatable {
    /// The user handle (WebAuthn L3 §5.4.3 `user.id`), base64url, as the server sends it.
    public let id: String
    /// The account name, unique on the server: what the user signs in with and what authenticators show as `user.name`.
    public let name: String
    /// A friendlier name for display; may equal ``name``.
    public let displayName: String

    /// An account as the server describes it; `id` is the base64url user handle.
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
