import PasskeyCore
import Testing

/// Challenges, user handles and session tokens come from `SecureRandom` (WebAuthn L3 §13.4.3: at least 16 random
/// bytes). Not a test of the generator's quality, which is the kernel's: a check that every byte asked for is drawn,
/// in one buffer, with no constant or repeated output.
@Suite("Secure random bytes")
struct SecureRandomTests {
    @Test("the length asked for; none for zero or less; 10,000 draws of 16 bytes all differ")
    func lengthsAndRepeats() {
        #expect(SecureRandom.bytes(0).isEmpty && SecureRandom.bytes(-3).isEmpty)
        for count in [1, 7, 8, 9, 32, 100, 4096] { #expect(SecureRandom.bytes(count).count == count) }
        var seen = Set<[UInt8]>()
        for _ in 0..<10_000 { seen.insert(SecureRandom.bytes(16)) }
        #expect(seen.count == 10_000)
    }

    @Test("every byte of a large draw is filled: each of the 256 values appears, and no run of 16 zero bytes (an unfilled tail)")
    func filled() {
        let bytes = SecureRandom.bytes(65_536)
        #expect(Set(bytes).count == 256)
        // 65,536 bytes hold 256 occurrences of each value on average; a tail left at zero would show as a long run.
        var run = 0, longest = 0
        for byte in bytes {
            run = byte == 0 ? run + 1 : 0
            longest = max(longest, run)
        }
        #expect(longest < 16, "a run of \(longest) zero bytes")
    }
}
