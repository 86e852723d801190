import Crypto
import PasskeyCore

/// One-time recovery codes: a way back into a passkey-only account whose every device is lost.
///
/// A code is 80 random bits written as 16 characters of Crockford's base32 in four groups (`7K3M-Q9XD-20FA-HZ4T`),
/// which people can copy by hand: no I, L, O or U, and case, dashes and spaces do not matter when it is typed back
/// (`O` reads as `0`, `I` and `L` as `1`). 80 bits cannot be guessed online, and a keyed hash of them cannot be
/// searched offline without the key, so a fast keyed hash (HMAC-SHA-256) stores them as safely as a slow password
/// hash would store a password.
public enum RecoveryCodes {
    /// Crockford's base32 alphabet.
    static let alphabet = Array("0123456789ABCDEFGHJKMNPQRSTVWXYZ".utf8)
    /// Characters of a code, without dashes: 16 × 5 bits = 80 bits.
    public static let length = 16
    /// The most characters read from a code as typed (dashes and spaces included); longer input is refused unread.
    static let maximumInputLength = 64

    /// `count` new codes (10 by default), each 80 bits from the system's secure random source.
    public static func generate(count: Int = 10) -> [String] {
        symbols(count: count).map(written)
    }

    /// `count` new codes as their 16 alphabet symbols each: what ``normalized(_:)`` makes of the written code.
    static func symbols(count: Int) -> [[UInt8]] {
        // One draw for every code: 10 bytes (80 bits) each.
        let codes = max(1, count)
        let random = SecureRandom.bytes(10 * codes)
        return (0..<codes).map { index in
            var symbols: [UInt8] = []
            symbols.reserveCapacity(length)
            var buffer = 0, bits = 0
            for byte in random[(10 * index)..<(10 * index + 10)] {
                buffer = (buffer << 8) | Int(byte)
                bits += 8
                while bits >= 5 {
                    bits -= 5
                    symbols.append(alphabet[(buffer >> bits) & 31])
                    buffer &= (1 << bits) - 1
                }
            }
            return symbols
        }
    }

