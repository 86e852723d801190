/// The writing systems a username's letters come from, and the rule that keeps look-alike names apart: a new
/// username uses one script, or one of the combinations a language writes with (Unicode UTS #39 §5.2, "Highly
/// Restrictive"): Latin with Han and Hiragana/Katakana (Japanese), with Han and Hangul (Korean), or with Han and
/// Bopomofo (Chinese).
///
/// `аda`, with a Cyrillic `а`, is refused at sign-up; `ада` and `ada` are each fine (and ``UsernameKey`` still makes a
/// wholly Cyrillic name that reads like a Latin one the same name). Digits, punctuation and symbols belong to no
/// script (Common) and combining marks take their letter's (Inherited), so `ada.2`, `josé` and `李小龍` pass.
///
/// Scripts are told apart by the Unicode blocks their letters are encoded in, which match the Script property for
/// letters of the scripts listed here; a letter outside them counts as one further script, so it passes alone and
/// is refused beside a listed one. Foundation exposes no Script property on Linux, and the blocks are stable.
public enum UsernameScripts {
    package enum Script: Hashable, Sendable {
        case latin, greek, cyrillic, armenian, georgian, hebrew, arabic, syriac, thaana, devanagari, bengali, gurmukhi
        case gujarati, oriya, tamil, telugu, kannada, malayalam, sinhala, thai, lao, tibetan, myanmar, ethiopic
        case cherokee, khmer, mongolian, hangul, hiragana, katakana, bopomofo, han, other
    }

    /// The scripts of `name`'s letters (general category L*); marks, digits, punctuation and symbols have none here.
    package static func scripts(of name: String) -> Set<Script> {
        var found: Set<Script> = []
        for scalar in name.unicodeScalars where isLetter(scalar) {
            found.insert(script(of: scalar.value))
        }
        return found
    }

    /// Whether `name` uses one script, or Latin, Han and the scripts that write the same language with them.
    public static func isSingleScript(_ name: String) -> Bool {
        let found = scripts(of: name)
        if found.count <= 1 { return true }
        return allowedMixtures.contains { found.isSubset(of: $0) }
    }

    /// UTS #39 §5.2's mixtures for Highly Restrictive identifiers.
    private static let allowedMixtures: [Set<Script>] = [
        [.latin, .han, .hiragana, .katakana],
        [.latin, .han, .hangul],
        [.latin, .han, .bopomofo],
    ]

    private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter: true
        default: false
        }
    }

    /// The script of a letter, by the block it is encoded in (The Unicode Standard, Blocks.txt).
    package static func script(of value: UInt32) -> Script {
        for (range, script) in blocks where range.contains(value) { return script }
        return .other
    }

    private static let blocks: [(ClosedRange<UInt32>, Script)] = [
        (0x0041...0x024F, .latin), // Basic Latin letters, Latin-1 Supplement, Latin Extended-A and -B
        (0x0250...0x02AF, .latin), // IPA Extensions
        (0x1D00...0x1DBF, .latin), // Phonetic Extensions (mostly Latin letters)
        (0x1E00...0x1EFF, .latin), // Latin Extended Additional
        (0x2C60...0x2C7F, .latin), // Latin Extended-C
        (0xA720...0xA7FF, .latin), // Latin Extended-D
        (0xAB30...0xAB6F, .latin), // Latin Extended-E
        (0xFF21...0xFF5A, .latin), // Fullwidth Latin letters
        (0x0370...0x03FF, .greek), // Greek and Coptic
        (0x1F00...0x1FFF, .greek), // Greek Extended
        (0x0400...0x052F, .cyrillic), // Cyrillic and Cyrillic Supplement
        (0x1C80...0x1C8F, .cyrillic), // Cyrillic Extended-C
        (0x2DE0...0x2DFF, .cyrillic), // Cyrillic Extended-A
        (0xA640...0xA69F, .cyrillic), // Cyrillic Extended-B
        (0x0530...0x058F, .armenian),
        (0x10A0...0x10FF, .georgian), (0x1C90...0x1CBF, .georgian), (0x2D00...0x2D2F, .georgian),
        (0x0590...0x05FF, .hebrew), (0xFB1D...0xFB4F, .hebrew),
        (0x0600...0x06FF, .arabic), (0x0750...0x077F, .arabic), (0x08A0...0x08FF, .arabic),
        (0xFB50...0xFDFF, .arabic), (0xFE70...0xFEFF, .arabic),
        (0x0700...0x074F, .syriac), (0x0780...0x07BF, .thaana),
        (0x0900...0x097F, .devanagari), (0x0980...0x09FF, .bengali), (0x0A00...0x0A7F, .gurmukhi),
        (0x0A80...0x0AFF, .gujarati), (0x0B00...0x0B7F, .oriya), (0x0B80...0x0BFF, .tamil), (0x0C00...0x0C7F, .telugu),
        (0x0C80...0x0CFF, .kannada), (0x0D00...0x0D7F, .malayalam), (0x0D80...0x0DFF, .sinhala),
        (0x0E00...0x0E7F, .thai), (0x0E80...0x0EFF, .lao), (0x0F00...0x0FFF, .tibetan), (0x1000...0x109F, .myanmar),
        (0x1200...0x139F, .ethiopic), (0x2D80...0x2DDF, .ethiopic), (0x13A0...0x13FF, .cherokee), (0xAB70...0xABBF, .cherokee),
        (0x1780...0x17FF, .khmer), (0x1800...0x18AF, .mongolian),
        (0x1100...0x11FF, .hangul), (0x3130...0x318F, .hangul), (0xA960...0xA97F, .hangul), (0xAC00...0xD7FF, .hangul),
        (0xFFA0...0xFFDC, .hangul), // Halfwidth Hangul
        (0x3040...0x309F, .hiragana),
        (0x30A0...0x30FF, .katakana), (0x31F0...0x31FF, .katakana), (0xFF66...0xFF9F, .katakana),
        (0x3100...0x312F, .bopomofo), (0x31A0...0x31BF, .bopomofo),
        (0x2E80...0x2FDF, .han), (0x3005...0x3007, .han), (0x3021...0x3029, .han), (0x3038...0x303B, .han),
        (0x3400...0x4DBF, .han), (0x4E00...0x9FFF, .han), (0xF900...0xFAFF, .han), (0x20000...0x3FFFF, .han),
    ]
}
