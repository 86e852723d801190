import Crypto
import _CryptoExtras

/// A credential public key in COSE_Key form (RFC 9052 §7, WebAuthn L3 §6.5.1.1), checked and ready to verify.
///
/// `COSEKey` (PasskeyModel) reads the map and checks its shape: `alg` agrees with `kty` and `crv`, exact
/// coordinate lengths, RSA moduli of at least 2048 bits, ML-DSA keys of their parameter set's length, no private
/// parameters. This adds what needs a cryptography library: EC points must lie on their curve, ML-DSA keys must
/// parse, and the key becomes a ``SignatureKey``.
public struct CredentialPublicKey: Sendable {
    /// The algorithm the key is bound to by its `alg` parameter.
    public let algorithm: COSEAlgorithm
    /// The key, ready to check signatures.
    public let key: SignatureKey
    /// The checked COSE form the key was made from.
    public let cose: COSEKey
    /// The COSE_Key bytes exactly as received: what a relying party stores.
    public var coseBytes: [UInt8] { cose.coseBytes }
    /// The decoded COSE_Key map, for display.
    public var coseMap: [CBORPair] { cose.coseMap }

    /// COSE_Key parameter labels, as the attestation formats that compare single parameters (TPM) name them.
    typealias Label = COSEKey.Label

    /// Parses COSE_Key bytes that must be exactly one CBOR map.
    public init(coseBytes: [UInt8], field: String = "credentialPublicKey") throws(WebAuthnError) {
        try self.init(try COSEKey(coseBytes: coseBytes, field: field), field: field)
    }

    /// Makes the verifying key of a checked COSE key. The shape checks are done; what can still fail is a point
    /// that is not on its curve, or key bytes the cryptography library refuses.
    public init(_ cose: COSEKey, field: String = "credentialPublicKey") throws(WebAuthnError) {
        func invalid(_ message: String) -> WebAuthnError { WebAuthnError(.invalidPublicKey, "\(field): \(message)") }
        let key: SignatureKey
        switch cose.parameters {
        case .ec2(let curve, let x, let y):
            let point = [0x04] + x + y
            do {
                switch curve {
                case .p256: key = .p256(try P256.Signing.PublicKey(x963Representation: point))
                case .p384: key = .p384(try P384.Signing.PublicKey(x963Representation: point))
                case .p521: key = .p521(try P521.Signing.PublicKey(x963Representation: point))
                case .ed25519: throw invalid("expected an EC2 curve, found Ed25519")
                }
            } catch {
                throw invalid("expected a point on \(curve), found coordinates that are not on the curve")
            }
        case .ed25519(let x):
            do {
                key = .ed25519(try Curve25519.Signing.PublicKey(rawRepresentation: x))
            } catch {
                throw invalid("expected a valid Ed25519 public key")
            }
        case .rsa(let modulus, let exponent):
            do {
                key = .rsa(try _RSA.Signing.PublicKey(n: modulus, e: exponent))
            } catch {
                throw invalid("expected a valid RSA public key")
            }
        case .mlDSA(let publicKey):
            let parsed: MLDSAPublicKey?
            do {
                parsed = try MLDSAPublicKey(algorithm: cose.algorithm, rawRepresentation: publicKey)
            } catch {
                throw invalid("expected a valid \(cose.algorithm.name) public key (FIPS 204), found bytes the cryptography library refuses")
            }
            guard let parsed else {
                throw WebAuthnError(
                    .unsupportedAlgorithm,
                    "\(field): \(cose.algorithm) needs the ML-DSA of swift-crypto or CryptoKit, which this system does not have")
            }
            key = .mlDSA(parsed)
        }
        self.algorithm = cose.algorithm
        self.key = key
        self.cose = cose
    }

    /// Checks a signature over `message` with this key under its own algorithm.
    public func isValidSignature(_ signature: [UInt8], over message: [UInt8]) -> Bool {
        key.isValidSignature(signature, over: message, algorithm: algorithm)
    }
}

extension AttestedCredentialData {
    /// Parses and checks the credential public key, ready to verify signatures.
    public func publicKey() throws(WebAuthnError) -> CredentialPublicKey {
        try CredentialPublicKey(try coseKey(), field: Self.publicKeyField)
    }
}
