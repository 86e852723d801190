public import Crypto
public import Foundation
public import _CryptoExtras

/// A public key that checks signatures, whether it came from a COSE key or an X.509 certificate.
///
/// This is the one place where the project turns "algorithm + key + signature + message" into a yes or no, so the
/// rules for each algorithm (DER-encoded ECDSA, PKCS#1 v1.5 or PSS padding, the hash) live here only.
public enum SignatureKey: Sendable {
    /// An ECDSA key on P-256, for ES256 and ESP256.
    case p256(P256.Signing.PublicKey)
    /// An ECDSA key on P-384, for ES384 and ESP384.
    case p384(P384.Signing.PublicKey)
    /// An ECDSA key on P-521, for ES512 and ESP512.
    case p521(P521.Signing.PublicKey)
    /// An Ed25519 key, for EdDSA and Ed25519.
    case ed25519(Curve25519.Signing.PublicKey)
    /// An RSA key (2048 bits or more), for the PKCS#1 v1.5 (RS…) and PSS (PS…) algorithms alike: the algorithm, not the
    /// key, chooses the padding.
    case rsa(_RSA.Signing.PublicKey)
    /// An ML-DSA-65 or ML-DSA-87 key (FIPS 204), for the one algorithm its parameter set names.
    case mlDSA(MLDSAPublicKey)

    /// Whether this key can be used with `algorithm` at all.
    public func supports(_ algorithm: COSEAlgorithm) -> Bool {
        switch (self, algorithm.keyFamily) {
        case (.p256, .ec2(.p256)), (.p384, .ec2(.p384)), (.p521, .ec2(.p521)), (.ed25519, .okp), (.rsa, .rsa): true
        // An AKP key is bound to its parameter set: an ML-DSA-65 key never checks an ML-DSA-87 signature.
        case (.mlDSA(let key), .akp): key.algorithm == algorithm
        default: false
        }
    }

    /// A short description such as "an EC P-256 key", for error messages.
    public var kindDescription: String {
        switch self {
        case .p256: "an EC P-256 key"
        case .p384: "an EC P-384 key"
        case .p521: "an EC P-521 key"
        case .ed25519: "an Ed25519 key"
        case .rsa(let key): "an RSA-\(key.keySizeInBits) key"
        case .mlDSA(let key): "an \(key.algorithm.name) key"
        }
    }

    /// Whether both are the same public key: how attestation formats bind a certificate to the credential
    /// (WebAuthn L3 §8.4 step 3, §8.8 step 5) and TPM's pubArea to it (§8.3 step 2).
    public func isSameKey(as other: SignatureKey) -> Bool {
        switch (self, other) {
        case (.p256(let a), .p256(let b)): a.x963Representation == b.x963Representation
        case (.p384(let a), .p384(let b)): a.x963Representation == b.x963Representation
        case (.p521(let a), .p521(let b)): a.x963Representation == b.x963Representation
        case (.ed25519(let a), .ed25519(let b)): a.rawRepresentation == b.rawRepresentation
        case (.rsa(let a), .rsa(let b)): a.derRepresentation == b.derRepresentation
        case (.mlDSA(let a), .mlDSA(let b)): a.algorithm == b.algorithm && a.rawRepresentation == b.rawRepresentation
        default: false
        }
    }

    /// Checks a WebAuthn signature: ECDSA signatures are ASN.1 DER (WebAuthn L3 §6.5.5), RSA, EdDSA and ML-DSA are
    /// raw.
    ///
    /// Returns false, never throws, for a signature that does not parse: to the caller both are "invalid signature".
    public func isValidSignature(_ signature: [UInt8], over message: [UInt8], algorithm: COSEAlgorithm) -> Bool {
        isValidSignature(signature, overBytes: message, algorithm: algorithm)
    }

    /// ``isValidSignature(_:over:algorithm:)`` over bytes where they lie (a slice of a larger buffer, such as a
    /// compact JWS's `header.payload`), so a large signed input is not copied to be checked.
    public func isValidSignature(_ signature: [UInt8], overBytes message: some DataProtocol, algorithm: COSEAlgorithm) -> Bool {
        switch (self, algorithm) {
        case (.p256(let key), .es256), (.p256(let key), .esp256):
            guard let sig = try? P256.Signing.ECDSASignature(derRepresentation: signature) else { return false }
            return key.isValidSignature(sig, for: message)
        case (.p384(let key), .es384), (.p384(let key), .esp384):
            guard let sig = try? P384.Signing.ECDSASignature(derRepresentation: signature) else { return false }
            return key.isValidSignature(sig, for: message)
        case (.p521(let key), .es512), (.p521(let key), .esp512):
            guard let sig = try? P521.Signing.ECDSASignature(derRepresentation: signature) else { return false }
            return key.isValidSignature(sig, for: message)
        case (.ed25519(let key), .edDSA), (.ed25519(let key), .ed25519):
            return key.isValidSignature(signature, for: message)
        case (.rsa(let key), _):
            let sig = _RSA.Signing.RSASignature(rawRepresentation: signature)
            switch algorithm {
            case .rs256: return key.isValidSignature(sig, for: SHA256.hash(data: message), padding: .insecurePKCS1v1_5)
            case .rs384: return key.isValidSignature(sig, for: SHA384.hash(data: message), padding: .insecurePKCS1v1_5)
            case .rs512: return key.isValidSignature(sig, for: SHA512.hash(data: message), padding: .insecurePKCS1v1_5)
            case .rs1: return key.isValidSignature(sig, for: Insecure.SHA1.hash(data: message), padding: .insecurePKCS1v1_5)
            case .ps256: return key.isValidSignature(sig, for: SHA256.hash(data: message), padding: .PSS)
            case .ps384: return key.isValidSignature(sig, for: SHA384.hash(data: message), padding: .PSS)
            case .ps512: return key.isValidSignature(sig, for: SHA512.hash(data: message), padding: .PSS)
            default: return false
            }
        case (.mlDSA(let key), _):
            return key.algorithm == algorithm && key.isValidSignature(signature, over: Array(message))
        default:
            return false
        }
    }
}
