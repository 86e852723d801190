/// An authentication response: the `PublicKeyCredential` returned by `navigator.credentials.get()`, in the
/// WebAuthn L3 `AuthenticationResponseJSON` form (§5.1).
public struct AuthenticationResponse: Sendable {
    public let id: String
    public let rawID: [UInt8]
    public let clientDataJSON: [UInt8]
    public let authenticatorData: [UInt8]
    public let signature: [UInt8]
    /// The user handle the authenticator returned; absent for non-discoverable credentials.
    public let userHandle: [UInt8]?
    public let authenticatorAttachment: String?
    public let clientExtensionResults: JSONObject

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
    public init(json bytes: [UInt8], strictness: Base64URL.Strictness = .strict) throws(WebAuthnError) {
        try self.init(json: try PublicKeyCredentialJSON.parse(bytes, what: "AuthenticationResponseJSON"), strictness: strictness)
    }

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
