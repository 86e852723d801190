public import PasskeyModel

/// What a platform API returned for a new credential, as raw bytes, and its L3 `RegistrationResponseJSON`.
public struct PlatformRegistrationResult: Sendable {
    /// The new credential's ID (`rawId`); it must equal the one inside the attestation object.
    public var credentialID: [UInt8]
    /// Exactly the bytes the platform signed over; never re-encoded (iOS escapes `/` as `\/`).
    public var clientDataJSON: [UInt8]
    /// The attestation object as the platform returned it (Apple's passkeys: `none` attestation).
    public var attestationObject: [UInt8]
    /// `platform`, or `cross-platform` for a security key or a phone over hybrid.
    public var attachment: String
    /// The transports the platform reports for the credential (`internal`, `hybrid`, `usb`, …), for the relying party
    /// to send back in `allowCredentials`.
    public var transports: [String]
    /// `largeBlob.supported` (L3 §10.1.5), when asked.
    public var largeBlobSupported: Bool?
    /// `prf.enabled` and the optional first/second results (§10.1.4), when asked.
    public var prfEnabled: Bool?
    /// `prf.results.first`, when the authenticator evaluated the PRF at registration (32 bytes).
    public var prfFirst: [UInt8]?
    /// `prf.results.second`, when a second salt was given and evaluated.
    public var prfSecond: [UInt8]?
    /// `credProps.rk` (§10.1.3), when asked and known.
    public var residentKey: Bool?

    /// A result from the fields every registration has; set the extension outputs afterwards, when the platform gave
    /// them.
    public init(credentialID: [UInt8], clientDataJSON: [UInt8], attestationObject: [UInt8], attachment: String, transports: [String]) {
        self.credentialID = credentialID
        self.clientDataJSON = clientDataJSON
        self.attestationObject = attestationObject
        self.attachment = attachment
        self.transports = transports
    }

    /// The L3 JSON, with `authenticatorData`, `publicKey` and `publicKeyAlgorithm` decoded from the attestation object.
    public func json() throws(PasskeyError) -> JSONObject {
        var extensions = JSONObject()
        if let residentKey { extensions["credProps"] = .object(JSONObject(["rk": .bool(residentKey)])) }
        if let largeBlobSupported { extensions["largeBlob"] = .object(JSONObject(["supported": .bool(largeBlobSupported)])) }
        if let prfEnabled {
            var prf = JSONObject(["enabled": .bool(prfEnabled)])
            if let results = PRFResults.json(first: prfFirst, second: prfSecond) { prf["results"] = results }
            extensions["prf"] = .object(prf)
        }
        do {
            return try CredentialResponseJSON.registration(
                credentialID: credentialID, clientDataJSON: clientDataJSON, attestationObject: attestationObject,
                transports: transports, authenticatorAttachment: attachment, clientExtensionResults: extensions)
        } catch {
            throw PasskeyError(.failed(reason: "invalidResponse"), "the platform returned a credential that does not parse: \(error.message)")
        }
    }
}

/// What a platform API returned for an assertion, as raw bytes, and its L3 `AuthenticationResponseJSON`.
public struct PlatformAssertionResult: Sendable {
    /// The ID of the credential that signed.
    public var credentialID: [UInt8]
    /// Exactly the bytes the platform signed a hash of; never re-encoded.
    public var clientDataJSON: [UInt8]
    /// The authenticator data the signature covers.
    public var authenticatorData: [UInt8]
    /// The signature over `authenticatorData ‖ SHA-256(clientDataJSON)`.
    public var signature: [UInt8]
    /// The raw user handle, as stored at registration; encoded once, here.
    public var userID: [UInt8]?
    /// `platform`, or `cross-platform` for a security key or a phone over hybrid.
    public var attachment: String
    /// `largeBlob.blob` after a read (nil when the credential has none) and `largeBlob.written` after a write.
    public var largeBlobRead: [UInt8]?
    /// `largeBlob.written` after a write request: whether the blob was stored. Nil when no write was asked for.
    public var largeBlobWritten: Bool?
    /// `prf.results.first`, when the request asked for the PRF and the authenticator evaluated it (32 bytes).
    public var prfFirst: [UInt8]?
    /// `prf.results.second`, when a second salt was given and evaluated.
    public var prfSecond: [UInt8]?

    /// A result from the fields every assertion has; set the extension outputs afterwards, when the platform gave them.
    public init(credentialID: [UInt8], clientDataJSON: [UInt8], authenticatorData: [UInt8], signature: [UInt8], userID: [UInt8]?, attachment: String)
    {
        self.credentialID = credentialID
        self.clientDataJSON = clientDataJSON
        self.authenticatorData = authenticatorData
        self.signature = signature
        self.userID = userID
        self.attachment = attachment
    }

    /// The L3 `AuthenticationResponseJSON`, with the extension outputs that were set.
    public func json() -> JSONObject {
        var extensions = JSONObject()
        if let largeBlobRead { extensions["largeBlob"] = .object(JSONObject(["blob": .string(Base64URL.encode(largeBlobRead))])) }
        if let largeBlobWritten { extensions["largeBlob"] = .object(JSONObject(["written": .bool(largeBlobWritten)])) }
        if let results = PRFResults.json(first: prfFirst, second: prfSecond) { extensions["prf"] = .object(JSONObject(["results": results])) }
        return CredentialResponseJSON.authentication(
            credentialID: credentialID, clientDataJSON: clientDataJSON, authenticatorData: authenticatorData, signature: signature,
            userHandle: userID, authenticatorAttachment: attachment, clientExtensionResults: extensions)
    }
}

/// `AuthenticationExtensionsPRFValues` as output (L3 §10.1.4): `{first, second?}`.
enum PRFResults {
    static func json(first: [UInt8]?, second: [UInt8]?) -> JSONValue? {
        guard let first else { return nil }
        var values = JSONObject(["first": .string(Base64URL.encode(first))])
        if let second { values["second"] = .string(Base64URL.encode(second)) }
        return .object(values)
    }
}
