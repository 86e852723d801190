import PasskeyCore
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a document costs to parse grows with its size, not with the square of its member count.
/// Each test times two documents in the same run and bounds the ratio, so a slow machine moves both sides together.
/// The time is the thread's own CPU time, not the wall clock's: other work on a busy machine (the rest of the suite,
/// parallel builds) takes the CPU away between runs but adds nothing to it, where the wall clock counted it (a linear
/// parse measured 8x in a quiet run and 26x beside the suite). The fastest of several runs is kept.
@Suite("Input cost", .serialized)
struct InputCostTests {
    static let size = 60 * 1024
    /// Documents of like items: linear code measures about 2x in a quiet run (escapes against plain text, a CBOR
    /// map against the same items as an array) and up to 10x with a release build compiling beside it (the two
    /// sides are timed apart, so load that comes and goes skews them); the quadratic CBOR key check measured 250x.
    static let allowedRatio = 32.0
    /// An object of many members against one an eighth as large, the same shape: linear code costs about 8x (the
    /// larger one's index outgrows the caches: up to 11x measured), quadratic member checks 64x (they measured 3,900x
    /// against a string of the same size). Comparing like with like keeps the ratio steadier under load, where the
    /// members-against-a-string ratio of the same code swung from 15x to 66x on a machine at load 15; the bound sits
    /// halfway between the two on a log scale.
    static let allowedMemberGrowth = 23.0

    /// Times `a` and `b` alternately, in the calling thread's CPU time, and returns the ratio of their fastest runs.
    static func ratio(_ a: () throws -> Void, to b: () throws -> Void, runs: Int = 11) throws -> Double {
        var fastestA = Double.infinity, fastestB = Double.infinity
        for _ in 0..<runs {
            fastestA = min(fastestA, try threadCPUSeconds(a))
            fastestB = min(fastestB, try threadCPUSeconds(b))
        }
        return fastestA / fastestB
    }

    /// The CPU time the calling thread spends in `body` (synchronous, so it runs on this thread throughout).
    static func threadCPUSeconds(_ body: () throws -> Void) throws -> Double {
        func now() -> Double {
            var time = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
            return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
        }
        let start = now()
        try body()
        return now() - start
    }

    /// `{"0":0,"1":0,…}` with base-36 names, at least `size` bytes.
    static func manyMembers(size: Int) -> [UInt8] {
        var text = "{"
        var n = 0
        while text.utf8.count < size {
            if n > 0 { text += "," }
            text += "\"\(String(n, radix: 36))\":0"
            n += 1
        }
        return Array((text + "}").utf8)
    }

    /// `{"s":"…"}` whose string is `lead` then `unit` repeated, about `size` bytes in all.
    static func oneString(size: Int, unit: String = "a", lead: String = "") -> [UInt8] {
        let room = (size - 8 - lead.utf8.count) / unit.utf8.count
        return Array(("{\"s\":\"" + lead + String(repeating: unit, count: room) + "\"}").utf8)
    }

    @Test("a 60 KiB object of 7,847 short members costs about 8x one an eighth the size, not 64x")
    func jsonMembers() throws {
        let members = Self.manyMembers(size: Self.size)
        let eighth = Self.manyMembers(size: Self.size / 8)
        let ratio = try Self.ratio({ _ = try JSONParser.parse(members) }, to: { _ = try JSONParser.parse(eighth) })
        #expect(ratio < Self.allowedMemberGrowth, "60 KiB of members / 7.5 KiB of members = \(ratio)")
    }

    @Test("a 60 KiB string of \\u escapes costs within a small factor of a plain 60 KiB string")
    func jsonEscapes() throws {
        let escaped = Self.oneString(size: Self.size, unit: "\\u00e9")
        // The plain string opens with one escape, so the parser reads all of it on the escape-aware path as it reads
        // the escaped one: the ratio is the cost of an escape against a plain byte. Without it, plain text takes
        // the word-at-a-time scan, many times faster than any per-byte path, and the ratio measures that.
        let plain = Self.oneString(size: escaped.count, lead: "\\n")
        let ratio = try Self.ratio({ _ = try JSONParser.parse(escaped) }, to: { _ = try JSONParser.parse(plain) })
        #expect(ratio < Self.allowedRatio, "escaped / plain = \(ratio)")
    }

