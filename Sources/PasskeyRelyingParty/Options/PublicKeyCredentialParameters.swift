public import PasskeyCore

/// `PublicKeyCredentialParameters` (WebAuthn L3 §5.3): one credential type and algorithm the relying party accepts.
public struct PublicKeyCredentialParameters: WebAuthnJSONValue {
    /// Always `public-key`, the one credential type WebAuthn defines (§5.8.2).
    public var type: String
    /// The COSE algorithm identifier (§5.8.5); the verifier refuses credentials whose key uses another.
    public var alg: COSEAlgorithm

    /// The `public-key` parameters for `alg`.
    public init(alg: COSEAlgorithm) {
        type = "public-key"
        self.alg = alg
    }

    public init(json: JSONObject) throws(WebAuthnError) {
        type = try json.requiredString("type", in: "pubKeyCredParams")
        guard let number = try json.optionalInt("alg", in: "pubKeyCredParams") else {
            throw .malformed("pubKeyCredParams.alg: expected an integer, found nothing (the member is required)")
        }
        guard let algorithm = COSEAlgorithm(rawValue: number) else {
            throw .malformed("pubKeyCredParams.alg: expected a COSE algorithm this package implements, found \(number)")
        }
        alg = algorithm
    }

    public var json: JSONObject { JSONObject(["type": .string(type), "alg": JSONValue(alg.rawValue)]) }
}
