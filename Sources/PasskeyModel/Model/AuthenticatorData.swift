/// Authenticator data (WebAuthn L3 §6.1), parsed strictly.
///
/// Layout: rpIdHash (32) ‖ flags (1) ‖ signCount (4, big-endian) ‖ attestedCredentialData (if AT) ‖
/// extensions (CBOR map, if ED). Parsing consumes every byte: the flags say exactly what follows, and anything
/// left over is an error rather than something to ignore.
public struct AuthenticatorData: Sendable {
    /// SHA-256 of the RP ID the credential is scoped to (32 bytes); the verifier compares it with the expected RP ID's
    /// hash (§7.1 step 14, §7.2 step 15).
    public let rpIDHash: [UInt8]
    /// The flags byte: user presence and verification, backup eligibility and state, and which optional parts follow.
    public let flags: AuthenticatorFlags
    /// The signature counter (§6.1.1): 0 when the authenticator keeps none (most passkeys), otherwise increasing with
    /// each assertion, so a relying party can notice a cloned authenticator.
    public let signCount: UInt32
    /// The new credential's ID and public key (present iff AT is set): in registration responses, not in assertions.
    public let attestedCredential: AttestedCredentialData?
    /// The authenticator extension outputs (present iff ED is set).
    public let extensions: CBORValue?
    /// The bytes this was parsed from, over which assertion and attestation signatures are computed.
    public let rawBytes: [UInt8]

    /// UP: the user was present (touched, clicked, approved) for this operation.
    public var userPresent: Bool { flags.contains(.userPresent) }
    /// UV: the authenticator verified the user (biometric, PIN, passcode) for this operation.
    public var userVerified: Bool { flags.contains(.userVerified) }
    /// BE: the credential may be backed up or synced (a multi-device passkey). Fixed when the credential is created
    /// (§6.1.3).
    public var backupEligible: Bool { flags.contains(.backupEligible) }
    /// BS: the credential is backed up now, so losing this device does not lose it (§6.1.3). Can change over time.
    public var backupState: Bool { flags.contains(.backupState) }

    /// The length of the fixed header: rpIdHash, flags and signCount.
    public static let minimumLength = 37
    /// WebAuthn L3 §7.1 step 25 bounds credential IDs; parsing enforces it so nothing larger is ever held.
    public static let maximumCredentialIDLength = 1023

    /// Parses authenticator data strictly: the fixed 37-byte header, attested credential data when AT is set (with a
    /// credential ID of at most 1023 bytes), an extensions map when ED is set, and nothing after.
    ///
    /// `field` names the data in error messages (`attestationObject.authData`).
    public init(bytes: [UInt8], field: String = "authenticatorData") throws(WebAuthnError) {
        guard bytes.count >= Self.minimumLength else {
            throw .malformed("\(field): expected at least \(Self.minimumLength) bytes (rpIdHash, flags, signCount), found \(bytes.count)")
        }
        rawBytes = bytes
        rpIDHash = Array(bytes[0..<32])
        flags = AuthenticatorFlags(rawValue: bytes[32])
        signCount = UInt32(bytes[33]) << 24 | UInt32(bytes[34]) << 16 | UInt32(bytes[35]) << 8 | UInt32(bytes[36])
        var index = Self.minimumLength

        if flags.contains(.attestedCredentialData) {
            // §6.5.1: aaguid (16) ‖ credentialIdLength (2, big-endian) ‖ credentialId ‖ credentialPublicKey (COSE_Key).
            guard bytes.count - index >= 18 else {
                throw .malformed(
                    "\(field): the AT flag is set, so expected an AAGUID and credential ID length (18 bytes), found \(bytes.count - index) bytes")
            }
            let aaguid = AAGUID(unchecked: Array(bytes[index..<index + 16]))
            let idLength = Int(bytes[index + 16]) << 8 | Int(bytes[index + 17])
            index += 18
            guard idLength <= Self.maximumCredentialIDLength else {
                throw WebAuthnError(
                    .credentialIdTooLong,
                    "\(field): expected a credential ID of at most \(Self.maximumCredentialIDLength) bytes, found a declared length of \(idLength)")
            }
            guard bytes.count - index >= idLength else {
                throw .malformed("\(field): expected a \(idLength)-byte credential ID, found \(bytes.count - index) bytes")
            }
            let credentialID = Array(bytes[index..<index + idLength])
            index += idLength
            guard index < bytes.count else {
                throw .malformed("\(field): expected a credential public key after the credential ID, found the end of the data")
            }
            let (coseValue, end) = try CBORDecoder.decodePrefix(bytes, from: index, what: "\(field).credentialPublicKey")
            let coseBytes = Array(bytes[index..<end])
            index = end
            attestedCredential = AttestedCredentialData(
                aaguid: aaguid, credentialID: credentialID, publicKeyBytes: coseBytes, publicKeyValue: coseValue)
        } else {
            attestedCredential = nil
        }

        if flags.contains(.extensionData) {
            guard index < bytes.count else {
                throw .malformed("\(field): the ED flag is set, so expected an extensions map, found the end of the data")
            }
            let (value, end) = try CBORDecoder.decodePrefix(bytes, from: index, what: "\(field).extensions")
            guard case .map = value else {
                throw .malformed("\(field): expected the extensions to be a CBOR map, found \(value.typeName)")
            }
            extensions = value
            index = end
        } else {
            extensions = nil
        }

        guard index == bytes.count else {
            throw .malformed(
                "\(field): expected \(index) bytes given flags \(flags.rawValue == 0 ? "(none)" : flags.description), found \(bytes.count - index) trailing bytes"
            )
        }
    }
}

/// Attested credential data (WebAuthn L3 §6.5.1).
public struct AttestedCredentialData: Sendable {
    /// The authenticator model's AAGUID: the key into FIDO metadata, all zeroes when the model is not disclosed.
    public let aaguid: AAGUID
    /// The credential ID the authenticator chose: at most 1023 bytes, and what the relying party stores and later sends
    /// in `allowCredentials`.
    public let credentialID: [UInt8]
    /// The COSE_Key bytes exactly as they appear in authenticator data.
    public let publicKeyBytes: [UInt8]
    /// The decoded COSE_Key, kept so the key is read without decoding its bytes again.
    package let publicKeyValue: CBORValue

    /// Reads and checks the credential public key's COSE form. (`PasskeyCore` adds `publicKey()`, which also makes
    /// a key that verifies signatures of it.)
    public func coseKey() throws(WebAuthnError) -> COSEKey {
        try COSEKey(cose: publicKeyValue, bytes: publicKeyBytes, field: Self.publicKeyField)
    }

    /// How errors name the key.
    package static let publicKeyField = "authenticatorData.credentialPublicKey"
}
