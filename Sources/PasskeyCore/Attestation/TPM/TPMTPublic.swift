/// `TPMT_PUBLIC`: the `pubArea` of a `tpm` attestation statement, describing the credential key as the TPM holds it
/// (TCG TPM 2.0 Library Part 2 §12.2.4, WebAuthn L3 §8.3).
///
/// Only RSA and ECC objects are defined for WebAuthn; any other type is refused. Parsed strictly, no trailing bytes.
public struct TPMTPublic: Sendable {
    /// The key's type-specific parameters and public value (`parameters` and `unique` of `TPMT_PUBLIC`).
    public enum Parameters: Sendable {
        /// `TPMS_RSA_PARMS` and `unique` as `TPM2B_PUBLIC_KEY_RSA`. An exponent of 0 means the default 65537.
        case rsa(keyBits: UInt16, exponent: UInt32, modulus: [UInt8])
        /// `TPMS_ECC_PARMS` and `unique` as `TPMS_ECC_POINT`.
        case ecc(curveID: UInt16, x: [UInt8], y: [UInt8])
    }

    /// The object's algorithm: `TPM_ALG_RSA` (0x0001) or `TPM_ALG_ECC` (0x0023); see ``TPMAlgorithm``.
    public let type: UInt16
    /// The hash algorithm of the object's Name (SHA-1, SHA-256, SHA-384 or SHA-512): `certInfo` attests the Name
    /// `nameAlg ‖ H(pubArea)`, which is how it binds this key.
    public let nameAlg: UInt16
    /// `TPMA_OBJECT` bits (fixedTPM, sensitiveDataOrigin, sign, …), as the TPM reports them; not checked by WebAuthn.
    public let objectAttributes: UInt32
    /// The policy digest that authorizes use of the key; empty when none. Not checked by WebAuthn.
    public let authPolicy: [UInt8]
    /// The symmetric algorithm of a storage key; `TPM_ALG_NULL` (0x0010) for a signing key.
    public let symmetric: UInt16
    /// The signing scheme the key is restricted to, or `TPM_ALG_NULL` (0x0010) for any.
    public let scheme: UInt16
    /// The public key, which must equal the credential public key (§8.3).
    public let parameters: Parameters
    /// The exact bytes, which the TPM Name hashes.
    public let rawBytes: [UInt8]

    /// Parses `pubArea` bytes: an RSA or ECC object, nothing after it.
    ///
    /// - Throws: `WebAuthnError` (`invalidAttestationStatement`) naming the field that is missing or wrong.
    public init(bytes: [UInt8]) throws(WebAuthnError) {
        func fail(_ message: String) -> WebAuthnError { WebAuthnError(.invalidAttestationStatement, "attStmt (tpm).pubArea: \(message)") }
        var reader = ByteReader(bytes, fail: fail)
        type = try reader.uint16("type")
        nameAlg = try reader.uint16("nameAlg")
        objectAttributes = try reader.uint32("objectAttributes")
        authPolicy = try reader.sized16("authPolicy")

        // TPMT_SYM_DEF_OBJECT: keyBits and mode follow only a non-null algorithm.
        symmetric = try reader.uint16("parameters.symmetric.algorithm")
        if symmetric != TPMAlgorithm.null {
            _ = try reader.uint16("parameters.symmetric.keyBits")
            _ = try reader.uint16("parameters.symmetric.mode")
        }
        // TPMT_RSA_SCHEME / TPMT_ECC_SCHEME: a hash algorithm follows a non-null scheme (and ECDAA adds a count).
        scheme = try reader.uint16("parameters.scheme.scheme")
        if scheme != TPMAlgorithm.null {
            _ = try reader.uint16("parameters.scheme.details.hashAlg")
            if scheme == TPMAlgorithm.ecdaa { _ = try reader.uint16("parameters.scheme.details.count") }
        }

        switch type {
        case TPMAlgorithm.rsa:
            let keyBits = try reader.uint16("parameters.keyBits")
            let exponent = try reader.uint32("parameters.exponent")
            let modulus = try reader.sized16("unique.rsa")
            parameters = .rsa(keyBits: keyBits, exponent: exponent, modulus: modulus)
        case TPMAlgorithm.ecc:
            let curveID = try reader.uint16("parameters.curveID")
            // TPMT_KDF_SCHEME
            let kdf = try reader.uint16("parameters.kdf.scheme")
            if kdf != TPMAlgorithm.null { _ = try reader.uint16("parameters.kdf.details.hashAlg") }
            let x = try reader.sized16("unique.ecc.x")
            let y = try reader.sized16("unique.ecc.y")
            parameters = .ecc(curveID: curveID, x: x, y: y)
        default:
            throw fail("expected type TPM_ALG_RSA (0x0001) or TPM_ALG_ECC (0x0023), found \(TPMAlgorithm.name(type))")
        }
        try reader.requireEnd("pubArea")
        rawBytes = bytes
    }

    /// The TPM Name of this object: nameAlg ‖ H_nameAlg(pubArea) (Part 1 §16), or nil for an unknown nameAlg.
    public var name: [UInt8]? {
        guard let digest = TPMAlgorithm.hash(nameAlg, rawBytes) else { return nil }
        return [UInt8(nameAlg >> 8), UInt8(nameAlg & 0xFF)] + digest
    }
}
