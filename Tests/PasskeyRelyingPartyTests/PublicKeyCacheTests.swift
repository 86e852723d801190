import Crypto
import PasskeyCore
import Testing

@testable import PasskeyRelyingParty

/// Parsed public keys are cached per key bytes, bounded, and never stand for another key.
@Suite("Parsed public key cache")
struct PublicKeyCacheTests {
    static func coseKey() -> [UInt8] {
        let key = P256.Signing.PrivateKey().publicKey.x963Representation
        return CBOREncoder.encode(
            .map([
                CBORPair(.int(1), .int(2)), CBORPair(.int(3), .int(-7)), CBORPair(.int(-1), .int(1)),
                CBORPair(.int(-2), .bytes(Array(key[1..<33]))), CBORPair(.int(-3), .bytes(Array(key[33..<65]))),
            ]))
    }

    @Test("a key is parsed once and found again; different bytes are different keys")
    func hits() throws {
        let cache = PublicKeyCache(generation: 4)
        let first = Self.coseKey()
        let second = Self.coseKey()
        let parsed = try cache.key(for: first)
        #expect(try cache.key(for: first).coseBytes == parsed.coseBytes)
        #expect(try cache.key(for: second).coseBytes == second)
        #expect(cache.count == 2)
    }

    @Test("the cache never holds more than two generations, and keeps the keys in use")
    func bounded() throws {
        let cache = PublicKeyCache(generation: 4)
        let hot = Self.coseKey()
        for _ in 0..<40 {
            _ = try cache.key(for: Self.coseKey())
            _ = try cache.key(for: hot)
            #expect(cache.count <= 8)
        }
        #expect(try cache.key(for: hot).coseBytes == hot)
    }

    @Test("bytes that are not a key throw every time and are not cached")
    func invalid() {
        let cache = PublicKeyCache(generation: 4)
        for _ in 0..<2 { #expect(throws: WebAuthnError.self) { _ = try cache.key(for: [0xA0]) } }
        #expect(cache.count == 0)
    }
}
