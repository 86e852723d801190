/// COSE algorithm identifiers (IANA "COSE Algorithms") that WebAuthn credentials and attestations use.
public enum COSEAlgorithm: Int64, Sendable, CaseIterable, CustomStringConvertible {
    /// ECDSA with SHA-256 (RFC 9053 §2.1), the one algorithm nearly every authenticator offers. The identifier does
    /// not fix a curve (RFC 9864 calls it polymorphic); like browsers and authenticators, this library pairs it with
    /// P-256 only.
    case es256 = -7
    /// ECDSA with SHA-384 (RFC 9053 §2.1); accepted with P-384 keys only.
    case es384 = -35
    /// ECDSA with SHA-512 (RFC 9053 §2.1); accepted with P-521 keys only.
    case es512 = -36
    /// ECDSA P-256 / SHA-256, fully specified (RFC 9864).
    case esp256 = -9
    /// ECDSA P-384 / SHA-384, fully specified (RFC 9864).
    case esp384 = -51
    /// ECDSA P-521 / SHA-512, fully specified (RFC 9864).
    case esp512 = -52
    /// EdDSA (RFC 9053 §2.2). Polymorphic like ``es256``; accepted with Ed25519 (OKP, crv 6) keys only, as
    /// authenticators use it.
    case edDSA = -8
    /// Ed25519, fully specified (RFC 9864).
    case ed25519 = -19
    /// RSASSA-PSS with SHA-256 and MGF1 with SHA-256 (RFC 8230 §2).
    case ps256 = -37
    /// RSASSA-PSS with SHA-384 and MGF1 with SHA-384 (RFC 8230 §2).
    case ps384 = -38
    /// RSASSA-PSS with SHA-512 and MGF1 with SHA-512 (RFC 8230 §2).
    case ps512 = -39
    /// RSASSA-PKCS1-v1_5 with SHA-256 (RFC 8812 §2): what Windows Hello TPM credentials use, which is why relying
    /// parties list it beside ES256.
    case rs256 = -257
    /// RSASSA-PKCS1-v1_5 with SHA-384 (RFC 8812 §2).
    case rs384 = -258
    /// RSASSA-PKCS1-v1_5 with SHA-512 (RFC 8812 §2).
    case rs512 = -259
    /// RSASSA-PKCS1-v1_5 with SHA-1. Broken for general use; WebAuthn allows it only in TPM attestation statements.
    case rs1 = -65535

    /// What WebAuthn relying parties accept for credential keys by default: every algorithm here except RS1.
    public static let credentialDefaults: [COSEAlgorithm] = allCases.filter { $0 != .rs1 }

    /// The JOSE/COSE name (`ES256`, `EdDSA`, `RS1`), as messages, `passkeys inspect` and metadata show the algorithm.
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

    /// The name and the identifier, such as `ES256 (-7)`, for messages.
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
    /// NIST P-256 (secp256r1), for ``COSEAlgorithm/es256`` and ``COSEAlgorithm/esp256``.
    case p256 = 1
    /// NIST P-384 (secp384r1), for ``COSEAlgorithm/es384`` and ``COSEAlgorithm/esp384``.
    case p384 = 2
    /// NIST P-521 (secp521r1), for ``COSEAlgorithm/es512`` and ``COSEAlgorithm/esp512``.
    case p521 = 3
    /// Ed25519 (RFC 8032), an OKP curve (kty 1) rather than EC2, for ``COSEAlgorithm/edDSA`` and
    /// ``COSEAlgorithm/ed25519``.
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

    /// The curve's usual name: `P-256`, `P-384`, `P-521`, `Ed25519`.
    public var description: String {
        switch self {
        case .p256: "P-256"
        case .p384: "P-384"
        case .p521: "P-521"
        case .ed25519: "Ed25519"
        }
    }
}
