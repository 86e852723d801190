public import PasskeyCore

/// `PublicKeyCredentialDescriptorJSON` (WebAuthn L3 §5.8.3): a credential named in `excludeCredentials` or
/// `allowCredentials`.
public struct PublicKeyCredentialDescriptorJSON: WebAuthnJSONValue {
    /// Always `public-key` (§5.8.2).
    public var type: String
    /// The credential ID; base64url in JSON.
    public var id: [UInt8]
    /// Transport hints (`usb`, `nfc`, `ble`, `internal`, `hybrid`, …) as the authenticator reported them at
    /// registration; nil leaves the member out, and clients then try every transport.
    public var transports: [String]?

    /// A `public-key` descriptor.
    public init(id: [UInt8], transports: [String]? = nil) {
        type = "public-key"
        self.id = id
        self.transports = transports
    }

    public init(json: JSONObject) throws(WebAuthnError) {
        type = try json.requiredString("type", in: "credential descriptor")
        id = try json.requiredBase64URL("id", in: "credential descriptor", strictness: .strict)
        transports = try json.optionalStringArray("transports", in: "credential descriptor")
    }

    public var json: JSONObject {
        var object = JSONObject(["type": .string(type), "id": .string(Base64URL.encode(id))])
        if let transports { object["transports"] = .array(transports.map(JSONValue.string)) }
        return object
    }
}
