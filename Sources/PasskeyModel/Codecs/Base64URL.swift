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
        // Contiguous bytes (arrays, slices, `Data`) take the buffer path; the generic iteration, unspecialized
        // across modules, showed in the `passkeys load` sign-in profile.
        if let encoded = bytes.withContiguousStorageIfAvailable({ encode(buffer: UnsafeRawBufferPointer($0)) }) { return encoded }
        return Array(bytes).withUnsafeBytes { encode(buffer: $0) }
    }

    /// Encodes bytes as unpadded base64url, writing straight into the string's storage.
    public static func encode(_ bytes: [UInt8]) -> String {
        bytes.withUnsafeBytes { encode(buffer: $0) }
    }

    private static func encode(buffer bytes: UnsafeRawBufferPointer) -> String {
        let length = (bytes.count * 4 + 2) / 3
        guard length > 0 else { return "" }
        return alphabet.withUnsafeBufferPointer { symbols in
            String(unsafeUninitializedCapacity: length) { out in
                var written = 0
                var index = 0
                while index + 3 <= bytes.count {
                    let group = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
                    out[written] = symbols[Int(group >> 18)]
                    out[written + 1] = symbols[Int(group >> 12 & 0x3F)]
                    out[written + 2] = symbols[Int(group >> 6 & 0x3F)]
                    out[written + 3] = symbols[Int(group & 0x3F)]
                    written += 4
                    index += 3
                }
                let left = bytes.count - index
                if left > 0 {
                    let group = UInt32(bytes[index]) << 16 | (left == 2 ? UInt32(bytes[index + 1]) << 8 : 0)
                    out[written] = symbols[Int(group >> 18)]
                    out[written + 1] = symbols[Int(group >> 12 & 0x3F)]
                    written += 2
                    if left == 2 {
                        out[written] = symbols[Int(group >> 6 & 0x3F)]
                        written += 1
                    }
                }
                return written
            }
        }
    }

    /// Decodes a base64url string.
    ///
    /// - Parameters:
    ///   - string: the encoded text.
    ///   - field: names the value in error messages, e.g. `response.clientDataJSON`; evaluated only to word an error.
    ///   - strictness: ``Strictness/strict`` unless reading data captured from older clients.
    /// - Throws: ``WebAuthnError`` with code `malformedInput` saying which character or length was wrong.
    public static func decode(
        _ string: String, field: @autoclosure () -> String = "value", strictness: Strictness = .strict
    ) throws(WebAuthnError) -> [UInt8] {
        var string = string
        // Native strings are contiguous UTF-8; `makeContiguousUTF8` is free for them and copies bridged ones once.
        string.makeContiguousUTF8()
        let result: Result<[UInt8], WebAuthnError>? = string.utf8.withContiguousStorageIfAvailable { buffer in
            Result { () throws(WebAuthnError) in try decode(utf8: buffer, field: field, strictness: strictness) }
        }
        guard let result else { return try decode(utf8: Array(string.utf8), field: field, strictness: strictness) }
        return try result.get()
    }

    /// Decodes base64url text given as UTF-8 bytes, in place: a slice of a larger buffer (one part of a compact JWS)
    /// is read where it lies, with no copy of the text. Rules and errors as for the overload that takes a string.
    public static func decode(
        utf8 input: ArraySlice<UInt8>, field: @autoclosure () -> String = "value", strictness: Strictness = .strict
    ) throws(WebAuthnError) -> [UInt8] {
        let result: Result<[UInt8], WebAuthnError> = input.withUnsafeBufferPointer { buffer in
            Result { () throws(WebAuthnError) in try decode(utf8: buffer, field: field, strictness: strictness) }
        }
        return try result.get()
    }

    private static func decode(utf8 input: [UInt8], field: () -> String, strictness: Strictness) throws(WebAuthnError) -> [UInt8] {
        let result: Result<[UInt8], WebAuthnError> = input.withUnsafeBufferPointer { buffer in
            Result { () throws(WebAuthnError) in try decode(utf8: buffer, field: field, strictness: strictness) }
        }
        return try result.get()
    }

    /// The decoder itself, over text where it lies (`AuthenticationResponseScanner` reads members from the request
    /// bytes).
    static func decode(utf8 input: UnsafeBufferPointer<UInt8>, field: () -> String, strictness: Strictness) throws(WebAuthnError) -> [UInt8] {
        var count = input.count
        if strictness == .lenient {
            var padding = 0
            while count > 0 && input[count - 1] == UInt8(ascii: "=") {
                count -= 1
                padding += 1
            }
            if padding > 0 && (count + padding) % 4 != 0 {
                throw .malformed("\(field()): expected base64url, found \(padding) '=' padding characters that do not fit a length of \(count)")
            }
        }
        if count % 4 == 1 {
            throw .malformed("\(field()): expected base64url, found a length of \(count) characters, which no byte string encodes to")
        }
        let table = strictness == .strict ? strictTable : lenientTable
        // Four characters at a time into three bytes, written straight into the result's storage: one table lookup
        // per character and one check per group (an invalid character maps to 255, the only value with bit 7 set).
        // This runs on every field of every ceremony; the byte-at-a-time loop with `append` cost three times as many instructions.
        var invalidFrom: Int?
        var unusedBits: UInt8 = 0
        let out = table.withUnsafeBufferPointer { table in
            [UInt8](unsafeUninitializedCapacity: count * 3 / 4) { buffer, initialized in
                var position = 0
                var written = 0
                let whole = count & ~3
                while position < whole {
                    let a = table[Int(input[position])], b = table[Int(input[position + 1])]
                    let c = table[Int(input[position + 2])], d = table[Int(input[position + 3])]
                    guard (a | b | c | d) & 0x80 == 0 else {
                        invalidFrom = position
                        initialized = written
                        return
                    }
                    let group = UInt32(a) << 18 | UInt32(b) << 12 | UInt32(c) << 6 | UInt32(d)
                    buffer[written] = UInt8(truncatingIfNeeded: group >> 16)
                    buffer[written + 1] = UInt8(truncatingIfNeeded: group >> 8)
                    buffer[written + 2] = UInt8(truncatingIfNeeded: group)
                    position += 4
                    written += 3
                }
                // 2 or 3 characters left (1 was refused above): 1 or 2 bytes, and 4 or 2 bits that must be zero.
                let left = count - position
                if left >= 2 {
                    let a = table[Int(input[position])], b = table[Int(input[position + 1])]
                    let c = left == 3 ? table[Int(input[position + 2])] : 0
                    guard (a | b | c) & 0x80 == 0 else {
                        invalidFrom = position
                        initialized = written
                        return
                    }
                    let group = UInt32(a) << 18 | UInt32(b) << 12 | UInt32(c) << 6
                    buffer[written] = UInt8(truncatingIfNeeded: group >> 16)
                    written += 1
                    if left == 3 {
                        buffer[written] = UInt8(truncatingIfNeeded: group >> 8)
                        written += 1
                        unusedBits = c & 0x03
                    } else {
                        unusedBits = b & 0x0F
                    }
                }
                initialized = written
            }
        }
        if let invalidFrom {
            // Name the first character the table refuses, by its position in the text.
            var position = invalidFrom
            while position < count && table[Int(input[position])] != 255 { position += 1 }
            let char = input[position]
            let shown =
                char == UInt8(ascii: "=")
                ? "'=' padding"
                : (char == UInt8(ascii: "+") || char == UInt8(ascii: "/"))
                    ? "'\(Character(Unicode.Scalar(char)))' from the standard base64 alphabet"
                    : (char >= 0x20 && char < 0x7F ? "'\(Character(Unicode.Scalar(char)))'" : "byte 0x" + Hex.encode([char]))
            throw .malformed("\(field()): expected base64url without padding, found \(shown) at position \(position)")
        }
        if unusedBits != 0 && strictness == .strict {
            throw .malformed("\(field()): expected canonical base64url, found non-zero unused bits in the last character")
        }
        return out
    }
}
