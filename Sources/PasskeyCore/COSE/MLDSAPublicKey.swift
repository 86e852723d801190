import Crypto
import Foundation

/// An ML-DSA-65 or ML-DSA-87 public key (FIPS 204), parsed by swift-crypto and ready to check signatures.
///
/// The key is kept as swift-crypto's own type behind `any Sendable` because on Apple platforms `Crypto` is
/// CryptoKit, whose ML-DSA types exist from the 2025 releases only, above this package's deployment targets, and a
/// stored property or enum payload cannot be of a type newer than its container. On older Apple systems the key
/// cannot be made, and ``CredentialPublicKey`` says so with `unsupportedAlgorithm`; on Linux it always can.
public struct MLDSAPublicKey: Sendable {
    /// `COSEAlgorithm.mlDSA65` or `COSEAlgorithm.mlDSA87`: the parameter set, which the COSE `alg` fixes.
    public let algorithm: COSEAlgorithm
    /// The FIPS 204 encoded public key, as the COSE key's `pub` carried it.
    public let rawRepresentation: [UInt8]
    private let parsed: any Sendable

    /// Parses a FIPS 204 public key of the parameter set `algorithm` names. Returns nil when this system's
    /// cryptography library has no ML-DSA; throws when it refuses the bytes.
    init?(algorithm: COSEAlgorithm, rawRepresentation bytes: [UInt8]) throws {
        guard #available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *) else { return nil }
        switch algorithm {
        case .mlDSA65: parsed = try MLDSA65.PublicKey(rawRepresentation: bytes)
        case .mlDSA87: parsed = try MLDSA87.PublicKey(rawRepresentation: bytes)
        default: return nil
        }
        self.algorithm = algorithm
        self.rawRepresentation = bytes
    }

    /// Checks a pure ML-DSA signature (FIPS 204 Algorithm 3, ML-DSA.Verify) with an empty context string over
    /// `message`, as RFC 9964 has COSE sign with ML-DSA: WebAuthn passes `authenticatorData ‖ clientDataHash`
    /// itself, not a prehash.
    func isValidSignature(_ signature: [UInt8], over message: [UInt8]) -> Bool {
        // A signature of the wrong length is refused before the library reads it (FIPS 204 Table 2 sizes).
        guard signature.count == algorithm.mlDSASizes?.signature else { return false }
        guard #available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *) else { return false }
        let emptyContext: [UInt8] = []
        switch parsed {
        case let key as MLDSA65.PublicKey: return key.isValidSignature(signature, for: message, context: emptyContext)
        case let key as MLDSA87.PublicKey: return key.isValidSignature(signature, for: message, context: emptyContext)
        default: return false
        }
    }
}
