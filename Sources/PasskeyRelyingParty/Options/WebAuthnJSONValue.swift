public import PasskeyCore

/// A WebAuthn dictionary with one exact JSON form (the `…JSON` types of WebAuthn L3 §5.1, §5.1.8 and §5.1.9), read and
/// written with this package's strict JSON codec.
///
/// ``json`` writes members in a fixed order with literal numbers, so ``jsonText`` is byte-for-byte stable: it is
/// what `passkeys serve` sends and what a browser's `PublicKeyCredential.parseCreationOptionsFromJSON()` /
/// `parseRequestOptionsFromJSON()` takes. `Codable` goes through the same ``json`` form, for apps that hand these
/// values to `JSONEncoder`, Hummingbird's response encoder or a session store.
public protocol WebAuthnJSONValue: Codable, Sendable, Equatable {
    /// Reads the value, refusing wrong member types and malformed base64url with the member's path in the message.
    init(json: JSONObject) throws(WebAuthnError)
    /// The value as an ordered JSON object.
    var json: JSONObject { get }
}

extension WebAuthnJSONValue {
    /// Parses JSON text (strict RFC 8259: no duplicate members, no trailing bytes) and reads the value from it.
    public init(jsonBytes: [UInt8]) throws(WebAuthnError) {
        try self.init(json: JSONParser.parseObject(jsonBytes, what: String(describing: Self.self)))
    }

    /// The compact JSON text of ``json``.
    public var jsonText: String { JSONValue.object(json).serialized() }

    public init(from decoder: any Decoder) throws {
        try self.init(json: JSONObject(from: decoder))
    }

    public func encode(to encoder: any Encoder) throws {
        try json.encode(to: encoder)
    }
}

extension JSONObject {
    /// An array member read item by item with `read`, each item's path named in errors (`allowCredentials[2].id`).
    func optionalArray<Item>(
        _ key: String, in path: String, _ read: (JSONValue, String) throws(WebAuthnError) -> Item
    ) throws(WebAuthnError) -> [Item]? {
        guard let value = self[key] else { return nil }
        let field = path.isEmpty ? key : "\(path).\(key)"
        guard case .array(let items) = value else { throw .malformed("\(field): expected an array, found \(value.typeName)") }
        var out: [Item] = []
        out.reserveCapacity(items.count)
        for (index, item) in items.enumerated() { out.append(try read(item, "\(field)[\(index)]")) }
        return out
    }
}

extension JSONValue {
    /// This value as an object, or an error naming `field` and what was found.
    func object(_ field: String) throws(WebAuthnError) -> JSONObject {
        guard case .object(let object) = self else { throw .malformed("\(field): expected an object, found \(typeName)") }
        return object
    }
}