    /// A map of as many text keys as the decoder's item bound allows, and an array of the very same items: the
    /// same bytes but the head, so only the map's key handling can make a difference.
    @Test("a CBOR map of 2,047 keys costs within a small factor of an array of the same items")
    func cborMap() throws {
        let pairs = (CBORDecoder.Options().maxItems - 1) / 2
        var body: [UInt8] = []
        for n in 0..<pairs {
            let key = Array("k\(n)".utf8)
            body += [0x60 | UInt8(key.count)] + key + [0x00]
        }
        let map = [0xB9, UInt8(pairs >> 8), UInt8(pairs & 0xFF)] + body
        let array = [0x99, UInt8((2 * pairs) >> 8), UInt8((2 * pairs) & 0xFF)] + body
        let ratio = try Self.ratio({ _ = try CBORDecoder.decode(map) }, to: { _ = try CBORDecoder.decode(array) })
        #expect(ratio < Self.allowedRatio, "map / array = \(ratio)")
    }
}

@Suite("Duplicate keys at every size")
struct DuplicateKeyTests {
    /// Counts on both sides of the point where lookups switch from a scan to a hash index, and far beyond.
    static let counts = Array(1...40) + [500, 3000]

    @Test("a JSON object refuses a repeated member name, first, middle or last", arguments: counts)
    func json(_ count: Int) throws {
        let names = (0..<count).map { "m\($0)" }
        for repeated in Set([names[0], names[count / 2], names[count - 1]]) {
            let text = "{" + (names + [repeated]).map { "\"\($0)\":1" }.joined(separator: ",") + "}"
            #expect(throws: WebAuthnError.self, "\(count) members, '\(repeated)' twice") { try JSONParser.parse(text) }
        }
        let unique = "{" + names.map { "\"\($0)\":1" }.joined(separator: ",") + "}"
        let parsed = try JSONParser.parse(unique)
        #expect(parsed.serialized() == unique, "member order survives a round trip")
    }

    @Test("a CBOR map refuses a repeated key, also when spelled in a longer encoding", arguments: counts.filter { $0 < 2000 })
    func cbor(_ count: Int) throws {
        var body: [UInt8] = []
        for n in 0..<count { body += CBOREncoder.encode(.unsigned(UInt64(n + 1))) + [0xF6] }
        let head = CBOREncoder.encode(.unsigned(UInt64(count + 1)))
        let mapHead = [0xA0 | head[0]] + head.dropFirst()
        #expect(throws: WebAuthnError.self) { try CBORDecoder.decode(mapHead + body + [0x01, 0xF6]) }
        // 0x18 0x01 is 1 in a two-byte encoding: the same key by value, refused outside canonical mode too.
        #expect(throws: WebAuthnError.self) { try CBORDecoder.decode(mapHead + body + [0x18, 0x01, 0xF6]) }
        let distinct = mapHead + body + CBOREncoder.encode(.unsigned(UInt64(count + 1))) + [0xF6]
        #expect(try CBORDecoder.decode(distinct).mapValue?.count == count + 1)
    }

    @Test("setting, replacing and removing members of a large object keeps lookups and order right")
    func largeObjectEdits() throws {
        var object = JSONObject()
        for n in 0..<100 { object["m\(n)"] = JSONValue(n) }
        object["m10"] = nil
        object["m20"] = JSONValue("twenty")
        object["m10"] = JSONValue(10)
        #expect(object["m99"] == JSONValue(99))
        #expect(object["m20"] == JSONValue("twenty"))
        #expect(object.keys.last == "m10" && object.keys.count == 100)
        for n in 21..<100 where n != 20 { object["m\(n)"] = nil }
        #expect(object.keys.count == 21 && object["m5"] == JSONValue(5) && object["m10"] == JSONValue(10))
    }
}
