import Crypto
import PasskeyModel
import Testing

@testable import PasskeyRelyingParty

/// `RecoveryCodeHasher` computes HMAC-SHA-256 from precomputed padded-key states instead of swift-crypto's
/// `HMAC`. Stored hashes must not change: every tag is checked against swift-crypto's HMAC, for keys shorter than,
/// equal to and longer than SHA-256's 64-byte block.
@Suite("Recovery code tags are HMAC-SHA-256")
struct RecoveryCodeTagTests {
    @Test("tags equal swift-crypto's HMAC-SHA-256 of the label and the code", arguments: [32, 63, 64, 65, 100])
    func tagsMatchHMAC(keyLength: Int) throws {
        let key = (0..<keyLength).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
        let hasher = try RecoveryCodeHasher(key: key)
        let issued = hasher.issue(count: 10)
        for (code, stored) in zip(issued.codes, issued.hashes) {
            let symbols = try #require(RecoveryCodes.normalizedSymbols(code))
            let expected = HMAC<SHA256>.authenticationCode(for: Array("recovery-code\u{0}".utf8) + symbols, using: SymmetricKey(data: key))
            #expect(stored == Base64URL.encode(Array(expected)))
            #expect(hasher.hash(code) == stored)
        }
        let none = HMAC<SHA256>.authenticationCode(for: Array("recovery-code\u{0}".utf8), using: SymmetricKey(data: key))
        #expect(hasher.lookupHash("not a code") == Base64URL.encode(Array(none)))
    }
}
