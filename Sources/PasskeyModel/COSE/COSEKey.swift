/// A credential public key in COSE_Key form (RFC 9052 §7, WebAuthn L3 §6.5.1.1), parsed and checked for shape.
///
/// This is the whole COSE_Key reading, with no cryptography library behind it, so an app's client can write a
/// credential's `publicKey` (``subjectPublicKeyInfo()``) without linking a verifier: the `alg` must agree with
/// `kty` and `crv`, EC coordinates must have the curve's exact length (uncompressed), RSA moduli must be 2048 to
/// 16384 bits with a small odd exponent, an ML-DSA (AKP) key is exactly its parameter set's length with no other
/// label, and a key that carries private parameters is refused. Whether an EC point lies on its curve is for the
/// verifier to find out, when `PasskeyCore`'s `CredentialPublicKey` makes a key of it.
public struct COSEKey: Sendable {
    /// The key material, by key type.
    public enum Parameters: Sendable, Equatable {
        /// An EC2 key (kty 2): the affine coordinates, each exactly the curve's coordinate length.
        case ec2(curve: COSECurve, x: [UInt8], y: [UInt8])
        /// An OKP key (kty 1) on Ed25519: the 32-byte public key.
        case ed25519(x: [UInt8])
        /// An RSA key (kty 3): modulus and public exponent as big-endian unsigned bytes, as the key carried them.
        case rsa(modulus: [UInt8], exponent: [UInt8])
        /// An AKP key (kty 7, RFC 9964) for ML-DSA: the FIPS 204 encoded public key, exactly the length of the
        /// parameter set the key's ``COSEKey/algorithm`` names (1,952 bytes for ML-DSA-65, 2,592 for ML-DSA-87).
        case mlDSA(publicKey: [UInt8])
    }

    /// The algorithm the key is bound to by its `alg` parameter.
    public let algorithm: COSEAlgorithm
    /// The public key itself, checked for the shape its key type requires.
    public let parameters: Parameters
    /// The COSE_Key bytes exactly as received: what a relying party stores.
    public let coseBytes: [UInt8]
    /// The decoded COSE_Key map, for display and for formats that compare single parameters (TPM).
    public let coseMap: [CBORPair]

    // COSE key common parameters (RFC 9052 §7.1) and type parameters (RFC 9053 §7).
    package enum Label {
        package static let kty: Int64 = 1
        package static let alg: Int64 = 3
        package static let crv: Int64 = -1
        package static let x: Int64 = -2
        package static let y: Int64 = -3
        package static let ecPrivate: Int64 = -4
        package static let rsaN: Int64 = -1
        package static let rsaE: Int64 = -2
        package static let rsaPrivate: ClosedRange<Int64> = -12 ... -3
        /// AKP `pub` and `priv` (RFC 9964: the COSE Key Type Parameters of kty 7).
        package static let akpPublic: Int64 = -1
        package static let akpPrivate: Int64 = -2
    }

    enum KeyType: Int64 {
        case okp = 1
        case ec2 = 2
        case rsa = 3
        case akp = 7
    }

    /// Parses COSE_Key bytes that must be exactly one CBOR map.
    public init(coseBytes: [UInt8], field: String = "credentialPublicKey") throws(WebAuthnError) {
        let value = try CBORDecoder.decode(coseBytes, what: field)
        try self.init(cose: value, bytes: coseBytes, field: field)
    }

