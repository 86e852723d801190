import Crypto
import PasskeyModel
import Testing

@testable import PasskeyRelyingParty

@Suite("Bearer secrets: one way to make, store and check them")
struct OpaqueSecretTests {
    @Test("made secrets are 256 random bits in unpadded base64url, after the prefix")
    func make() throws {
        let secrets = (0..<64).map { _ in OpaqueSecret.make() }
        #expect(Set(secrets).count == secrets.count)
        for secret in secrets {
            #expect(secret.utf8.count == 43)
            #expect(try Base64URL.decode(secret).count == OpaqueSecret.randomByteCount)
        }
        let key = OpaqueSecret.make(prefix: "psk_")
        #expect(key.hasPrefix("psk_") && key.utf8.count == 47)
    }

    @Test("the stored form is lowercase hex SHA-256 of the UTF-8 bytes, as every row written so far holds")
    func digest() {
        // FIPS 180-2 appendix B.1: SHA-256("abc").
        #expect(OpaqueSecret.digest("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(OpaqueSecret.digest("é") == Hex.encode(SHA256.hash(data: [0xC3, 0xA9])))
    }

    @Test("a secret matches its digest only: another secret, a prefix of the digest, a longer one or another case do not")
    func matches() {
        let secret = OpaqueSecret.make()
        let stored = OpaqueSecret.digest(secret)
        #expect(OpaqueSecret.matches(secret, digest: stored))
        #expect(!OpaqueSecret.matches(secret + "x", digest: stored))
        #expect(!OpaqueSecret.matches(secret, digest: String(stored.dropLast())))
        #expect(!OpaqueSecret.matches(secret, digest: stored + "0"))
        #expect(!OpaqueSecret.matches(secret, digest: stored.uppercased()))
        #expect(!OpaqueSecret.matches(secret, digest: ""))
        #expect(OpaqueSecret.equalInConstantTime([], []))
        #expect(!OpaqueSecret.equalInConstantTime([1], []) && !OpaqueSecret.equalInConstantTime([], [1]))
        #expect(!OpaqueSecret.equalInConstantTime([1, 2], [1, 3]) && OpaqueSecret.equalInConstantTime([1, 2], [1, 2]))
    }
}
