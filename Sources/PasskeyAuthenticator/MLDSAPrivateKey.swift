import Crypto
import Foundation
import PasskeyCore

/// An ML-DSA-65 or ML-DSA-87 private key (FIPS 204), kept as its 32-byte seed and swift-crypto's expanded key.
///
/// Held behind `any Sendable` for the reason PasskeyCore's `MLDSAPublicKey` gives: on Apple platforms the type is
/// CryptoKit's and newer than this package's deployment targets.
public struct MLDSAPrivateKey: Sendable {
    /// `COSEAlgorithm.mlDSA65` or `COSEAlgorithm.mlDSA87`.
    public let algorithm: COSEAlgorithm
    private let key: any Sendable

    /// Generates a key for `algorithm`, or reads one from its seed (FIPS 204 ML-DSA.KeyGen_internal).
    init(algorithm: COSEAlgorithm, seed: [UInt8]? = nil) throws(AuthenticatorError) {
        guard #available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *) else {
            throw AuthenticatorError(
                .unsupportedAlgorithm, "\(algorithm) needs the ML-DSA of swift-crypto or CryptoKit, which this system does not have")
        }
        do {
            switch (algorithm, seed) {
            case (.mlDSA65, nil): key = try MLDSA65.PrivateKey()
            case (.mlDSA65, let seed?): key = try MLDSA65.PrivateKey(seedRepresentation: seed, publicKey: nil)
            case (.mlDSA87, nil): key = try MLDSA87.PrivateKey()
            case (.mlDSA87, let seed?): key = try MLDSA87.PrivateKey(seedRepresentation: seed, publicKey: nil)
            default: throw AuthenticatorError(.unsupportedAlgorithm, "\(algorithm) is not an ML-DSA algorithm")
            }
        } catch let error as AuthenticatorError {
            throw error
        } catch {
            throw AuthenticatorError(seed == nil ? .keyGenerationFailed : .invalidRequest, "could not make an \(algorithm.name) key: \(error)")
        }
        self.algorithm = algorithm
    }

    /// The 32-byte seed ξ the key expands from: what a credential store keeps.
    var seed: [UInt8] {
        guard #available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *) else { return [] }
        switch key {
        case let key as MLDSA65.PrivateKey: return Array(key.seedRepresentation)
        case let key as MLDSA87.PrivateKey: return Array(key.seedRepresentation)
        default: return []
        }
    }

    /// The FIPS 204 encoded public key: the COSE key's `pub`.
    var publicKey: [UInt8] {
        guard #available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *) else { return [] }
        switch key {
        case let key as MLDSA65.PrivateKey: return Array(key.publicKey.rawRepresentation)
        case let key as MLDSA87.PrivateKey: return Array(key.publicKey.rawRepresentation)
        default: return []
        }
    }

    /// Signs `message` with pure ML-DSA and an empty context (RFC 9964), as a verifier checks it.
    func sign(_ message: [UInt8]) throws -> [UInt8] {
        guard #available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *) else {
            throw AuthenticatorError(.unsupportedAlgorithm, "\(algorithm) needs the ML-DSA of swift-crypto or CryptoKit")
        }
        let emptyContext: [UInt8] = []
        switch key {
        case let key as MLDSA65.PrivateKey: return Array(try key.signature(for: message, context: emptyContext))
        case let key as MLDSA87.PrivateKey: return Array(try key.signature(for: message, context: emptyContext))
        default: throw AuthenticatorError(.signingFailed, "the \(algorithm.name) key is not an ML-DSA key")
        }
    }
}
