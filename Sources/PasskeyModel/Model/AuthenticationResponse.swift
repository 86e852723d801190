/// An authentication response: the `PublicKeyCredential` returned by `navigator.credentials.get()`, in the
/// WebAuthn L3 `AuthenticationResponseJSON` form (§5.1).
public struct AuthenticationResponse: Sendable {
    /// `id`: the credential ID in base64url, as the client sent it.
    public let id: String
    /// The credential ID's bytes (`rawId`, which must decode to the same bytes as ``id``): the key to look up the
    /// credential record (§7.2 steps 5–6).
    public let rawID: [UInt8]
    /// `response.clientDataJSON`: the exact bytes the authenticator signed a hash of, parsed by the verifier.
    public let clientDataJSON: [UInt8]
    /// `response.authenticatorData`: the exact bytes the signature covers.
    public let authenticatorData: [UInt8]
    /// `response.signature` over `authenticatorData ‖ SHA-256(clientDataJSON)`, in the credential algorithm's signature
    /// format (DER for ECDSA, §6.5.5).
    public let signature: [UInt8]
    /// The user handle the authenticator returned; absent for non-discoverable credentials.
    public let userHandle: [UInt8]?
    /// `platform` or `cross-platform` when the client says how the authenticator was attached; nil when it does not.
    /// Informational only.
    public let authenticatorAttachment: String?
    /// The client extension outputs (`prf`, `largeBlob`, …) as sent; empty when there are none.
    public let clientExtensionResults: JSONObject

    /// A response from its parts, for tests and for clients that build one themselves; `id` defaults to the base64url
    /// of `rawID`.
    public init(
        id: String? = nil, rawID: [UInt8], clientDataJSON: [UInt8], authenticatorData: [UInt8], signature: [UInt8],
        userHandle: [UInt8]? = nil, authenticatorAttachment: String? = nil, clientExtensionResults: JSONObject = JSONObject()
    ) {
        self.id = id ?? Base64URL.encode(rawID)
        self.rawID = rawID
        self.clientDataJSON = clientDataJSON
        self.authenticatorData = authenticatorData
        self.signature = signature
        self.userHandle = userHandle
        self.authenticatorAttachment = authenticatorAttachment
        self.clientExtensionResults = clientExtensionResults
    }

    /// Decodes `AuthenticationResponseJSON` bytes.
    ///
    /// The common shape (what browsers and platforms send) is read straight from the bytes
    /// (`AuthenticationResponseScanner`); everything else goes through the JSON parser. Both accept and refuse the
    /// same documents, with the same errors.
    public init(json bytes: [UInt8], strictness: Base64URL.Strictness = .strict) throws(WebAuthnError) {
        if let scanned = AuthenticationResponseScanner.scan(bytes, strictness: strictness) {
            self = scanned
            return
        }
        try self.init(json: try PublicKeyCredentialJSON.parse(bytes, what: "AuthenticationResponseJSON"), strictness: strictness)
    }

    /// Decodes an already parsed `AuthenticationResponseJSON` object. A `userHandle` that is `null` or empty counts as
    /// absent.
    public init(json object: JSONObject, strictness: Base64URL.Strictness = .strict) throws(WebAuthnError) {
        let common = try PublicKeyCredentialJSON(object, strictness: strictness)
        let response = common.response
        id = common.id
        rawID = common.rawID
        authenticatorAttachment = common.authenticatorAttachment
        clientExtensionResults = common.clientExtensionResults
        clientDataJSON = try response.requiredBase64URL("clientDataJSON", in: "response", strictness: strictness)
        authenticatorData = try response.requiredBase64URL("authenticatorData", in: "response", strictness: strictness)
        signature = try response.requiredBase64URL("signature", in: "response", strictness: strictness)
        // Serializers write a missing user handle as null or leave it out; an empty one is no user handle either.
        if case .null? = response["userHandle"] {
            userHandle = nil
        } else {
            let handle = try response.optionalBase64URL("userHandle", in: "response", strictness: strictness)
            userHandle = handle?.isEmpty == true ? nil : handle
        }
    }
}
