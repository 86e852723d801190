import Foundation
import PasskeyCore
import Testing

@testable import PasskeyRelyingParty

/// Names of printable ASCII skip Foundation's normalization and trimming. The shortcut must accept,
/// refuse and trim exactly as the general path does.
@Suite("Name normalization")
struct NameNormalizationTests {
    static let samples = [
        "ada", "  ada  ", "ada lovelace", " ", "   ", "", "a", "~!@#$%^&*()_+{}|:\"<>?`-=[]\\;',./",
        "ada\t", "\tada", "ada\n", "ada\u{7F}", "ada\u{0}", "café", "cafe\u{301}", " cafe\u{301} ", "ada\u{200B}",
        "\u{A0}ada\u{A0}", "ada\r\n", "\u{2028}ada",
    ]

    @Test("The ASCII shortcut gives what NFC and whitespace trimming give, or declines")
    func shortcutMatchesGeneralPath() {
        for sample in Self.samples {
            let general = sample.precomposedStringWithCanonicalMapping.trimmingCharacters(in: .whitespacesAndNewlines)
            guard let shortcut = RequestMembers.printableASCII(trimming: sample) else {
                #expect(sample.utf8.contains { $0 < 0x20 || $0 >= 0x7F }, "declined printable ASCII \(sample.debugDescription)")
                continue
            }
            #expect(shortcut == general, "\(sample.debugDescription)")
            #expect(shortcut.utf8.elementsEqual(general.utf8))
        }
    }

    @Test("Both paths accept and refuse the same names")
    func namesThroughBothPaths() throws {
        #expect(try RequestMembers.name(JSONObject(["n": .string("  ada  ")]), "n", required: true) == "ada")
        #expect(try RequestMembers.name(JSONObject(["n": .string(" cafe\u{301} ")]), "n", required: true) == "café")
        for refused in ["   ", "", "ada\u{7F}", "a\u{0}b", "a\u{200B}da", String(repeating: "a", count: RequestMembers.maximumNameLength + 1)] {
            #expect(throws: RelyingPartyError.self, "\(refused.debugDescription)") {
                try RequestMembers.name(JSONObject(["n": .string(refused)]), "n", required: true)
            }
        }
        #expect(
            try RequestMembers.name(JSONObject(["n": .string(String(repeating: "a", count: RequestMembers.maximumNameLength))]), "n", required: true)?
                .count == RequestMembers.maximumNameLength)
    }
}
