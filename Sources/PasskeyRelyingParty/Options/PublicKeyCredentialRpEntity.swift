public import PasskeyCore

/// `PublicKeyCredentialRpEntity` (WebAuthn L3 §5.4.2): the relying party as creation options name it.
public struct PublicKeyCredentialRpEntity: WebAuthnJSONValue {
    /// A human-palatable name for the relying party, shown by some authenticators.
    public var name: String
    /// The RP ID (§4 "RP ID"), a registrable domain suffix of the origin; nil lets the client use the origin's
    /// effective domain (§5.1.3 step 8).
    public var id: String?

    /// An entity with both members.
    public init(name: String, id: String?) {
        self.name = name
        self.id = id
    }

    public init(json: JSONObject) throws(WebAuthnError) {
        name = try json.requiredString("name", in: "rp")
        id = try json.optionalString("id", in: "rp")
    }

    public var json: JSONObject {
        var object = JSONObject(["name": .string(name)])
        if let id { object["id"] = .string(id) }
        return object
    }
}
