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
    /// ML-DSA-65 (FIPS 204, security category 3), pure mode with an empty context, on an AKP key (RFC 9964).
    case mlDSA65 = -49
    /// ML-DSA-87 (FIPS 204, security category 5), pure mode with an empty context, on an AKP key (RFC 9964).
    case mlDSA87 = -50

    /// What WebAuthn relying parties accept for credential keys by default: every algorithm here except RS1.
    public static let credentialDefaults: [COSEAlgorithm] = allCases.filter { $0 != .rs1 }

    /// The identifier of ML-DSA-44 (RFC 9964), which this package refuses on purpose: swift-crypto, the one
    /// vetted implementation it builds on, has ML-DSA-65 and ML-DSA-87 only, and the project writes no
    /// post-quantum arithmetic of its own.
    public static let mlDSA44Identifier: Int64 = -48

    /// Why a COSE identifier this package does not implement is refused, when there is more to say than "unknown":
    /// for ML-DSA-44 (-48), that no vetted implementation is available to it. Nil for any other identifier.
    public static func refusalReason(_ identifier: Int64) -> String? {
        guard identifier == mlDSA44Identifier else { return nil }
        return
            "ML-DSA-44 (-48) is not supported: swift-crypto, the vetted implementation this package verifies with, provides ML-DSA-65 (-49) and ML-DSA-87 (-50) only, and the package does no post-quantum arithmetic of its own"
    }

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
        case .mlDSA65: "ML-DSA-65"
        case .mlDSA87: "ML-DSA-87"
        }
    }

    /// Reads an algorithm as an operator writes it on a command line or in an environment variable: its name in any
    /// case (`ES256`, `ml-dsa-65`) or its COSE number (`-49`). A name or number this package does not implement is
    /// refused with `unsupportedAlgorithm`, saying why for ML-DSA-44 and listing the names otherwise.
    public static func parse(_ text: String, field: String) throws(WebAuthnError) -> COSEAlgorithm {
        // No Foundation here (the app SDK links this module): spaces trimmed and case folded by hand.
        let trimmed = String(text.drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed()).lowercased()
        if let number = Int64(trimmed) {
            if let algorithm = COSEAlgorithm(rawValue: number) { return algorithm }
            if let reason = refusalReason(number) { throw WebAuthnError(.unsupportedAlgorithm, "\(field): \(reason)") }
        } else {
            if let algorithm = allCases.first(where: { $0.name.lowercased() == trimmed }) { return algorithm }
            if trimmed == "ml-dsa-44", let reason = refusalReason(mlDSA44Identifier) {
                throw WebAuthnError(.unsupportedAlgorithm, "\(field): \(reason)")
            }
        }
        throw WebAuthnError(
            .unsupportedAlgorithm, "\(field): expected one of \(allCases.map(\.name).joined(separator: ", ")) or its COSE number, found '\(text)'")
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
        case .mlDSA65, .mlDSA87: .akp
        }
    }

    package enum KeyFamily: Equatable {
        case ec2(COSECurve)
        case okp
        case rsa
        /// An Algorithm Key Pair (RFC 9964 kty 7): the algorithm alone fixes the key's form.
        case akp
    }

    /// For ML-DSA, the FIPS 204 sizes of the parameter set (FIPS 204 Table 2): public key and signature in bytes.
    public var mlDSASizes: (publicKey: Int, signature: Int)? {
        switch self {
        case .mlDSA65: (1952, 3309)
        case .mlDSA87: (2592, 4627)
        default: nil
        }
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
