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
        rawValue = Self.asciiKey(name) ?? Self.unicodeKey(name)
    }

    /// Steps 1–4 through Foundation's normalization and folding: any name.
    static func unicodeKey(_ name: String) -> String {
        let compatible = name.precomposedStringWithCompatibilityMapping
        let folded = Self.skeleton(compatible).folding(options: [.caseInsensitive], locale: nil)
        return Self.skeleton(folded).precomposedStringWithCanonicalMapping
    }

    /// Steps 1–4 for printable ASCII, which most names are, without Foundation: NFKC, NFD and NFC leave ASCII as it
    /// is, full case folding of ASCII is lowercasing, and what remains is the same confusables lookup before and
    /// after folding. A prototype that is not printable ASCII sends the name the long way (nil).
    ///
    /// Foundation's normalization was 14% of a PostgreSQL sign-up's instructions, the key being made twice (the
    /// name check and the insert). `ConfusabilityKeyTests` checks this path against ``unicodeKey(_:)``
    /// for every printable ASCII character, pairs with the look-alike-prone ones, and random longer names.
    static func asciiKey(_ name: String) -> String? {
        var skeleton: [UInt8] = []
        skeleton.reserveCapacity(name.utf8.count)
        for byte in name.utf8 {
            guard byte >= 0x20, byte < 0x7F, appendPrototype(of: byte, to: &skeleton) else { return nil }
        }
        var key: [UInt8] = []
        key.reserveCapacity(skeleton.count)
        for byte in skeleton {
            let folded = byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
            guard appendPrototype(of: folded, to: &key) else { return nil }
        }
        return String(decoding: key, as: UTF8.self)
    }

    /// Appends what an ASCII character becomes in the skeleton (its prototype, or itself); false when that is not
    /// printable ASCII.
    private static func appendPrototype(of byte: UInt8, to out: inout [UInt8]) -> Bool {
        guard let prototype = asciiPrototypes[Int(byte & 0x7F)] else { return false }
        out.append(contentsOf: prototype)
        return true
    }

    /// For each ASCII character, what the skeleton makes of it, read once from the same tables as the Unicode path:
    /// nothing for a default-ignorable one, its prototype when that is printable ASCII, itself when it has none;
    /// nil when the prototype leaves printable ASCII. Binary searches of the tables per character were 2% of a
    /// sign-up's instructions.
    private static let asciiPrototypes: [[UInt8]?] = (0..<128).map { code -> [UInt8]? in
        let value = UInt32(code)
        if UnicodeNameTables.defaultIgnorable.contains(value) { return [] }
        guard let prototype = UnicodeNameTables.confusables.value(for: value) else { return [UInt8(code)] }
        guard prototype.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return nil }
        return prototype.map { UInt8($0) }
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
