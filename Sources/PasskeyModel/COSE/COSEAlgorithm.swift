/// COSE algorithm identifiers (IANA "COSE Algorithms") that WebAuthn credentials and attestations use.
public enum COSEAlgorithm: Int64, Sendable, CaseIterable, CustomStringConvertible {
    case es256 = -7
    case es384 = -35
    case es512 = -36
    /// ECDSA P-256 / SHA-256, fully specified (RFC 9864).
    case esp256 = -9
    case esp384 = -51
    case esp512 = -52
    case edDSA = -8
    /// Ed25519, fully specified (RFC 9864).
    case ed25519 = -19
    case ps256 = -37
    case ps384 = -38
    case ps512 = -39
    case rs256 = -257
    case rs384 = -258
    case rs512 = -259
    /// RSASSA-PKCS1-v1_5 with SHA-1. Broken for general use; WebAuthn allows it only in TPM attestation statements.
    case rs1 = -65535

    /// What WebAuthn relying parties accept for credential keys by default: every algorithm here except RS1.
    public static let credentialDefaults: [COSEAlgorithm] = allCases.filter { $0 != .rs1 }

    public var name: String {
        switch self {
        case .es256: "ES256"
        case .es384: "ES384"
        case .es512: "ES512"
        case .esp256: "ESP256"
        case .esp384: "ESP384"
        case .esp512: "ESP512"
        case .edDSA: "EdDSA"
        case .ed25519: "Ed25519"
        case .ps256: "PS256"
        case .ps384: "PS384"
        case .ps512: "PS512"
        case .rs256: "RS256"
        case .rs384: "RS384"
        case .rs512: "RS512"
        case .rs1: "RS1"
        }
    }

    public var description: String { "\(name) (\(rawValue))" }

    /// The key family the algorithm needs.
    package var keyFamily: KeyFamily {
        switch self {
        case .es256, .esp256: .ec2(.p256)
        case .es384, .esp384: .ec2(.p384)
        case .es512, .esp512: .ec2(.p521)
        case .edDSA, .ed25519: .okp
        case .ps256, .ps384, .ps512, .rs256, .rs384, .rs512, .rs1: .rsa
        }
    }

    package enum KeyFamily: Equatable {
        case ec2(COSECurve)
        case okp
        case rsa
    }
}

/// COSE elliptic curves (IANA "COSE Elliptic Curves") for signing.
public enum COSECurve: Int64, Sendable, CustomStringConvertible {
    case p256 = 1
    case p384 = 2
    case p521 = 3
    case ed25519 = 6

    /// Length in bytes of one affine coordinate.
    package var coordinateLength: Int {
        switch self {
        case .p256: 32
        case .p384: 48
        case .p521: 66
        case .ed25519: 32
        }
    }

    public var description: String {
        switch self {
        case .p256: "P-256"
        case .p384: "P-384"
        case .p521: "P-521"
        case .ed25519: "Ed25519"
        }
    }
}
