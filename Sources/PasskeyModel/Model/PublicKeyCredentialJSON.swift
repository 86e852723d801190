/// Decoding helpers shared by ``RegistrationResponse`` and ``AuthenticationResponse``: the
/// `PublicKeyCredential` JSON members common to both (WebAuthn L3 §5.1, `RegistrationResponseJSON` /
/// `AuthenticationResponseJSON`).
struct PublicKeyCredentialJSON {
    let id: String
    let rawID: [UInt8]
    let response: JSONObject
    let authenticatorAttachment: String?
    let clientExtensionResults: JSONObject

    /// The largest response JSON accepted.
    static let maximumLength = 128 * 1024

    init(_ object: JSONObject, strictness: Base64URL.Strictness) throws(WebAuthnError) {
        let type = try object.requiredString("type")
        guard type == "public-key" else {
            throw WebAuthnError(.credentialTypeMismatch, "type: expected 'public-key', found '\(type)'")
        }
        id = try object.requiredString("id")
        let idBytes = try Base64URL.decode(id, field: "id", strictness: strictness)
        // rawId is usually the very same string as id; only a different spelling needs decoding to compare.
        if let rawString = try object.optionalString("rawId"), rawString != id {
            let raw = try Base64URL.decode(rawString, field: "rawId", strictness: strictness)
            guard raw == idBytes else {
                throw WebAuthnError(.credentialIdMismatch, "rawId: expected the same credential ID as id (\(id)), found \(Base64URL.encode(raw))")
            }
        }
        rawID = idBytes
        response = try object.requiredObject("response")
        authenticatorAttachment = try object.nullableString("authenticatorAttachment")
        // L3 names the member clientExtensionResults; earlier serializers wrote getClientExtensionResults.
        if object["clientExtensionResults"] != nil && object["getClientExtensionResults"] != nil {
            throw .malformed("expected one of clientExtensionResults and getClientExtensionResults, found both")
        }
        let extensionsKey = object["clientExtensionResults"] != nil ? "clientExtensionResults" : "getClientExtensionResults"
        clientExtensionResults = try object.optionalObject(extensionsKey) ?? JSONObject()
    }

    static func parse(_ bytes: [UInt8], what: String) throws(WebAuthnError) -> JSONObject {
        guard bytes.count <= maximumLength else {
            throw WebAuthnError(.inputTooLarge, "\(what): expected at most \(maximumLength) bytes, found \(bytes.count)")
        }
        return try JSONParser.parseObject(bytes, what: what)
    }
}
