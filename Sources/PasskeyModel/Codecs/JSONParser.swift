/// A strict, bounded RFC 8259 parser producing ``JSONValue``.
///
/// Rejects: trailing content, duplicate member names, unpaired surrogates, invalid UTF-8, control characters in
/// strings, leading zeros, and nesting deeper than a bound (``defaultMaxDepth`` unless the caller gives one).
public struct JSONParser {
    /// The nesting depth a document may reach by default: WebAuthn JSON nests 3 or 4 levels, and a bound keeps a
    /// document of brackets from exhausting the stack.
    public static let defaultMaxDepth = 32

    // The parser only lives inside `withUnsafeBufferPointer` in `parse`, so the buffer outlives it.
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private let maxDepth: Int
    private let what: String

    /// Parses a complete JSON text.
    ///
    /// - Parameters:
    ///   - bytes: the text as UTF-8.
    ///   - what: names the document in error messages, e.g. `clientDataJSON`.
    ///   - maxDepth: how deeply arrays and objects may nest.
    /// - Throws: ``WebAuthnError``: `malformedInput` saying what was expected at which byte, `inputTooLarge` when
    ///   nesting exceeds `maxDepth`.
    public static func parse(_ bytes: [UInt8], what: String = "JSON", maxDepth: Int = defaultMaxDepth) throws(WebAuthnError) -> JSONValue {
        let result: Result<JSONValue, WebAuthnError> = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(WebAuthnError) -> JSONValue in
                var parser = JSONParser(bytes: buffer, maxDepth: maxDepth, what: what)
                parser.skipWhitespace()
                let value = try parser.parseValue(depth: 0)
                parser.skipWhitespace()
                guard parser.index == buffer.count else {
                    throw parser.error("expected the end of the document, found more content")
                }
                return value
            }
        }
        return try result.get()
    }

    /// Parses a complete JSON text given as a string, with the same rules as the overload that takes UTF-8 bytes.
    public static func parse(_ string: String, what: String = "JSON", maxDepth: Int = defaultMaxDepth) throws(WebAuthnError) -> JSONValue {
        try parse(Array(string.utf8), what: what, maxDepth: maxDepth)
    }

    /// Parses a JSON text that must be an object.
    public static func parseObject(_ bytes: [UInt8], what: String = "JSON") throws(WebAuthnError) -> JSONObject {
        let value = try parse(bytes, what: what)
        guard case .object(let object) = value else {
            throw .malformed("\(what): expected a JSON object, found \(value.typeName)")
        }
        return object
    }

    /// Parses a JSON text that must be an object, handing each element of its array member `streamed` to `element` as
    /// soon as that element is parsed, instead of keeping it: a large document (a FIDO metadata BLOB's `entries`) is
    /// never in memory as one tree, only one element's tree at a time. The same rules as parsing the whole document.
    ///
    /// - Returns: the object's other members, and `streamed` as an empty array when it was an array (any other value
    ///   is returned as it is, and `element` is not called).
    public static func parseObject(
        _ bytes: [UInt8], what: String = "JSON", streamingArray streamed: String, maxDepth: Int = defaultMaxDepth,
        element: (Int, JSONValue) throws(WebAuthnError) -> Void
    ) throws(WebAuthnError) -> JSONObject {
        let result: Result<JSONObject, WebAuthnError> = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(WebAuthnError) -> JSONObject in
                var parser = JSONParser(bytes: buffer, maxDepth: maxDepth, what: what)
                parser.skipWhitespace()
                guard parser.index < buffer.count, buffer[parser.index] == UInt8(ascii: "{") else {
                    throw parser.error("expected a JSON object")
                }
                let object = try parser.parseObject(depth: 1, streaming: streamed, element: element)
                parser.skipWhitespace()
                guard parser.index == buffer.count else {
                    throw parser.error("expected the end of the document, found more content")
                }
                return object
            }
        }
        return try result.get()
    }

    private init(bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int, what: String) {
        self.bytes = bytes
        self.maxDepth = maxDepth
        self.what = what
    }

    private func error(_ message: String) -> WebAuthnError {
        .malformed("\(what): \(message) at byte \(index)")
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private mutating func parseValue(depth: Int) throws(WebAuthnError) -> JSONValue {
        guard index < bytes.count else { throw error("expected a value, found the end of the document") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return .object(try parseObject(depth: depth + 1))
        case UInt8(ascii: "["): return .array(try parseArray(depth: depth + 1))
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw error("expected a value, found '\(Self.show(bytes[index]))'")
        }
    }

    private static func show(_ byte: UInt8) -> String {
        byte >= 0x20 && byte < 0x7F ? String(Character(Unicode.Scalar(byte))) : "0x" + Hex.encode([byte])
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(WebAuthnError) {
        let count = literal.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw error("expected '\(literal)', found the end of the document") }
        let matches = literal.withUTF8Buffer { buffer in
            var i = 0
            while i < count {
                if bytes[index + i] != buffer[i] { return false }
                i += 1
            }
            return true
        }
        guard matches else { throw error("expected '\(literal)'") }
        index += count
    }

    private mutating func parseObject(depth: Int) throws(WebAuthnError) -> JSONObject {
        try parseObject(depth: depth, streaming: nil) { (_, _) throws(WebAuthnError) in }
    }

    /// An object; with `streamed`, the elements of that member's array go to `element` and are not kept.
    private mutating func parseObject(
        depth: Int, streaming streamed: String?, element: (Int, JSONValue) throws(WebAuthnError) -> Void
    ) throws(WebAuthnError) -> JSONObject {
        guard depth <= maxDepth else { throw WebAuthnError(.inputTooLarge, "\(what): nesting deeper than \(maxDepth) levels at byte \(index)") }
        index += 1 // {
        skipWhitespace()
        if index < bytes.count && bytes[index] == UInt8(ascii: "}") {
            index += 1
            return JSONObject()
        }
        // Room for a WebAuthn object's members (a response has up to six): growing from empty reallocated the member
        // storage three times per object.
        var object = JSONObject(capacity: 8)
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("expected a member name in quotes") }
            let key = try parseString()
            // RFC 8259 §4 leaves duplicate names to the parser; two parsers resolving them differently is how a
            // verified value and a used value come apart, so a repeated name refuses the document.
            if object.contains(key) {
                throw error("expected unique member names, found '\(key)' twice")
            }
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected ':' after member name '\(key)'") }
            index += 1
            skipWhitespace()
            if let streamed, key == streamed, index < bytes.count, bytes[index] == UInt8(ascii: "[") {
                try streamArray(depth: depth + 1, element: element)
                object.appendUnchecked(key, .array([]))
            } else {
                let value = try parseValue(depth: depth)
                object.appendUnchecked(key, value)
            }
            skipWhitespace()
            guard index < bytes.count else { throw error("expected ',' or '}', found the end of the document") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            if bytes[index] == UInt8(ascii: "}") {
                index += 1
                return object
            }
            throw error("expected ',' or '}', found '\(Self.show(bytes[index]))'")
        }
    }

    /// An array whose elements go to `element` one by one, as ``parseArray(depth:)`` would have kept them.
    private mutating func streamArray(depth: Int, element: (Int, JSONValue) throws(WebAuthnError) -> Void) throws(WebAuthnError) {
        guard depth <= maxDepth else { throw WebAuthnError(.inputTooLarge, "\(what): nesting deeper than \(maxDepth) levels at byte \(index)") }
        index += 1 // [
        skipWhitespace()
        if index < bytes.count && bytes[index] == UInt8(ascii: "]") {
            index += 1
            return
        }
        var count = 0
        while true {
            skipWhitespace()
            try element(count, try parseValue(depth: depth))
            count += 1
            skipWhitespace()
            guard index < bytes.count else { throw error("expected ',' or ']', found the end of the document") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            if bytes[index] == UInt8(ascii: "]") {
                index += 1
                return
            }
            throw error("expected ',' or ']', found '\(Self.show(bytes[index]))'")
        }
    }

    private mutating func parseArray(depth: Int) throws(WebAuthnError) -> [JSONValue] {
        guard depth <= maxDepth else { throw WebAuthnError(.inputTooLarge, "\(what): nesting deeper than \(maxDepth) levels at byte \(index)") }
        index += 1 // [
        var items: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count && bytes[index] == UInt8(ascii: "]") {
            index += 1
            return items
        }
        while true {
            skipWhitespace()
            items.append(try parseValue(depth: depth))
            skipWhitespace()
            guard index < bytes.count else { throw error("expected ',' or ']', found the end of the document") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            if bytes[index] == UInt8(ascii: "]") {
                index += 1
                return items
            }
            throw error("expected ',' or ']', found '\(Self.show(bytes[index]))'")
        }
    }

    private mutating func parseNumber() throws(WebAuthnError) -> String {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else { throw error("expected a digit in a number") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, isDigit(bytes[index]) { throw error("expected no leading zero in a number") }
        } else {
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else { throw error("expected a digit after '.'") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count, isDigit(bytes[index]) else { throw error("expected a digit in an exponent") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    }

    private func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }

    /// The index of the first 8-byte word, from `index` on, that is not all plain string bytes: ASCII from space to
    /// DEL (0x20–0x7F) other than `"` and `\\`. The parser and `AuthenticationResponseScanner` both skip string
    /// contents with it.
    ///
    /// A ceremony's JSON is mostly long base64url strings; a word at a time, with the SWAR tests of "Bit Twiddling
    /// Hacks" (a zero byte, a byte below 0x20), costs about a third of the byte-at-a-time loop. A word
    /// holding anything else stops the skip, and the byte loop decides; the tests may flag a plain word (a borrow
    /// across bytes), never pass one that is not, so this only ever hands the byte loop more work, not less.
    @inline(__always)
    static func endOfPlainWords(in bytes: UnsafeBufferPointer<UInt8>, from index: Int) -> Int {
        guard let base = bytes.baseAddress else { return index }
        let raw = UnsafeRawPointer(base)
        let ones: UInt64 = 0x0101_0101_0101_0101
        let high: UInt64 = 0x8080_8080_8080_8080
        var index = index
        while index + 8 <= bytes.count {
            let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            let quote = word ^ (ones &* 0x22)
            let backslash = word ^ (ones &* 0x5C)
            let zeroByte = ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash)
            let control = (word &- ones &* 0x20) & ~word
            if (zeroByte | control | word) & high != 0 { return index }
            index += 8
        }
        return index
    }

    private mutating func parseString() throws(WebAuthnError) -> String {
        index += 1 // opening quote
        let start = index
        var ascii = true
        // Fast path: no escapes. ASCII needs no UTF-8 validation, which is what almost every WebAuthn string is.
        while index < bytes.count {
            index = Self.endOfPlainWords(in: bytes, from: index)
            guard index < bytes.count else { break }
            let b = bytes[index]
            if b == UInt8(ascii: "\"") {
                let span = UnsafeBufferPointer(rebasing: bytes[start..<index])
                let string: String
                if ascii {
                    string = String(decoding: span, as: UTF8.self)
                } else {
                    guard let validated = String(validating: span, as: UTF8.self) else {
                        throw error("expected valid UTF-8 in a string")
                    }
                    string = validated
                }
                index += 1
                return string
            }
            if b >= 0x80 { ascii = false }
            if b == UInt8(ascii: "\\") { break }
            if b < 0x20 { throw error("expected no raw control character in a string, found 0x\(Hex.encode([b]))") }
            index += 1
        }
        var scalars = [UInt8](bytes[start..<index])
        while index < bytes.count {
            let b = bytes[index]
            if b == UInt8(ascii: "\"") {
                guard let s = String(validating: scalars, as: UTF8.self) else { throw error("expected valid UTF-8 in a string") }
                index += 1
                return s
            }
            if b < 0x20 { throw error("expected no raw control character in a string, found 0x\(Hex.encode([b]))") }
            if b != UInt8(ascii: "\\") {
                scalars.append(b)
                index += 1
                continue
            }
            index += 1
            guard index < bytes.count else { break }
            let escaped = bytes[index]
            index += 1
            switch escaped {
            case UInt8(ascii: "\""): scalars.append(0x22)
            case UInt8(ascii: "\\"): scalars.append(0x5C)
            case UInt8(ascii: "/"): scalars.append(0x2F)
            case UInt8(ascii: "b"): scalars.append(0x08)
            case UInt8(ascii: "f"): scalars.append(0x0C)
            case UInt8(ascii: "n"): scalars.append(0x0A)
            case UInt8(ascii: "r"): scalars.append(0x0D)
            case UInt8(ascii: "t"): scalars.append(0x09)
            case UInt8(ascii: "u"):
                var code = try parseHex4()
                if (0xD800...0xDBFF).contains(code) {
                    guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                        throw error("expected a low surrogate after a high surrogate")
                    }
                    index += 2
                    let low = try parseHex4()
                    guard (0xDC00...0xDFFF).contains(low) else { throw error("expected a low surrogate after a high surrogate") }
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00...0xDFFF).contains(code) {
                    throw error("expected no unpaired low surrogate")
                }
                guard let scalar = Unicode.Scalar(code) else { throw error("expected a Unicode scalar value") }
                // Encoded in place: a String per escape would make a string of escapes cost an allocation each.
                UTF8.encode(scalar) { scalars.append($0) }
            default:
                throw error("expected a valid escape, found '\\\(Self.show(escaped))'")
            }
        }
        throw error("expected a closing quote, found the end of the document")
    }

    private mutating func parseHex4() throws(WebAuthnError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("expected four hex digits after \\u") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let c = bytes[index]
            let digit: UInt32
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(c - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(c - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(c - UInt8(ascii: "A") + 10)
            default: throw error("expected four hex digits after \\u")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }
}
