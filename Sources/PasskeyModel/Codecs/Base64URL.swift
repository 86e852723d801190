/// Base64url (RFC 4648 §5), the encoding WebAuthn uses for every binary value in JSON.
///
/// Decoding is strict by default: only the URL-safe alphabet, no `=` padding, and the unused bits of the
/// last character must be zero, so every byte string has exactly one accepted spelling. ``Strictness/lenient``
/// also takes the standard alphabet (`+`, `/`) and correct `=` padding, for data captured from older clients;
/// it is never the default.
public enum Base64URL {
    /// How much of what other encoders write ``Base64URL/decode(_:field:strictness:)`` accepts. Verification uses
    /// ``strict`` so that one value has one spelling; ``lenient`` is for reading captured data.
    public enum Strictness: Sendable {
        /// URL-safe alphabet only, no padding, canonical trailing bits.
        case strict
        /// Also accepts `+` and `/`, and `=` padding when it is exactly what the length calls for.
        case lenient
    }

    private static let alphabet: [UInt8] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// 0...63 for the URL-safe alphabet, 255 for anything else.
    private static let strictTable: [UInt8] = {
        var table = [UInt8](repeating: 255, count: 256)
        for (index, char) in alphabet.enumerated() { table[Int(char)] = UInt8(index) }
        return table
    }()

    /// The strict table plus `+` and `/` of the standard alphabet.
    private static let lenientTable: [UInt8] = {
        var table = strictTable
        table[Int(UInt8(ascii: "+"))] = 62
        table[Int(UInt8(ascii: "/"))] = 63
        return table
    }()

    /// Encodes bytes as unpadded base64url.
    public static func encode<Bytes: Collection>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        var out = [UInt8]()
        out.reserveCapacity((bytes.count * 4 + 2) / 3)
        var iterator = bytes.makeIterator()
        while let b0 = iterator.next() {
            let b1 = iterator.next()
            let b2 = iterator.next()
            out.append(alphabet[Int(b0 >> 2)])
            out.append(alphabet[Int((b0 & 0x03) << 4 | (b1 ?? 0) >> 4)])
            if let b1 {
                out.append(alphabet[Int((b1 & 0x0F) << 2 | (b2 ?? 0) >> 6)])
            }
            if let b2 {
                out.append(alphabet[Int(b2 & 0x3F)])
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Decodes a base64url string.
    ///
    /// - Parameters:
    ///   - string: the encoded text.
    ///   - field: names the value in error messages, e.g. `response.clientDataJSON`; evaluated only to word an error.
    ///   - strictness: ``Strictness/strict`` unless reading data captured from older clients.
    /// - Throws: ``WebAuthnError`` with code `malformedInput` saying which character or length was wrong.
    public static func decode(_ string: String, field: @autoclosure () -> String = "value", strictness: Strictness = .strict) throws(WebAuthnError) -> [UInt8] {
        var string = string
        // Native strings are contiguous UTF-8; `makeContiguousUTF8` is free for them and copies bridged ones once.
        string.makeContiguousUTF8()
        let result: Result<[UInt8], WebAuthnError>? = string.utf8.withContiguousStorageIfAvailable { buffer in
            Result { () throws(WebAuthnError) in try decode(utf8: buffer, field: field, strictness: strictness) }
        }
        guard let result else { return try decode(utf8: Array(string.utf8), field: field, strictness: strictness) }
        return try result.get()
    }

    private static func decode(utf8 input: [UInt8], field: () -> String, strictness: Strictness) throws(WebAuthnError) -> [UInt8] {
        let result: Result<[UInt8], WebAuthnError> = input.withUnsafeBufferPointer { buffer in
            Result { () throws(WebAuthnError) in try decode(utf8: buffer, field: field, strictness: strictness) }
        }
        return try result.get()
    }

    private static func decode(utf8 input: UnsafeBufferPointer<UInt8>, field: () -> String, strictness: Strictness) throws(WebAuthnError) -> [UInt8] {
        var count = input.count
        if strictness == .lenient {
            var padding = 0
            while count > 0 && input[count - 1] == UInt8(ascii: "=") { count -= 1; padding += 1 }
            if padding > 0 && (count + padding) % 4 != 0 {
                throw .malformed("\(field()): expected base64url, found \(padding) '=' padding characters that do not fit a length of \(count)")
            }
        }
        if count % 4 == 1 {
            throw .malformed("\(field()): expected base64url, found a length of \(count) characters, which no byte string encodes to")
        }
        let table = strictness == .strict ? strictTable : lenientTable
        var out = [UInt8]()
        out.reserveCapacity(count * 3 / 4)
        var accumulator: UInt32 = 0
        var bits = 0
        for position in 0..<count {
            let char = input[position]
            let value = table[Int(char)]
            if value == 255 {
                let shown = char == UInt8(ascii: "=") ? "'=' padding" :
                    (char == UInt8(ascii: "+") || char == UInt8(ascii: "/")) ? "'\(Character(Unicode.Scalar(char)))' from the standard base64 alphabet" :
                    (char >= 0x20 && char < 0x7F ? "'\(Character(Unicode.Scalar(char)))'" : "byte 0x" + Hex.encode([char]))
                throw .malformed("\(field()): expected base64url without padding, found \(shown) at position \(position)")
            }
            accumulator = accumulator << 6 | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                out.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
            }
        }
        if bits > 0 && accumulator & ((1 << UInt32(bits)) - 1) != 0 && strictness == .strict {
            throw .malformed("\(field()): expected canonical base64url, found non-zero unused bits in the last character")
        }
        return out
    }
}
