import Foundation
import PasskeyCore
import Testing

@Suite("base64url")
struct Base64URLTests {
    @Test("round-trips every length and byte value")
    func roundTrip() throws {
        for length in 0..<70 {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
            #expect(try Base64URL.decode(Base64URL.encode(bytes)) == bytes)
        }
        #expect(Base64URL.encode([0xFB, 0xFF]) == "-_8")
    }

    @Test("arrays, slices and non-contiguous collections encode as Foundation's base64 does, made url-safe and unpadded")
    func matchesFoundation() {
        for length in 0..<70 {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 97 &+ 200) }
            let expected = Data(bytes).base64EncodedString()
                .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
            #expect(Base64URL.encode(bytes) == expected)
            #expect(Base64URL.encode(([0x00] + bytes)[1...]) == expected)
            #expect(Base64URL.encode(bytes.lazy.map { $0 }) == expected)
            #expect(Base64URL.encode(Data(bytes)) == expected)
        }
    }

    @Test(
        "strict decoding refuses padding, the standard alphabet, bad lengths and non-canonical bits",
        arguments: ["-_8=", "+/8", "a", "ab$c", "AB==", "AR", "QUJD\n"])
    func strictRefusals(_ text: String) throws {
        #expect(throws: WebAuthnError.self) { try Base64URL.decode(text) }
    }

    @Test("lenient decoding accepts padding and the standard alphabet, but not wrong padding")
    func lenient() throws {
        #expect(try Base64URL.decode("+/8=", strictness: .lenient) == [0xFB, 0xFF])
        #expect(try Base64URL.decode("QUI=", strictness: .lenient) == Array("AB".utf8))
        #expect(throws: WebAuthnError.self) { try Base64URL.decode("QUI==", strictness: .lenient) }
    }

    @Test("the error names the field and the offending character")
    func message() {
        do {
            _ = try Base64URL.decode("ab=c", field: "response.signature")
            Issue.record("expected a failure")
        } catch {
            #expect(error.code == .malformedInput)
            #expect(error.message.contains("response.signature"))
            #expect(error.message.contains("'=' padding"))
        }
    }
}

@Suite("JSON")
struct JSONParserTests {
    @Test("parses every JSON type and keeps member order")
    func types() throws {
        let value = try JSONParser.parse(#" {"b": [1, -2.5e3, true, false, null], "a": "x\u00e9\ud83d\ude00\n", "c": {}} "#)
        guard case .object(let object) = value else {
            Issue.record("not an object")
            return
        }
        #expect(object.keys == ["b", "a", "c"])
        #expect(object["a"] == .string("xé😀\n"))
        #expect(object["b"] == .array([.number("1"), .number("-2.5e3"), .bool(true), .bool(false), .null]))
        #expect(try JSONParser.parse(value.serialized()) == value)
    }

    @Test("writes escapes, non-ASCII text and pretty layout byte for byte")
    func serializerBytes() throws {
        let value = JSONValue.object(
            JSONObject([
                "s": .string("q\"b\\n\nr\rt\tc\u{1}\u{1F}é😀 end"),
                "a": .array([.number("1"), .bool(true), .null, .array([]), .object(JSONObject())]),
            ]))
        let compact = #"{"s":"q\"b\\n\nr\rt\tc\u0001\u001fé😀 end","a":[1,true,null,[],{}]}"#
        #expect(value.serialized() == compact)
        #expect(value.serializedBytes() == Array(compact.utf8))
        #expect(
            value.serialized(pretty: true)
                == "{\n  \"s\": \"q\\\"b\\\\n\\nr\\rt\\tc\\u0001\\u001fé😀 end\",\n  \"a\": [\n    1,\n    true,\n    null,\n    [],\n    {}\n  ]\n}")
        #expect(try JSONParser.parse(value.serialized()) == value)
        // A bridged or sliced string (not native UTF-8 storage) is written the same way.
        let sliced = String("xx\"é\"yy".dropFirst(2).dropLast(2))
        #expect(JSONValue.string(sliced).serialized() == #""\"é\"""#)
    }

    @Test(
        "refuses malformed documents",
        arguments: [
            "", "{", "{\"a\":1,}", "{\"a\":1}x", "[01]", "{\"a\":1,\"a\":2}", "\"\\ud800\"", "\"\\x\"", "\"a\u{01}\"", "[1,]", "tru", "{a:1}", "1.",
            "-",
        ])
    func refusals(_ text: String) {
        #expect(throws: WebAuthnError.self) { try JSONParser.parse(text) }
    }

    @Test("refuses invalid UTF-8 inside strings")
    func invalidUTF8() {
        #expect(throws: WebAuthnError.self) { try JSONParser.parse([0x22, 0xC3, 0x28, 0x22]) }
    }

