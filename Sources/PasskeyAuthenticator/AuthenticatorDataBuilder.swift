import Crypto
public import PasskeyCore

/// Serializes authenticator data (WebAuthn L3 §6.1) from its parts.
public enum AuthenticatorDataBuilder {
    /// Authenticator data for `rpID`: SHA-256 of the RP ID, `flags` (with AT and ED added when their parts are given),
    /// the counter big-endian, then the attested credential data and the extensions map in canonical CBOR.
    public static func build(
        rpID: String, flags: AuthenticatorFlags, signCount: UInt32,
        attestedCredential: (aaguid: AAGUID, credentialID: [UInt8], coseKey: [UInt8])? = nil,
        extensions: CBORValue? = nil
    ) -> [UInt8] {
        var flags = flags
        if attestedCredential != nil { flags.insert(.attestedCredentialData) }
        if extensions != nil { flags.insert(.extensionData) }
        var out = Array(SHA256.hash(data: Array(rpID.utf8)))
        out.append(flags.rawValue)
        out += [
            UInt8(signCount >> 24), UInt8(truncatingIfNeeded: signCount >> 16), UInt8(truncatingIfNeeded: signCount >> 8),
            UInt8(truncatingIfNeeded: signCount),
        ]
        if let credential = attestedCredential {
            out += credential.aaguid.bytes
            out += [UInt8(credential.credentialID.count >> 8), UInt8(truncatingIfNeeded: credential.credentialID.count)]
            out += credential.credentialID
            out += credential.coseKey
        }
        if let extensions { out += CBOREncoder.encode(extensions) }
        return out
    }
}
