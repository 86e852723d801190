import Foundation
import Testing

@testable import PasskeyRelyingParty

/// Printable ASCII names take a path without Foundation to their confusability key. It must be the same
/// key the Unicode path gives, or a look-alike of an existing name could slip past the taken-name check.
@Suite("Confusability key: the ASCII path gives the Unicode path's key")
struct ConfusabilityKeyTests {
    static let printable: [UInt8] = Array(0x20...0x7E)

    /// Characters with a prototype of their own in confusables.txt or folding to one, and a few without: the second
    /// character of every pair. All 95 × 95 pairs, each through Foundation, kept a core busy for ten seconds while the
    /// rest of the suite ran, and timing tests beside it paid for that.
    static let partners: [UInt8] = Array("0125lI|!mnrwWvVcdoO'\"`-_.,:; a".utf8)

    @Test("every printable ASCII character, and every pair of one with a look-alike-prone character")
    func singlesAndPairs() {
        var compared = 0
        for first in Self.printable {
            let single = String(decoding: [first], as: UTF8.self)
            #expect(ConfusabilityKey.asciiKey(single) ?? ConfusabilityKey.unicodeKey(single) == ConfusabilityKey.unicodeKey(single), "\(single)")
            for second in Self.partners {
                let pair = String(decoding: [first, second], as: UTF8.self)
                let fast = ConfusabilityKey.asciiKey(pair)
                #expect(fast == nil || fast == ConfusabilityKey.unicodeKey(pair), "'\(pair)': \(fast ?? "")")
                compared += fast == nil ? 0 : 1
            }
        }
        // Most pairs take the short path; were it never taken, this test would compare nothing.
        #expect(compared > 2000)
    }

    @Test("names people type, look-alikes among them, and random printable ASCII")
    func longerNames() {
        var names = [
            "alice", "AIice", "Alice", "ALICE", "al1ce", "a1ice", "rnallory", "mallory", "coe", "c0e", "COE", "bob.smith",
            "bob_smith", "bob-smith", "O'Brien", "0brien", "jane doe", "JANE  DOE", "user@example.com", "x|y", "a\"b",
        ]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<400 {
            let length = Int.random(in: 1...24, using: &generator)
            names.append(String(decoding: (0..<length).map { _ in Self.printable.randomElement(using: &generator) ?? 0x61 }, as: UTF8.self))
        }
        for name in names {
            guard let fast = ConfusabilityKey.asciiKey(name) else { continue }
            #expect(fast == ConfusabilityKey.unicodeKey(name), "'\(name)'")
        }
        #expect(ConfusabilityKey("AIice") == ConfusabilityKey("alice"))
        #expect(ConfusabilityKey("rnallory") == ConfusabilityKey("mallory"))
    }

    @Test("names outside printable ASCII take the Unicode path")
    func nonASCII() {
        for name in ["zoë", "сое", "co\u{034F}e", "tab\there", "ａｌｉｃｅ"] {
            #expect(ConfusabilityKey.asciiKey(name) == nil, "\(name)")
        }
    }
}
