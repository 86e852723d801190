import Crypto
import PasskeyCore
import SwiftASN1
import Testing
import X509
import _CryptoExtras

/// `COSEKey.subjectPublicKeyInfo()` writes DER by hand so the app SDK links no X.509 library; these tests hold it to
/// what swift-certificates writes for the same key, for every key type WebAuthn uses.
@Suite("SubjectPublicKeyInfo from COSE keys")
struct SubjectPublicKeyInfoTests {
    func cose(_ pairs: [(Int64, CBORValue)]) -> [UInt8] {
        CBOREncoder.encode(.map(pairs.map { CBORPair(.int($0.0), $0.1) }))
    }

    /// EC2 COSE_Key bytes from an uncompressed point (0x04 ‖ x ‖ y).
    func ec2(alg: Int64, crv: Int64, point: some Collection<UInt8>) -> [UInt8] {
        let point = Array(point)
        let half = (point.count - 1) / 2
        return cose([(1, .int(2)), (3, .int(alg)), (-1, .int(crv)), (-2, .bytes(Array(point[1...half]))), (-3, .bytes(Array(point[(half + 1)...])))])
    }

    func x509(_ key: Certificate.PublicKey) throws -> [UInt8] {
        var serializer = DER.Serializer()
        try serializer.serialize(key)
        return serializer.serializedBytes
    }

    @Test("EC keys on P-256, P-384 and P-521 match swift-certificates")
    func ecKeys() throws {
        let p256 = P256.Signing.PrivateKey().publicKey
        #expect(
            try COSEKey(coseBytes: ec2(alg: -7, crv: 1, point: p256.x963Representation)).subjectPublicKeyInfo() == x509(Certificate.PublicKey(p256)))
        let p384 = P384.Signing.PrivateKey().publicKey
        #expect(
            try COSEKey(coseBytes: ec2(alg: -35, crv: 2, point: p384.x963Representation)).subjectPublicKeyInfo() == x509(Certificate.PublicKey(p384)))
        let p521 = P521.Signing.PrivateKey().publicKey
        #expect(
            try COSEKey(coseBytes: ec2(alg: -36, crv: 3, point: p521.x963Representation)).subjectPublicKeyInfo() == x509(Certificate.PublicKey(p521)))
    }

    @Test("Ed25519 keys match swift-certificates")
    func ed25519Key() throws {
        let key = Curve25519.Signing.PrivateKey().publicKey
        let bytes = cose([(1, .int(1)), (3, .int(-8)), (-1, .int(6)), (-2, .bytes(Array(key.rawRepresentation)))])
        #expect(try COSEKey(coseBytes: bytes).subjectPublicKeyInfo() == x509(Certificate.PublicKey(key)))
    }

    @Test("RSA keys match swift-certificates, whether or not the COSE modulus carries a leading zero byte", arguments: [2048, 3072])
    func rsaKey(bits: Int) throws {
        let key = try _RSA.Signing.PrivateKey(keySize: .init(bitCount: bits)).publicKey
        let primitives = try key.getKeyPrimitives()
        let expected = try x509(Certificate.PublicKey(key))
        for modulus in [Array(primitives.modulus), [0] + Array(primitives.modulus)] {
            let bytes = cose([(1, .int(3)), (3, .int(-257)), (-1, .bytes(modulus)), (-2, .bytes(Array(primitives.publicExponent)))])
            #expect(try COSEKey(coseBytes: bytes).subjectPublicKeyInfo() == expected)
        }
    }

    @Test("a point off its curve has the COSE shape, and only the verifier's key refuses it")
    func offCurvePoint() async throws {
        var point = Array(P256.Signing.PrivateKey().publicKey.x963Representation)
        point[64] ^= 1
        let bytes = ec2(alg: -7, crv: 1, point: point)
        _ = try COSEKey(coseBytes: bytes)
        await expectFailure(.invalidPublicKey) { try CredentialPublicKey(coseBytes: bytes) }
    }
}
