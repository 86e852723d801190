import Crypto

/// TPM 2.0 algorithm identifiers used in attestation (TCG TPM 2.0 Library Part 2, §6.3 TPM_ALG_ID).
public enum TPMAlgorithm {
    static let rsa: UInt16 = 0x0001
    static let sha1: UInt16 = 0x0004
    static let sha256: UInt16 = 0x000B
    static let sha384: UInt16 = 0x000C
    static let sha512: UInt16 = 0x000D
    static let null: UInt16 = 0x0010
    static let ecdaa: UInt16 = 0x001A
    static let ecc: UInt16 = 0x0023

    static func name(_ id: UInt16) -> String {
        switch id {
        case rsa: "TPM_ALG_RSA"
        case sha1: "TPM_ALG_SHA1"
        case sha256: "TPM_ALG_SHA256"
        case sha384: "TPM_ALG_SHA384"
        case sha512: "TPM_ALG_SHA512"
        case null: "TPM_ALG_NULL"
        case ecc: "TPM_ALG_ECC"
        default: hex(id)
        }
    }

    /// A 16-bit TPM constant in hex, e.g. "0x8017".
    public static func hex(_ value: UInt16) -> String {
        "0x" + Hex.encode([UInt8(value >> 8), UInt8(value & 0xFF)])
    }

    /// Hashes with the TPM hash algorithm `id`, or nil for one that is not a hash this verifier knows.
    static func hash(_ id: UInt16, _ data: [UInt8]) -> [UInt8]? {
        switch id {
        case sha1: Array(Insecure.SHA1.hash(data: data))
        case sha256: Array(SHA256.hash(data: data))
        case sha384: Array(SHA384.hash(data: data))
        case sha512: Array(SHA512.hash(data: data))
        default: nil
        }
    }

    /// The TPM ECC curve identifiers (Part 2 §6.4 TPM_ECC_CURVE) WebAuthn keys use, as COSE curves.
    static func curve(_ id: UInt16) -> COSECurve? {
        switch id {
        case 0x0003: .p256
        case 0x0004: .p384
        case 0x0005: .p521
        default: nil
        }
    }
}

extension COSEAlgorithm {
    /// The hash a signature algorithm uses, as used to compute TPM `extraData` (WebAuthn L3 §8.3 step 5).
    func digest(_ data: [UInt8]) -> [UInt8]? {
        switch self {
        case .rs1: Array(Insecure.SHA1.hash(data: data))
        case .es256, .esp256, .rs256, .ps256: Array(SHA256.hash(data: data))
        case .es384, .esp384, .rs384, .ps384: Array(SHA384.hash(data: data))
        case .es512, .esp512, .rs512, .ps512: Array(SHA512.hash(data: data))
        // EdDSA and ML-DSA sign the message itself and name no hash for extraData: a TPM statement with them is refused.
        case .edDSA, .ed25519, .mlDSA65, .mlDSA87: nil
        }
    }
}
