public import Crypto
public import PasskeyCore
public import _CryptoExtras

/// A credential's private key, able to sign WebAuthn data and to describe its public half as a COSE_Key.
public enum CredentialPrivateKey: Sendable {
    /// An ECDSA P-256 key, for ES256.
    case p256(P256.Signing.PrivateKey)
    /// An Ed25519 key, for EdDSA.
    case ed25519(Curve25519.Signing.PrivateKey)
    /// An RSA key (2048 bits when generated) and the algorithm it signs with, RS256 or PS256: the padding is the
    /// algorithm's, so it is kept with the key.
    case rsa(_RSA.Signing.PrivateKey, COSEAlgorithm)
    /// An ML-DSA-65 or ML-DSA-87 key (FIPS 204), whose COSE key is AKP (kty 7, RFC 9964).
    case mlDSA(MLDSAPrivateKey)

    /// Generates a fresh key for `algorithm` (ES256, EdDSA, RS256, PS256, ML-DSA-65 or ML-DSA-87).
    public static func generate(_ algorithm: COSEAlgorithm) throws(AuthenticatorError) -> CredentialPrivateKey {
        switch algorithm {
        // Not compact-representable: COSE keys carry both coordinates, and requiring a compact point redraws about
        // every other key (with BoringSSL's FIPS check each time), which was a tenth of `passkeys load`'s CPU per
        // registration.
        case .es256: return .p256(P256.Signing.PrivateKey(compactRepresentable: false))
        case .edDSA: return .ed25519(Curve25519.Signing.PrivateKey())
        case .rs256, .ps256:
            do {
                return .rsa(try _RSA.Signing.PrivateKey(keySize: .bits2048), algorithm)
            } catch {
                throw AuthenticatorError(.keyGenerationFailed, "could not generate an RSA-2048 key: \(error)")
            }
        case .mlDSA65, .mlDSA87: return .mlDSA(try MLDSAPrivateKey(algorithm: algorithm))
        default:
            throw AuthenticatorError(
                .unsupportedAlgorithm, "this authenticator creates ES256, EdDSA, RS256, PS256, ML-DSA-65 and ML-DSA-87 credentials, not \(algorithm)")
        }
    }

    /// The private key bytes: raw scalars for P-256 and Ed25519, PKCS#1 DER for RSA, the 32-byte seed for ML-DSA.
    public func serialized() throws(AuthenticatorError) -> [UInt8] {
        switch self {
        case .p256(let key): return Array(key.rawRepresentation)
        case .ed25519(let key): return Array(key.rawRepresentation)
        case .rsa(let key, _): return Array(key.derRepresentation)
        case .mlDSA(let key): return key.seed
        }
    }

    /// Reads the form ``serialized()`` writes.
    public init(serialized bytes: [UInt8], algorithm: COSEAlgorithm) throws(AuthenticatorError) {
        do {
            switch algorithm {
            case .es256: self = .p256(try P256.Signing.PrivateKey(rawRepresentation: bytes))
            case .edDSA: self = .ed25519(try Curve25519.Signing.PrivateKey(rawRepresentation: bytes))
            case .rs256, .ps256: self = .rsa(try _RSA.Signing.PrivateKey(derRepresentation: bytes), algorithm)
            case .mlDSA65, .mlDSA87: self = .mlDSA(try MLDSAPrivateKey(algorithm: algorithm, seed: bytes))
            default: throw AuthenticatorError(.unsupportedAlgorithm, "stored credential: \(algorithm) keys are not supported")
            }
        } catch let error as AuthenticatorError {
            throw error
        } catch {
            throw AuthenticatorError(.invalidRequest, "stored credential: the private key does not parse (\(error))")
        }
    }

    /// The COSE algorithm the key signs with and its COSE_Key declares (`alg`).
    public var algorithm: COSEAlgorithm {
        switch self {
        case .p256: .es256
        case .ed25519: .edDSA
        case .rsa(_, let alg): alg
        case .mlDSA(let key): key.algorithm
        }
    }

    /// Signs `message` as WebAuthn expects for the key's algorithm: DER ECDSA, raw EdDSA, PKCS#1 v1.5, PSS, or
    /// pure ML-DSA with an empty context.
    public func sign(_ message: [UInt8]) throws(AuthenticatorError) -> [UInt8] {
        do {
            switch self {
            case .p256(let key): return Array(try key.signature(for: message).derRepresentation)
            case .ed25519(let key): return Array(try key.signature(for: message))
            case .rsa(let key, let alg):
                let padding: _RSA.Signing.Padding = alg == .ps256 ? .PSS : .insecurePKCS1v1_5
                return Array(try key.signature(for: SHA256.hash(data: message), padding: padding).rawRepresentation)
            case .mlDSA(let key): return try key.sign(message)
            }
        } catch {
            throw AuthenticatorError(.signingFailed, "signing failed: \(error)")
        }
    }

    /// The public key as a COSE_Key (RFC 9052 §7), in CTAP2 canonical CBOR.
    public func coseKey() throws(AuthenticatorError) -> [UInt8] {
        let map: [CBORPair]
        switch self {
        case .p256(let key):
            let point = Array(key.publicKey.x963Representation)
            map = [
                CBORPair(.int(1), .int(2)), CBORPair(.int(3), .int(-7)), CBORPair(.int(-1), .int(1)),
                CBORPair(.int(-2), .bytes(Array(point[1..<33]))), CBORPair(.int(-3), .bytes(Array(point[33..<65]))),
            ]
        case .ed25519(let key):
            map = [
                CBORPair(.int(1), .int(1)), CBORPair(.int(3), .int(-8)), CBORPair(.int(-1), .int(6)),
                CBORPair(.int(-2), .bytes(Array(key.publicKey.rawRepresentation))),
            ]
        case .rsa(let key, let alg):
            let primitives: _RSA.Signing.PublicKey.Primitives
            do { primitives = try key.publicKey.getKeyPrimitives() } catch {
                throw AuthenticatorError(.keyGenerationFailed, "could not read the RSA public key: \(error)")
            }
            map = [
                CBORPair(.int(1), .int(3)), CBORPair(.int(3), .int(alg.rawValue)),
                CBORPair(.int(-1), .bytes(Array(primitives.modulus))), CBORPair(.int(-2), .bytes(Array(primitives.publicExponent))),
            ]
        case .mlDSA(let key):
            // RFC 9964: an AKP key is kty 7, its alg, and the public key as pub (-1).
            map = [CBORPair(.int(1), .int(7)), CBORPair(.int(3), .int(key.algorithm.rawValue)), CBORPair(.int(-1), .bytes(key.publicKey))]
        }
        return CBOREncoder.encode(.map(map))
    }
}
