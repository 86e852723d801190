import Foundation

/// The form in which a new username is checked against every other account's: two names with the same key look
/// alike, so a new name whose key belongs to another account is refused as taken (`usernameTaken`).
///
/// ``UsernameKey`` stays the lookup form (a sign-in, a recovery and a signed-in owner find their account by it, and
/// the stored keys stay as they were written); this key is wider and is checked only when a new name is taken:
/// 1. compatibility normalization (NFKC, Unicode UAX #15), as for ``UsernameKey``;
/// 2. the confusable skeleton of UTS #39 §4 before any case folding: canonical decomposition, default-ignorable code
///    points removed, each character replaced by its prototype from Unicode's confusables.txt (generated tables,
///    with the Latin small capitals read as their letters), decomposition again. Taken before folding because
///    confusables.txt maps by shape: capital `I` is drawn like lowercase `l`, which folding would have turned into an
///    `i` first;
/// 3. full case folding (Unicode §5.18), so `AIice` (capital I) and `alice` meet;
/// 4. the skeleton again, since folding can make a character with a prototype of its own (`ＡＬＩＣＥ` folds to letters
///    whose capitals mapped differently), and NFC.
///
/// Existing accounts keep their names and keys; `passkeys serve` keeps this key in `users.confusable_key` (unique: the
/// oldest of stored names that share a key keeps it) and refuses a new account whose key is there. An app over its
/// own accounts should store it beside ``UsernameKey`` and refuse a new name whose key another account has.
public struct ConfusabilityKey: Hashable, Sendable, CustomStringConvertible {
    /// The key's text.
    public let rawValue: String

    /// The key of `name`.
    public init(_ name: String) {
        let compatible = name.precomposedStringWithCompatibilityMapping
        let folded = Self.skeleton(compatible).folding(options: [.caseInsensitive], locale: nil)
        rawValue = Self.skeleton(folded).precomposedStringWithCanonicalMapping
    }

    /// A key already computed (read back from a database column).
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// The key's text, as ``rawValue``.
    public var description: String { rawValue }

    /// UTS #39 §4's skeleton: NFD, default-ignorables removed, prototypes from confusables.txt, NFD again.
    static func skeleton(_ text: String) -> String {
        var mapped = String.UnicodeScalarView()
        for scalar in text.decomposedStringWithCanonicalMapping.unicodeScalars {
            let value = scalar.value
            if UnicodeNameTables.defaultIgnorable.contains(value) { continue }
            if let prototype = UnicodeNameTables.confusables.value(for: value) {
                mapped.append(contentsOf: prototype.compactMap(Unicode.Scalar.init))
            } else {
                mapped.append(scalar)
            }
        }
        return String(mapped).decomposedStringWithCanonicalMapping
    }
}