    @Test("bounds nesting depth")
    func depth() {
        let deep = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        do {
            _ = try JSONParser.parse(deep)
            Issue.record("expected a failure")
        } catch {
            #expect(error.code == .inputTooLarge)
        }
        #expect((try? JSONParser.parse(String(repeating: "[", count: 20) + String(repeating: "]", count: 20))) != nil)
    }

    @Test("typed accessors say what was expected and what was found")
    func typedAccess() throws {
        let object = try JSONParser.parseObject(Array(#"{"type": 5}"#.utf8))
        do {
            _ = try object.requiredString("type", in: "response")
            Issue.record("expected a failure")
        } catch {
            #expect(error.message == "response.type: expected a string, found a number")
        }
    }
}

@Suite("CBOR")
struct CBORTests {
    @Test("decodes the RFC 8949 appendix A examples WebAuthn uses")
    func appendixA() throws {
        let cases: [(String, CBORValue)] = [
            ("00", .unsigned(0)), ("17", .unsigned(23)), ("1818", .unsigned(24)), ("1903e8", .unsigned(1000)),
            ("1b000000e8d4a51000", .unsigned(1_000_000_000_000)), ("20", .negative(0)), ("3863", .negative(99)),
            ("3bffffffffffffffff", .negative(UInt64.max)), ("40", .bytes([])), ("4401020304", .bytes([1, 2, 3, 4])),
            ("6449455446", .text("IETF")), ("80", .array([])), ("83010203", .array([.unsigned(1), .unsigned(2), .unsigned(3)])),
            ("a201020304", .map([CBORPair(.unsigned(1), .unsigned(2)), CBORPair(.unsigned(3), .unsigned(4))])),
            ("f4", .bool(false)), ("f5", .bool(true)), ("f6", .null), ("f7", .undefined), ("f93c00", .float(1.0)),
            ("fa47c35000", .float(100000.0)), ("fb3ff199999999999a", .float(1.1)), ("c11a514b67b0", .tagged(1, .unsigned(1_363_896_240))),
        ]
        for (hex, expected) in cases {
            #expect(try CBORDecoder.decode(Hex.decode(hex)!) == expected, "\(hex)")
        }
    }

    @Test(
        "refuses indefinite lengths, reserved values, trailing bytes, lying lengths and duplicate keys",
        arguments: [
            "5f42010243030405ff", "9fff", "1c", "0000", "5a00010000", "7b00000000ffffffff", "a20102 0103", "62c328", "ff", "f818", "8a0102",
        ])
    func refusals(_ hex: String) {
        let bytes = Hex.decode(hex.replacingOccurrences(of: " ", with: ""))!
        #expect(throws: WebAuthnError.self) { try CBORDecoder.decode(bytes) }
    }

    @Test("a declared length larger than the input fails before allocating")
    func hugeLength() {
        #expect(throws: WebAuthnError.self) { try CBORDecoder.decode([0x9B, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]) }
        #expect(throws: WebAuthnError.self) { try CBORDecoder.decode([0xBB, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]) }
    }

    @Test("nesting depth is bounded")
    func depth() {
        let deep = [UInt8](repeating: 0x81, count: 40) + [0x00]
        do {
            _ = try CBORDecoder.decode(deep)
            Issue.record("expected a failure")
        } catch {
            #expect(error.code == .inputTooLarge)
        }
    }

    @Test("canonical mode refuses long-form integers and unsorted keys; the encoder writes canonical form")
    func canonical() throws {
        let strict = CBORDecoder.Options(requireCanonical: true)
        #expect(throws: WebAuthnError.self) { try CBORDecoder.decode([0x18, 0x05], options: strict) }
        #expect(throws: WebAuthnError.self) { try CBORDecoder.decode(Hex.decode("a203040102")!, options: strict) }
        let map = CBORValue.map([
            CBORPair(.text("authData"), .bytes([1])), CBORPair(.text("fmt"), .text("none")), CBORPair(.int(-1), .int(1)), CBORPair(.int(3), .int(-7)),
        ])
        let encoded = CBOREncoder.encode(map)
        let decoded = try CBORDecoder.decode(encoded, options: strict)
        #expect(decoded.mapValue?.map(\.key) == [.unsigned(3), .negative(0), .text("fmt"), .text("authData")])
        #expect(CBOREncoder.encode(decoded) == encoded)
    }

    @Test("decodePrefix reports where the item ends")
    func prefix() throws {
        let (value, end) = try CBORDecoder.decodePrefix([0x82, 0x01, 0x02, 0xFF, 0xFF], from: 0)
        #expect(value == .array([.unsigned(1), .unsigned(2)]))
        #expect(end == 3)
    }
}

@Suite("CBOR regressions")
struct CBORRegressionTests {
    @Test("a length that fits only if its own argument bytes were still unread is refused")
    func lengthCountsFromAfterTheArgument() {
        // 0x78 0x02: a text string of 2 bytes, declared with a 1-byte argument, followed by only 1 byte.
        #expect(throws: WebAuthnError.self) { try CBORDecoder.decode([0x78, 0x02, 0x61]) }
        // The same with an 8-byte argument: 0x7B then 8 length bytes declaring 8, and 1 byte of content.
        #expect(throws: WebAuthnError.self) { try CBORDecoder.decode([0x7B, 0, 0, 0, 0, 0, 0, 0, 8, 0x61]) }
        #expect(throws: WebAuthnError.self) { try CBORDecoder.decode([0x5B, 0, 0, 0, 0, 0, 0, 0, 8, 0x61]) }
    }
}

@Suite("RFC 3339 dates")
struct RFC3339Tests {
    @Test(
        "reads what ISO8601DateFormatter reads, to the millisecond",
        arguments: [
            "2026-11-23T10:09:01Z", "2026-11-23T10:09:01.123Z", "1970-01-01T00:00:00Z", "1969-12-31T23:59:59.999Z",
            "2000-02-29T12:00:00Z", "2024-02-29T23:59:59.5Z", "2026-11-23T11:09:01+01:00", "2026-11-23T05:39:01.25-04:30",
            "1900-03-01T00:00:00Z", "2100-12-31T23:59:59Z", "1600-03-01T00:00:00Z",
        ])
    func agreesWithFoundation(_ text: String) throws {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = text.contains(".") ? [.withInternetDateTime, .withFractionalSeconds] : [.withInternetDateTime]
        let expected = try #require(formatter.date(from: text)).timeIntervalSince1970
        let read = try #require(RFC3339.secondsSince1970(text))
        #expect(abs(read - expected) < 0.001, "\(text): \(read) vs \(expected)")
    }

    @Test("keeps nanoseconds and drops digits beyond them")
    func fractions() {
        #expect(RFC3339.secondsSince1970("1970-01-01T00:00:01.000000001Z") == 1.000000001)
        #expect(RFC3339.secondsSince1970("1970-01-01T00:00:00.1234567899999Z") == 0.123456789)
        #expect(RFC3339.secondsSince1970("1970-01-01T00:00:00.5Z") == 0.5)
    }

    @Test("reads back every instant it writes, to the millisecond, leap days and negative instants included")
    func roundTrip() {
        var generator = SystemRandomNumberGenerator()
        let fixed: [Int64] = [0, 1, 999, -1, -1000, 951_782_400_000, 1_709_164_800_123, -62_135_596_800_000, 253_402_300_799_999]
        let random = (0..<2000).map { _ in Int64.random(in: -62_135_596_800_000...253_402_300_799_999, using: &generator) }
        for milliseconds in fixed + random {
            let text = RFC3339.string(millisecondsSince1970: milliseconds)
            let read = RFC3339.secondsSince1970(text).map { Int64(($0 * 1000).rounded()) }
            #expect(read == milliseconds, "\(milliseconds) → \(text)")
        }
    }

    @Test("uses the proleptic Gregorian calendar RFC 3339 §5.6 names, also before 1582 (Foundation switches to Julian)")
    func prolepticGregorian() {
        #expect(RFC3339.secondsSince1970("0001-01-01T00:00:00Z") == -62_135_596_800)
        #expect(RFC3339.secondsSince1970("0000-02-29T00:00:00Z") != nil, "year 0 is a Gregorian leap year")
    }

    @Test(
        "refuses what is not a whole, valid RFC 3339 date-time",
        arguments: [
            "", "2026-11-23", "2026-11-23T10:09:01", "2026-11-23 10:09:01Z", "2026-11-23t10:09:01z", "2026-13-01T00:00:00Z",
            "2026-02-29T00:00:00Z", "2026-04-31T00:00:00Z", "2026-11-23T24:00:00Z", "2026-11-23T10:60:00Z", "2026-11-23T10:09:60Z",
            "2026-11-23T10:09:01.Z", "2026-11-23T10:09:01+0100", "2026-11-23T10:09:01+24:00", "2026-11-23T10:09:01Zx",
            "26-11-23T10:09:01Z", "2026-11-23T10:09:01.１Z", "２026-11-23T10:09:01Z", "2026-11-23T10:09:01+01:60",
        ])
    func refusals(_ text: String) {
        #expect(RFC3339.secondsSince1970(text) == nil)
    }
}
