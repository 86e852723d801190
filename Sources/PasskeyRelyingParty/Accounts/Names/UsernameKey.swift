import Foundation

/// The one form in which usernames are compared: two names with the same key name the same account.
///
/// Two names that a person would read as the same must not belong to two accounts, or a look-alike account could
/// collect the victim's sign-ins, and a signed-in user who types their name differently would get a second account
/// instead of a second passkey. The key is built in four steps:
/// 1. compatibility normalization (NFKC, Unicode UAX #15), so full-width `ＡＤＡ` and ligatures like `ﬁ` read as `ADA`
///    and `fi`;
/// 2. full case folding (Unicode §5.18), so `Ada`, `ADA` and `ada`, or `Straße` and `STRASSE`, are one name;
/// 3. a confusable skeleton (after Unicode UTS #39 §4): the Cyrillic and Greek letters that look like Latin ones are
///    read as those Latin letters, so a name spelled wholly in Cyrillic look-alikes (`сое`) is `coe`; names mixing
///    scripts are refused at sign-up altogether (``UsernameScripts``);
/// 4. NFC again, so an accent kept from a Cyrillic letter (`ё`) composes like the Latin one (`ë`).
///
/// Names themselves are stored and shown as the user typed them (NFC-normalized); only comparisons use the key.
/// `passkeys serve` keeps it in a unique column; an app implementing `PasskeyAccounts` should do the same and look
/// names up by it in `user(named:)`.
public struct UsernameKey: Hashable, Sendable, CustomStringConvertible {
    /// The key's text; store it in a unique column to make look-alike names one name.
    public let rawValue: String

    /// The key of `name`.
    public init(_ name: String) {
        if let ascii = Self.asciiKey(name) {
            rawValue = ascii
            return
        }
        let folded = name.precomposedStringWithCompatibilityMapping
            .folding(options: [.caseInsensitive], locale: nil)
            .precomposedStringWithCompatibilityMapping
        var skeleton = String.UnicodeScalarView()
        for scalar in folded.decomposedStringWithCanonicalMapping.unicodeScalars {
            skeleton.append(LatinLookalikes.latin(for: scalar) ?? scalar)
        }
        rawValue = String(skeleton).precomposedStringWithCanonicalMapping
    }

    /// A key already computed (read back from a database column).
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// The key's text, as ``rawValue``.
    public var description: String { rawValue }

    /// Printable ASCII keys itself by lowercasing: NFKC leaves it alone, ASCII letters fold to their lowercase, and
    /// no ASCII letter is a look-alike to replace. Most names take this path; Foundation's normalization is slower.
    private static func asciiKey(_ name: String) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(name.utf8.count)
        for byte in name.utf8 {
            guard byte >= 0x20, byte < 0x7F else { return nil }
            bytes.append(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
