/// A registration response: the `PublicKeyCredential` returned by `navigator.credentials.create()`, in the
/// WebAuthn L3 `RegistrationResponseJSON` form (§5.1).
public struct RegistrationResponse: Sendable {
    /// `id`, the credential ID in base64url as the client sent it.
    public let id: String
    /// The credential ID bytes (`rawId`, equal to the decoded `id`).
    public let rawID: [UInt8]
    /// `response.clientDataJSON`: the exact bytes whose hash the attestation signature covers.
    public let clientDataJSON: [UInt8]
    /// `response.attestationObject`: CBOR holding the format, the attestation statement and the authenticator data with
    /// the new credential's public key.
    public let attestationObject: [UInt8]
    /// `response.transports`, as hints; unknown values are kept (L3 §5.8.4 says to ignore, not reject, them).
    public let transports: [String]
    /// `platform` or `cross-platform` when the client says how the authenticator was attached; nil when it does not.
    /// Informational only.
    public let authenticatorAttachment: String?
    /// The client extension outputs (`credProps`, `prf`, `largeBlob`, …) as sent; empty when there are none.
    public let clientExtensionResults: JSONObject
    /// L3's convenience copy of the authenticator data, when the client sent one; it must equal the one inside
    /// the attestation object.
    public let authenticatorData: [UInt8]?
    /// L3's convenience copy of the credential's algorithm, when sent; it must equal the COSE key's `alg`.
    public let publicKeyAlgorithm: Int64?

    /// A response from its parts, for tests and for clients that build one themselves; `id` defaults to the base64url
    /// of `rawID`.
    public init(
        id: String? = nil, rawID: [UInt8], clientDataJSON: [UInt8], attestationObject: [UInt8],
        transports: [String] = [], authenticatorAttachment: String? = nil,
        clientExtensionResults: JSONObject = JSONObject(), authenticatorData: [UInt8]? = nil, publicKeyAlgorithm: Int64? = nil
    ) {
        self.id = id ?? Base64URL.encode(rawID)
        self.rawID = rawID
        self.clientDataJSON = clientDataJSON
        self.attestationObject = attestationObject
        self.transports = transports
        self.authenticatorAttachment = authenticatorAttachment
        self.clientExtensionResults = clientExtensionResults
        self.authenticatorData = authenticatorData
        self.publicKeyAlgorithm = publicKeyAlgorithm
    }

    /// Decodes `RegistrationResponseJSON` bytes.
    public init(json bytes: [UInt8], strictness: Base64URL.Strictness = .strict) throws(WebAuthnError) {
        try self.init(json: try PublicKeyCredentialJSON.parse(bytes, what: "RegistrationResponseJSON"), strictness: strictness)
    }

    /// Decodes an already parsed `RegistrationResponseJSON` object.
    public init(json object: JSONObject, strictness: Base64URL.Strictness = .strict) throws(WebAuthnError) {
        let common = try PublicKeyCredentialJSON(object, strictness: strictness)
        let response = common.response
        id = common.id
        rawID = common.rawID
        authenticatorAttachment = common.authenticatorAttachment
        clientExtensionResults = common.clientExtensionResults
        clientDataJSON = try response.requiredBase64URL("clientDataJSON", in: "response", strictness: strictness)
        attestationObject = try response.requiredBase64URL("attestationObject", in: "response", strictness: strictness)
        // L3 puts transports in the response; py_webauthn's older serialization put them beside it.
        if let inResponse = try response.optionalStringArray("transports", in: "response") {
            transports = inResponse
        } else {
            transports = try object.optionalStringArray("transports") ?? []
        }
        authenticatorData = try response.optionalBase64URL("authenticatorData", in: "response", strictness: strictness)
        publicKeyAlgorithm = try response.optionalInt("publicKeyAlgorithm", in: "response")
    }
}
