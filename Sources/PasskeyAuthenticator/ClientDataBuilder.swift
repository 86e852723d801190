import PasskeyCore

/// Builds `clientDataJSON` (WebAuthn L3 §5.8.1.1, the client's serialization: type, challenge, origin,
/// crossOrigin, then topOrigin when present).
public enum ClientDataBuilder {
    /// The UTF-8 bytes of the client data for one ceremony, members in the order §5.8.1.1 gives so that relying parties
    /// using the limited verification algorithm of §5.8.1.2 accept it.
    ///
    /// - Parameters:
    ///   - type: `webauthn.create` or `webauthn.get`.
    ///   - challenge: the options' challenge, base64url, as sent.
    ///   - origin: the caller's serialized origin.
    ///   - crossOrigin: whether the caller is an iframe of another origin than the top-level page.
    ///   - topOrigin: the top-level origin, when `crossOrigin` is true.
    public static func json(type: String, challenge: String, origin: String, crossOrigin: Bool = false, topOrigin: String? = nil) -> [UInt8] {
        var object = JSONObject([
            "type": .string(type), "challenge": .string(challenge), "origin": .string(origin), "crossOrigin": .bool(crossOrigin),
        ])
        if let topOrigin { object["topOrigin"] = .string(topOrigin) }
        return Array(JSONValue.object(object).serialized().utf8)
    }
}
