extension COSEKey {
    /// The key as DER SubjectPublicKeyInfo (RFC 5280 §4.1.2.7): the value of L3's `getPublicKey()` (§5.2.1.1), which
    /// relying parties that cannot read COSE use.
    ///
    /// Written here, from the checked COSE parameters, rather than by an X.509 library, so that a client writing
    /// `RegistrationResponseJSON` needs none. The encodings are the ones RFC 5480 (EC: id-ecPublicKey, the named
    /// curve, the uncompressed point), RFC 8410 (Ed25519: the OID alone, the raw key), RFC 8017/3279 (RSA:
    /// rsaEncryption with NULL parameters, RSAPublicKey) and RFC 9881 (ML-DSA: the parameter set's OID with absent
    /// parameters, the FIPS 204 public key as the BIT STRING) fix; `PasskeyCoreTests` checks them against
    /// swift-certificates, and ML-DSA's against the published encoding.
    public func subjectPublicKeyInfo() -> [UInt8] {
        let algorithmIdentifier: [UInt8]
        let key: [UInt8]
        switch parameters {
        case .ec2(let curve, let x, let y):
            algorithmIdentifier = DER.sequence(DER.idECPublicKey + DER.namedCurve(curve))
            key = [0x04] + x + y
        case .ed25519(let x):
            algorithmIdentifier = DER.sequence(DER.idEd25519)
            key = x
        case .rsa(let modulus, let exponent):
            algorithmIdentifier = DER.sequence(DER.rsaEncryption + DER.null)
            key = DER.sequence(DER.unsignedInteger(modulus) + DER.unsignedInteger(exponent))
        case .mlDSA(let publicKey):
            algorithmIdentifier = DER.sequence(DER.mlDSA(algorithm))
            key = publicKey
        }
        // The BIT STRING's first byte counts the unused bits of its last byte: none, keys are whole bytes.
        return DER.sequence(algorithmIdentifier + DER.element(tag: 0x03, [0x00] + key))
    }
}

/// The few DER encodings a SubjectPublicKeyInfo needs (X.690 §8, §10), and the object identifiers it names.
private enum DER {
    /// 1.2.840.10045.2.1 (RFC 5480 §2.1.1).
    static let idECPublicKey: [UInt8] = [0x06, 0x07, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x02, 0x01]
    /// 1.3.101.112 (RFC 8410 §3).
    static let idEd25519: [UInt8] = [0x06, 0x03, 0x2B, 0x65, 0x70]
    /// 1.2.840.113549.1.1.1 (RFC 8017 appendix C).
    static let rsaEncryption: [UInt8] = [0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x01]
    static let null: [UInt8] = [0x05, 0x00]

    /// id-ml-dsa-65 2.16.840.1.101.3.4.3.18 and id-ml-dsa-87 2.16.840.1.101.3.4.3.19 (NIST's CSOR arc, RFC 9881 §2).
    static func mlDSA(_ algorithm: COSEAlgorithm) -> [UInt8] {
        let prefix: [UInt8] = [0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x03]
        switch algorithm {
        case .mlDSA65: return prefix + [0x12]
        case .mlDSA87: return prefix + [0x13]
        // COSEKey pairs an AKP key with these two only; an empty OID would make the structure visibly wrong.
        default: return []
        }
    }

    /// secp256r1 1.2.840.10045.3.1.7, secp384r1 1.3.132.0.34, secp521r1 1.3.132.0.35 (RFC 5480 §2.1.1.1).
    static func namedCurve(_ curve: COSECurve) -> [UInt8] {
        switch curve {
        case .p256: [0x06, 0x08, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x03, 0x01, 0x07]
        case .p384: [0x06, 0x05, 0x2B, 0x81, 0x04, 0x00, 0x22]
        case .p521: [0x06, 0x05, 0x2B, 0x81, 0x04, 0x00, 0x23]
        // COSEKey never pairs Ed25519 with EC2; an empty parameter would make the structure visibly wrong.
        case .ed25519: []
        }
    }

    static func sequence(_ contents: [UInt8]) -> [UInt8] { element(tag: 0x30, contents) }

    /// An INTEGER holding a non-negative big-endian number: no leading zero bytes, and one zero byte in front when
    /// the top bit is set, so it does not read as negative (X.690 §8.3).
    static func unsignedInteger(_ bytes: [UInt8]) -> [UInt8] {
        var minimal = Array(bytes.drop(while: { $0 == 0 }))
        if minimal.isEmpty || minimal[0] & 0x80 != 0 { minimal.insert(0x00, at: 0) }
        return element(tag: 0x02, minimal)
    }

    /// Tag, definite length in its shortest form (X.690 §10.1), contents.
    static func element(tag: UInt8, _ contents: [UInt8]) -> [UInt8] {
        var length: [UInt8] = []
        if contents.count < 0x80 {
            length = [UInt8(contents.count)]
        } else {
            var remaining = contents.count
            while remaining > 0 {
                length.insert(UInt8(remaining & 0xFF), at: 0)
                remaining >>= 8
            }
            length.insert(0x80 | UInt8(length.count), at: 0)
        }
        return [tag] + length + contents
    }
}
