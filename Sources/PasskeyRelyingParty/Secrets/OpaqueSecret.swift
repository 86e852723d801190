import Crypto
import PasskeyCore

/// A bearer secret the server hands out and keeps only as a digest: session tokens, API keys, OAuth client secrets,
/// authorization codes and refresh tokens. One type holds the rule for all of them, so making one, storing it and
/// checking one can only be done one way.
///
/// A secret is 256 random bits (32 bytes, base64url without padding, after an optional prefix such as `psk_` that
/// lets people and secret scanners recognise it), so guessing is hopeless and a plain SHA-256 is the right stored
/// form: no salt or stretching adds anything against a search of 2^256, and a lookup by digest is one index read.
///
/// The stored form is lowercase hex SHA-256 of the secret's UTF-8 bytes, as every row written so far holds, so no row
/// is rewritten. A later algorithm would be named by a prefix of its own (`<name>:<digest>`); ``matches(_:digest:)``
/// would then read both forms, so instances of two versions can share one database during a rolling upgrade.
public enum OpaqueSecret {
    /// The random bytes in a secret made here: 256 bits.
    public static let randomByteCount = 32

    /// A new secret: `prefix` and ``randomByteCount`` random bytes in base64url without padding (43 characters).
    public static func make(prefix: String = "") -> String { prefix + Base64URL.encode(SecureRandom.bytes(randomByteCount)) }

    /// The form a secret is stored and looked up in: lowercase hex SHA-256 of its UTF-8 bytes.
    public static func digest(_ secret: String) -> String { Hex.encode(SHA256.hash(data: Array(secret.utf8))) }

    /// Whether `secret` is the one `digest` was made from, in a time that does not depend on where the digests differ
    /// (a comparison that stops at the first difference tells a timing attacker how much of a guess was right).
    public static func matches(_ secret: String, digest stored: String) -> Bool {
        equalInConstantTime(Array(digest(secret).utf8), Array(stored.utf8))
    }

    /// Whether two byte strings are equal, looking at every byte of `a` whatever differs first; a length difference
    /// counts as a difference, and only the length of `a` (the caller's own value) shapes the time taken.
    public static func equalInConstantTime(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        var difference = UInt8(truncatingIfNeeded: a.count ^ b.count)
        for index in 0..<a.count { difference |= a[index] ^ (index < b.count ? b[index] : 0) }
        return difference == 0
    }
}
