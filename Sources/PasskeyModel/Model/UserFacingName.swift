import Foundation

/// The rules every name people read must pass: a passkey's name a user types, a display name, and the names of
/// authenticator providers that come from FIDO metadata or the built-in table. One copy of the rule, so a name from
/// metadata cannot be what a rename would refuse: the page escapes what it shows, but apps and the iOS
/// SDK show these names too.
///
/// A name is NFC-normalized (one spelling for one name), trimmed of surrounding white space, not empty, at most
/// ``maximumLength`` code points and ``maximumBytes`` bytes of UTF-8, and holds no control character (`Cc`) and no
/// invisible format character (`Cf`: zero-width joiners, bidirectional overrides and isolates such as U+202E, which
/// would make a name read backwards or two names look alike).
public enum UserFacingName {
    /// Code points a name may have, as JSON Schema's `maxLength` counts them.
    public static let maximumLength = 64
    /// Characters can be long (a letter with thousands of combining marks is one character): names are also bounded
    /// in bytes, well below what a database index entry takes.
    public static let maximumBytes = 256

    /// Why a text is not a name, for an error message that says what was expected and what was found.
    public enum Problem: Error, Sendable, Equatable, CustomStringConvertible {
        /// Nothing but white space.
        case empty
        /// More UTF-8 bytes than ``UserFacingName/maximumBytes`` (the count found).
        case tooManyBytes(Int)
        /// More code points than ``UserFacingName/maximumLength`` (the count found).
        case tooLong(Int)
        /// A control (`Cc`) or invisible format (`Cf`) character.
        case controlOrFormatCharacter

        /// What was expected and what was found.
        public var description: String {
            switch self {
            case .empty: "expected a non-empty string, found an empty one"
            case .tooManyBytes(let count): "expected at most \(UserFacingName.maximumBytes) bytes of UTF-8, found \(count)"
            case .tooLong(let count): "expected at most \(UserFacingName.maximumLength) characters (code points), found \(count)"
            case .controlOrFormatCharacter: "expected no control or invisible format characters"
            }
        }
    }

    /// `text` as a name (normalized and trimmed), or the first rule it breaks.
    public static func normalized(_ text: String) -> Result<String, Problem> {
        let ascii = printableASCII(trimming: text)
        let trimmed = ascii ?? text.precomposedStringWithCanonicalMapping.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return .failure(.empty) }
        guard trimmed.utf8.count <= maximumBytes else { return .failure(.tooManyBytes(trimmed.utf8.count)) }
        // Counted in Unicode code points, as JSON Schema's maxLength counts them (the OpenAPI document states the same
        // limit), so a client validating against the document and the server agree on every name.
        let length = trimmed.unicodeScalars.count
        guard length <= maximumLength else { return .failure(.tooLong(length)) }
        // Printable ASCII has no control or format character: the general-category lookup per scalar is for the rest
        // (it was a sixtieth of a sign-up's instructions in the callgrind profile).
        if ascii == nil, trimmed.unicodeScalars.contains(where: { Self.isControlOrFormat($0) }) {
            return .failure(.controlOrFormatCharacter)
        }
        return .success(trimmed)
    }

    private static func isControlOrFormat(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format: true
        default: false
        }
    }

    /// `text` as a name, or nil when it breaks a rule: for names that come from elsewhere (metadata, a table), which
    /// are dropped rather than shown when they do.
    public static func acceptable(_ text: String) -> String? {
        try? normalized(text).get()
    }

    /// `text` without its leading and trailing spaces when every byte is printable ASCII (U+0020–U+007E), else nil.
    /// Such text is already in NFC, has one character per byte and no control or format character, so the checks
    /// give the same answer as on the general path; most names take this path, and Foundation's normalization and
    /// trimming were 2% of a sign-in's CPU in the `passkeys load` profile.
    public static func printableASCII(trimming text: String) -> String? {
        var contiguous = text
        return contiguous.withUTF8 { bytes -> String? in
            guard bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return nil }
            guard let first = bytes.firstIndex(where: { $0 != 0x20 }), let last = bytes.lastIndex(where: { $0 != 0x20 }) else { return "" }
            if first == bytes.startIndex && last == bytes.endIndex - 1 { return text }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[first...last]), as: UTF8.self)
        }
    }
}
