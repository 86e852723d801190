import PasskeyCore

/// Builds `clientDataJSON` (WebAuthn L3 §5.8.1.1, the client's serialization: type, challenge, origin,
/// crossOrigin, then topOrigin when present).
public enum ClientDataBuilder {
    public static func json(type: String, challenge: String, origin: String, crossOrigin: Bool = false, topOrigin: String? = nil) -> [UInt8] {
        var object = JSONObject([
            "type": .string(type), "challenge": .string(challenge), "origin": .string(origin), "crossOrigin": .bool(crossOrigin),
        ])
        if let topOrigin { object["topOrigin"] = .string(topOrigin) }
        return Array(JSONValue.object(object).serialized().utf8)
    }
}