    /// A code's 16 symbols as people see it: four groups of four, joined by dashes.
    static func written(_ symbols: [UInt8]) -> String {
        var text: [UInt8] = []
        text.reserveCapacity(length + 3)
        for (index, symbol) in symbols.enumerated() {
            if index > 0, index % 4 == 0 { text.append(UInt8(ascii: "-")) }
            text.append(symbol)
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The code as it is hashed (16 upper-case alphabet characters), or nil when `typed` cannot be a code.
    public static func normalized(_ typed: String) -> String? {
        normalizedSymbols(typed).map { String(decoding: $0, as: UTF8.self) }
    }

    /// ``normalized(_:)`` as bytes.
    static func normalizedSymbols(_ typed: String) -> [UInt8]? {
        guard typed.utf8.count <= maximumInputLength else { return nil }
        var symbols: [UInt8] = []
        symbols.reserveCapacity(length)
        for byte in typed.utf8 {
            switch byte {
            case UInt8(ascii: "-"), UInt8(ascii: " "): continue
            case UInt8(ascii: "a")...UInt8(ascii: "z"): symbols.append(Self.readAs(byte - 32))
            default: symbols.append(Self.readAs(byte))
            }
            guard let last = symbols.last, alphabet.contains(last) else { return nil }
        }
        return symbols.count == length ? symbols : nil
    }

    /// Crockford's reading of the letters that look like digits.
    private static func readAs(_ upper: UInt8) -> UInt8 {
        switch upper {
        case UInt8(ascii: "O"): UInt8(ascii: "0")
        case UInt8(ascii: "I"), UInt8(ascii: "L"): UInt8(ascii: "1")
        default: upper
        }
    }
}

/// Hashes recovery codes under a secret key and checks a typed code against stored hashes in constant time.
///
/// Store only ``hash(_:)``'s output. ``match(_:among:)`` compares with every stored hash, and pads short lists to
/// ``minimumComparisons``, so how long a check takes does not tell which hash, or whether any, came close, nor
/// (with an empty list for an unknown name) whether the account exists.
public struct RecoveryCodeHasher: Sendable {
    /// HMAC-SHA-256 (RFC 2104) with both padded keys already absorbed: `inner` has hashed K ⊕ ipad, `outer`
    /// K ⊕ opad. Each tag copies them (the hashers are copy-on-write), so it costs the two compressions of its own
    /// data. swift-crypto's `HMAC` keeps only the inner state and hashes K ⊕ opad again for every tag: a third
    /// compression, and a sign-up issues ten codes (`RecoveryCodeTests` checks the tags against it).
    private let inner: SHA256
    private let outer: SHA256
    /// Every check costs at least this many comparisons: the number of codes issued at once.
    public static let minimumComparisons = 10

    /// A hasher under `key`: at least 32 bytes from a secure random source, kept secret with the app's other keys.
    public init(key: [UInt8]) throws(RelyingPartyError) {
        guard key.count >= 32 else {
            throw RelyingPartyError(.badRequest, "recovery code key: expected at least 32 bytes, found \(key.count)", code: "invalidKey")
        }
        // RFC 2104 §2: a key longer than the hash's 64-byte block is hashed first; the key is then padded with zeros.
        var block = key.count > 64 ? Array(SHA256.hash(data: key)) : key
        block += [UInt8](repeating: 0, count: 64 - block.count)
        var inner = SHA256()
        inner.update(data: block.map { $0 ^ 0x36 })
        var outer = SHA256()
        outer.update(data: block.map { $0 ^ 0x5C })
        self.inner = inner
        self.outer = outer
    }

    /// The keyed hash (HMAC-SHA-256, base64url) of a code as typed; nil when it cannot be a code.
    public func hash(_ typed: String) -> String? {
        guard let code = RecoveryCodes.normalizedSymbols(typed) else { return nil }
        return Base64URL.encode(mac(code))
    }

    /// The keyed hash to look a typed code up by, in a store that keeps ``hash(_:)``'s output: input that cannot be a
    /// code gets the hash of no code at all, which no stored code has, after the same work. For a lookup by name and
    /// hash together, which costs the same for every name (`passkeys serve`'s `POST /recovery`); ``match(_:among:)``
    /// is for stores that read an account's hashes first.
    public func lookupHash(_ typed: String) -> String {
        Base64URL.encode(mac(RecoveryCodes.normalizedSymbols(typed) ?? []))
    }

    /// `count` new codes (``RecoveryCodes/generate(count:)``) with their keyed hashes, in the same order: the codes to
    /// show once, the hashes to store. Each hash is taken of the code's symbols as drawn, which is what
    /// ``hash(_:)`` makes of the written code, without writing it out and reading it back.
    public func issue(count: Int = 10) -> (codes: [String], hashes: [String]) {
        let drawn = RecoveryCodes.symbols(count: count)
        return (drawn.map(RecoveryCodes.written), drawn.map { Base64URL.encode(mac($0)) })
    }

    /// The stored hash `typed` matches among `hashes`, or nil. Every hash is compared in full, whatever matched.
    public func match(_ typed: String, among hashes: [String]) -> String? {
        // A code that cannot be one is still hashed, so malformed input costs the same as a wrong code.
        let code = RecoveryCodes.normalizedSymbols(typed)
        let candidate = mac(code ?? [])
        var found: String? = nil
        let padding = max(0, Self.minimumComparisons - hashes.count)
        for stored in hashes + Array(repeating: "", count: padding) {
            let storedBytes = (try? Base64URL.decode(stored)) ?? []
            if OpaqueSecret.equalInConstantTime(candidate, storedBytes), code != nil { found = stored }
        }
        return found
    }

    /// What is hashed: a domain label, a zero byte, then the code's 16 symbols.
    private static let label = Array("recovery-code\u{0}".utf8)

    private func mac(_ code: [UInt8]) -> [UInt8] {
        var innerHash = inner
        innerHash.update(data: Self.label)
        innerHash.update(data: code)
        var outerHash = outer
        innerHash.finalize().withUnsafeBytes { outerHash.update(bufferPointer: $0) }
        return Array(outerHash.finalize())
    }

}