    /// Reads an already decoded COSE_Key map and the bytes it was decoded from.
    package init(cose value: CBORValue, bytes: [UInt8], field: String) throws(WebAuthnError) {
        guard case .map(let map) = value else {
            throw WebAuthnError(.invalidPublicKey, "\(field): expected a COSE_Key map, found \(value.typeName)")
        }
        func invalid(_ message: String) -> WebAuthnError { WebAuthnError(.invalidPublicKey, "\(field): \(message)") }

        guard let ktyValue = map[intKey: Label.kty] else { throw invalid("expected a kty (1) parameter, found none") }
        guard let ktyInt = ktyValue.intValue, let kty = KeyType(rawValue: ktyInt) else {
            throw WebAuthnError(
                .unsupportedAlgorithm,
                "\(field): expected kty 1 (OKP), 2 (EC2), 3 (RSA) or 7 (AKP), found \(ktyValue.intValue.map(String.init) ?? ktyValue.typeName)")
        }
        guard let algValue = map[intKey: Label.alg] else { throw invalid("expected an alg (3) parameter, found none") }
        guard let algInt = algValue.intValue else { throw invalid("expected alg to be an integer, found \(algValue.typeName)") }
        guard let algorithm = COSEAlgorithm(rawValue: algInt) else {
            if let reason = COSEAlgorithm.refusalReason(algInt) { throw WebAuthnError(.unsupportedAlgorithm, "\(field): \(reason)") }
            throw WebAuthnError(.unsupportedAlgorithm, "\(field): expected a supported COSE algorithm, found \(algInt)")
        }

        func bytesParam(_ label: Int64, _ name: String) throws(WebAuthnError) -> [UInt8] {
            guard let v = map[intKey: label] else { throw invalid("expected parameter \(name) (\(label)), found none") }
            guard case .bytes(let b) = v else { throw invalid("expected parameter \(name) (\(label)) to be a byte string, found \(v.typeName)") }
            return b
        }
        func shownCurve() -> String { map[intKey: Label.crv].map { $0.intValue.map(String.init) ?? $0.typeName } ?? "none" }

        switch kty {
        case .ec2:
            guard map[intKey: Label.ecPrivate] == nil else { throw invalid("expected a public key, found the private parameter d (-4)") }
            guard let crvValue = map[intKey: Label.crv]?.intValue, let curve = COSECurve(rawValue: crvValue), curve != .ed25519 else {
                throw WebAuthnError(.unsupportedAlgorithm, "\(field): expected EC2 crv 1 (P-256), 2 (P-384) or 3 (P-521), found \(shownCurve())")
            }
            guard algorithm.keyFamily == .ec2(curve) else {
                throw invalid("expected alg to match curve \(curve), found \(algorithm)")
            }
            let x = try bytesParam(Label.x, "x")
            if case .bool = map[intKey: Label.y] { throw invalid("expected an uncompressed point (y as a byte string), found a compressed point") }
            let y = try bytesParam(Label.y, "y")
            let n = curve.coordinateLength
            guard x.count == n, y.count == n else {
                throw invalid("expected \(n)-byte x and y coordinates for \(curve), found \(x.count) and \(y.count) bytes")
            }
            parameters = .ec2(curve: curve, x: x, y: y)
        case .okp:
            guard map[intKey: Label.ecPrivate] == nil else { throw invalid("expected a public key, found the private parameter d (-4)") }
            guard let crvValue = map[intKey: Label.crv]?.intValue, crvValue == COSECurve.ed25519.rawValue else {
                throw WebAuthnError(.unsupportedAlgorithm, "\(field): expected OKP crv 6 (Ed25519), found \(shownCurve())")
            }
            guard algorithm.keyFamily == .okp else {
                throw invalid("expected alg EdDSA (-8) or Ed25519 (-19) for an Ed25519 key, found \(algorithm)")
            }
            let x = try bytesParam(Label.x, "x")
            guard x.count == 32 else { throw invalid("expected a 32-byte Ed25519 public key, found \(x.count) bytes") }
            parameters = .ed25519(x: x)
        case .rsa:
            for pair in map {
                if let label = pair.key.intValue, Label.rsaPrivate.contains(label) {
                    throw invalid("expected a public key, found the private parameter \(label)")
                }
            }
            guard algorithm.keyFamily == .rsa else { throw invalid("expected an RSA algorithm for an RSA key, found \(algorithm)") }
            let modulus = try bytesParam(Label.rsaN, "n")
            let exponent = try bytesParam(Label.rsaE, "e")
            let significant = modulus.drop(while: { $0 == 0 })
            let bits = significant.first.map { significant.count * 8 - $0.leadingZeroBitCount } ?? 0
            guard bits >= 2048 else { throw invalid("expected an RSA modulus of at least 2048 bits, found \(bits) bits") }
            guard bits <= 16384 else {
                throw WebAuthnError(.inputTooLarge, "\(field): expected an RSA modulus of at most 16384 bits, found \(bits) bits")
            }
            guard let lastExponentByte = exponent.last, exponent.count <= 8, lastExponentByte & 1 == 1 else {
                throw invalid("expected a small odd RSA public exponent, found \(exponent.count) bytes")
            }
            parameters = .rsa(modulus: modulus, exponent: exponent)
        case .akp:
            parameters = try Self.mlDSAParameters(map, algorithm: algorithm, field: field)
        }
        self.algorithm = algorithm
        self.coseBytes = bytes
        self.coseMap = map
    }
}

extension COSEKey {
    /// Reads an AKP key (RFC 9964) for ML-DSA. The key type has no curve: `alg` alone fixes the parameter set,
    /// so it must name one this package verifies, and the key must hold exactly `kty`, `alg` and `pub` of exactly
    /// that set's FIPS 204 length. Anything else (a private `priv`, a `kid`, an unassigned label) is refused rather
    /// than ignored, so one stored key has one reading.
    fileprivate static func mlDSAParameters(_ map: [CBORPair], algorithm: COSEAlgorithm, field: String) throws(WebAuthnError) -> Parameters {
        func invalid(_ message: String) -> WebAuthnError { WebAuthnError(.invalidPublicKey, "\(field): \(message)") }
        guard algorithm.keyFamily == .akp, let sizes = algorithm.mlDSASizes else {
            throw invalid("expected alg ML-DSA-65 (-49) or ML-DSA-87 (-50) for an AKP (kty 7) key, found \(algorithm)")
        }
        for pair in map {
            guard let label = pair.key.intValue else {
                throw invalid("expected only the labels kty (1), alg (3) and pub (-1) in an AKP key, found \(pair.key.typeName) label")
            }
            switch label {
            case Label.kty, Label.alg, Label.akpPublic: continue
            case Label.akpPrivate: throw invalid("expected a public key, found the private parameter priv (-2)")
            default: throw invalid("expected only the labels kty (1), alg (3) and pub (-1) in an AKP key, found label \(label)")
            }
        }
        guard let value = map[intKey: Label.akpPublic] else { throw invalid("expected parameter pub (-1), found none") }
        guard case .bytes(let publicKey) = value else { throw invalid("expected parameter pub (-1) to be a byte string, found \(value.typeName)") }
        guard publicKey.count == sizes.publicKey else {
            throw invalid("expected a \(sizes.publicKey)-byte \(algorithm.name) public key (FIPS 204), found \(publicKey.count) bytes")
        }
        return .mlDSA(publicKey: publicKey)
    }
}
