/// Builds the L3 JSON of a credential (`RegistrationResponseJSON`, `AuthenticationResponseJSON`, WebAuthn L3 §5.1,
/// `toJSON()`) from the raw bytes an authenticator or a platform API returned: the inverse of
/// ``RegistrationResponse/init(json:strictness:)-(JSONObject,_)`` and
/// ``AuthenticationResponse/init(json:strictness:)-(JSONObject,_)``.
///
/// Every client of this project (the software authenticator, the iOS adapter, the web-view bridge) serializes
/// through here, so a user handle is encoded once from its raw bytes, never a string of a string, and
/// `clientDataJSON` is passed on byte for byte, whatever escaping the platform chose (iOS writes `\/`).
public enum CredentialResponseJSON {
    /// `RegistrationResponseJSON`. `authenticatorData`, `publicKey` and `publicKeyAlgorithm` are read from the
    /// attestation object (§5.2.1.1), since platform APIs such as iOS do not return them separately.
    ///
    /// - Throws: ``WebAuthnError`` when the attestation object or its credential public key does not parse (see
    ///   ``COSEKey`` for what is checked here): a platform that returns such bytes has failed, and a relying party
    ///   would refuse them anyway.
    public static func registration(
        credentialID: [UInt8], clientDataJSON: [UInt8], attestationObject: [UInt8], transports: [String],
        authenticatorAttachment: String?, clientExtensionResults: JSONObject = JSONObject()
    ) throws(WebAuthnError) -> JSONObject {
        let attestation = try AttestationObject(bytes: attestationObject)
        guard let attested = attestation.authenticatorData.attestedCredential else {
            throw WebAuthnError(.missingAttestedCredentialData, "attestationObject.authData: expected attested credential data (flag AT), found none")
        }
        guard attested.credentialID == credentialID else {
            throw WebAuthnError(
                .credentialIdMismatch,
                "the credential ID (\(Base64URL.encode(credentialID))) differs from the one in authenticatorData (\(Base64URL.encode(attested.credentialID)))"
            )
        }
        let publicKey = try attested.coseKey()
        let response = JSONObject([
            "clientDataJSON": .string(Base64URL.encode(clientDataJSON)),
            "attestationObject": .string(Base64URL.encode(attestationObject)),
            "authenticatorData": .string(Base64URL.encode(attestation.authenticatorData.rawBytes)),
            "transports": .array(transports.map(JSONValue.string)),
            "publicKey": .string(Base64URL.encode(publicKey.subjectPublicKeyInfo())),
            "publicKeyAlgorithm": JSONValue(publicKey.algorithm.rawValue),
        ])
        return credential(id: credentialID, response: response, attachment: authenticatorAttachment, extensions: clientExtensionResults)
    }

    /// `AuthenticationResponseJSON`. `userHandle` is the raw user ID (`user.id` at registration), or nil when the
    /// authenticator returned none; it is encoded here, once.
    public static func authentication(
        credentialID: [UInt8], clientDataJSON: [UInt8], authenticatorData: [UInt8], signature: [UInt8], userHandle: [UInt8]?,
        authenticatorAttachment: String?, clientExtensionResults: JSONObject = JSONObject()
    ) -> JSONObject {
        var response = JSONObject([
            "clientDataJSON": .string(Base64URL.encode(clientDataJSON)),
            "authenticatorData": .string(Base64URL.encode(authenticatorData)),
            "signature": .string(Base64URL.encode(signature)),
        ])
        // §5.2.2: userHandle is null when the authenticator returned none; an empty one means none as well.
        if let userHandle, !userHandle.isEmpty { response["userHandle"] = .string(Base64URL.encode(userHandle)) }
        return credential(id: credentialID, response: response, attachment: authenticatorAttachment, extensions: clientExtensionResults)
    }

    private static func credential(id: [UInt8], response: JSONObject, attachment: String?, extensions: JSONObject) -> JSONObject {
        let encodedID = Base64URL.encode(id)
        var object = JSONObject([
            "id": .string(encodedID), "rawId": .string(encodedID), "type": .string("public-key"), "response": .object(response),
        ])
        object["authenticatorAttachment"] = attachment.map(JSONValue.string) ?? .null
        object["clientExtensionResults"] = .object(extensions)
        return object
    }
}
