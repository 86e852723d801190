/// The writing systems a username's characters come from, and the rule that keeps look-alike names apart: a new
/// username is "Highly Restrictive" (Unicode UTS #39 §5.2): one script, or one of the combinations a language writes
/// with: Latin with Han and Hiragana/Katakana (Japanese), with Han and Hangul (Korean), or with Han and Bopomofo
/// (Chinese).
///
/// `аda`, with a Cyrillic `а`, is refused at sign-up; `ада` and `ada` are each fine (and ``ConfusabilityKey`` makes a
/// wholly Cyrillic name that reads like a Latin one taken when the Latin one is). Digits, punctuation and symbols are
/// Common and combining marks Inherited, which go with any script, so `ada.2`, `josé` and `李小龍` pass.
///
/// Scripts come from Unicode's own data (Scripts.txt and ScriptExtensions.txt, UAX #24, in generated tables): a
/// character's Script_Extensions when it has them (the Arabic comma is Arabic, Syriac, Thaana, ...), else its Script.
public enum UsernameScripts {
    /// The scripts of `name`'s characters by their ISO 15924 codes (`Latn`, `Cyrl`, ...): each character's
    /// Script_Extensions or Script, Common (`Zyyy`) and Inherited (`Zinh`) left out.
    package static func scripts(of name: String) -> Set<String> {
        var found: Set<String> = []
        for scalar in name.unicodeScalars {
            for script in scriptSet(scalar.value) { found.insert(UnicodeNameTables.scriptNames[Int(script)]) }
        }
        return found
    }

    /// Whether `name` is Highly Restrictive (UTS #39 §5.2): its resolved script set is not empty (§5.1: the
    /// intersection of its characters' augmented script sets), or every character belongs to one of the three
    /// mixtures a language writes with.
    public static func isSingleScript(_ name: String) -> Bool {
        let sets = name.unicodeScalars.map { scriptSet($0.value) }.filter { !$0.isEmpty }
        guard var resolved = sets.first.map(augmented) else { return true }
        for set in sets.dropFirst() {
            resolved.formIntersection(augmented(set))
            if resolved.isEmpty { break }
        }
        if !resolved.isEmpty { return true }
        return Self.mixtures.contains { mixture in sets.allSatisfy { !$0.isDisjoint(with: mixture) } }
    }

    /// A character's Script_Extensions, else its Script; empty for Common and Inherited, which go with any script.
    static func scriptSet(_ value: UInt32) -> Set<UInt32> {
        if let extensions = UnicodeNameTables.scriptExtensions.value(for: value) { return Set(extensions).subtracting(anyScript) }
        guard let script = UnicodeNameTables.scripts.value(for: value)?.first else { return [] }
        return anyScript.contains(script) ? [] : [script]
    }

    /// UTS #39 §5.1: Han also writes Japanese, Korean and Chinese with Bopomofo; Kana writes Japanese; Hangul Korean.
    private static func augmented(_ set: Set<UInt32>) -> Set<UInt32> {
        var result = set
        if set.contains(han) { result.formUnion([japanese, korean, hanWithBopomofo]) }
        if set.contains(hiragana) || set.contains(katakana) { result.insert(japanese) }
        if set.contains(hangul) { result.insert(korean) }
        if set.contains(bopomofo) { result.insert(hanWithBopomofo) }
        return result
    }

    private static let anyScript: Set<UInt32> = [UnicodeNameTables.script("Zyyy"), UnicodeNameTables.script("Zinh")]
    private static let han = UnicodeNameTables.script("Hani"), hiragana = UnicodeNameTables.script("Hira")
    private static let katakana = UnicodeNameTables.script("Kana"), hangul = UnicodeNameTables.script("Hang")
    private static let bopomofo = UnicodeNameTables.script("Bopo"), latin = UnicodeNameTables.script("Latn")
    // The augmented scripts (UTS #39 §5.1) have no characters of their own: numbers past the tables' scripts.
    private static let japanese = UInt32(UnicodeNameTables.scriptNames.count + 1)
    private static let korean = UInt32(UnicodeNameTables.scriptNames.count + 2)
    private static let hanWithBopomofo = UInt32(UnicodeNameTables.scriptNames.count + 3)

    /// UTS #39 §5.2's mixtures for Highly Restrictive identifiers.
    private static let mixtures: [Set<UInt32>] = [
        [latin, han, hiragana, katakana],
        [latin, han, hangul],
        [latin, han, bopomofo],
    ]
}
