/// A strict, bounded CBOR decoder.
///
/// Every declared length and count is checked against the bytes that remain before anything is allocated, nesting
/// is limited, indefinite-length items and reserved encodings are rejected (CTAP2 §8 canonical form forbids
/// them), text must be valid UTF-8, and a map may not repeat a key. With ``Options/requireCanonical`` it also
/// demands the CTAP2 canonical form: shortest integer and length encodings and map keys in canonical order.
public struct CBORDecoder {
    /// Bounds and strictness for one decoding. The defaults are far above anything WebAuthn sends and far below what
    /// would cost real time or memory.
    public struct Options: Sendable {
        /// Maximum nesting depth of arrays, maps and tags.
        public var maxDepth: Int = 16
        /// Maximum number of items (of any depth) in one document, to bound work on tiny inputs full of headers.
        public var maxItems: Int = 4096
        /// Demand CTAP2 canonical encoding (shortest forms, sorted map keys).
        public var requireCanonical: Bool = false
        /// Options with the given bounds; the defaults suit attestation objects, COSE keys and authenticator
        /// extensions.
        public init(maxDepth: Int = 16, maxItems: Int = 4096, requireCanonical: Bool = false) {
            self.maxDepth = maxDepth
            self.maxItems = maxItems
            self.requireCanonical = requireCanonical
        }
    }

    private let bytes: [UInt8]
    private var index: Int
    private let options: Options
    private var itemCount = 0
    private let what: String

    /// Decodes exactly one item that must span all of `bytes`.
    ///
    /// - Parameters:
    ///   - bytes: the encoded item.
    ///   - what: names the document in error messages, e.g. `attestationObject`.
    ///   - options: bounds and canonical-form strictness; the defaults suit WebAuthn data.
    /// - Throws: ``WebAuthnError``: `malformedInput` for anything that is not one well-formed item, `inputTooLarge`
    ///   past the depth or item bound.
    public static func decode(_ bytes: [UInt8], what: String = "CBOR", options: Options = Options()) throws(WebAuthnError) -> CBORValue {
        let (value, end) = try decodePrefix(bytes, from: 0, what: what, options: options)
        guard end == bytes.count else {
            throw .malformed("\(what): expected \(end) bytes of CBOR, found \(bytes.count - end) trailing bytes after the item")
        }
        return value
    }

    /// Decodes one item starting at `start` and returns it with the index just past it.
    public static func decodePrefix(
        _ bytes: [UInt8], from start: Int, what: String = "CBOR", options: Options = Options()
    ) throws(WebAuthnError) -> (CBORValue, Int) {
        var decoder = CBORDecoder(bytes: bytes, index: start, options: options, what: what)
        let value = try decoder.decodeItem(depth: 0)
        return (value, decoder.index)
    }

    private init(bytes: [UInt8], index: Int, options: Options, what: String) {
        self.bytes = bytes
        self.index = index
        self.options = options
        self.what = what
    }

    private func error(_ message: String) -> WebAuthnError {
        .malformed("\(what): \(message) at byte \(index)")
    }

    private var remaining: Int { bytes.count - index }

    private mutating func readByte() throws(WebAuthnError) -> UInt8 {
        guard index < bytes.count else { throw error("expected more bytes, found the end of the input") }
        defer { index += 1 }
        return bytes[index]
    }

    private mutating func readUInt(_ count: Int) throws(WebAuthnError) -> UInt64 {
        guard remaining >= count else { throw error("expected a \(count)-byte argument, found \(remaining) bytes") }
        var value: UInt64 = 0
        for i in 0..<count { value = value << 8 | UInt64(bytes[index + i]) }
        index += count
        return value
    }

    /// Reads the argument of an initial byte; rejects indefinite lengths and reserved values.
    private mutating func readArgument(_ info: UInt8) throws(WebAuthnError) -> UInt64 {
        let value: UInt64
        let minimum: UInt64
        switch info {
        case 0..<24: return UInt64(info)
        case 24:
            value = try readUInt(1)
            minimum = 24
        case 25:
            value = try readUInt(2)
            minimum = 0x100
        case 26:
            value = try readUInt(4)
            minimum = 0x1_0000
        case 27:
            value = try readUInt(8)
            minimum = 0x1_0000_0000
        case 31: throw error("expected a definite length, found an indefinite-length item")
        default: throw error("expected a valid additional-information value, found reserved value \(info)")
        }
        if options.requireCanonical && value < minimum {
            throw error("expected the shortest encoding of \(value) (CTAP2 canonical form)")
        }
        return value
    }

    /// A length that must fit in what remains, each element taking at least `minimumSize` bytes.
    private func checkedLength(_ length: UInt64, minimumSize: Int, noun: String) throws(WebAuthnError) -> Int {
        guard length <= UInt64(remaining / minimumSize) else {
            throw error("expected at most \(remaining / minimumSize) \(noun) in the \(remaining) bytes left, found a declared \(length)")
        }
        return Int(length)
    }

    private mutating func decodeItem(depth: Int) throws(WebAuthnError) -> CBORValue {
        itemCount += 1
        guard itemCount <= options.maxItems else {
            throw WebAuthnError(.inputTooLarge, "\(what): more than \(options.maxItems) CBOR items")
        }
        let initial = try readByte()
        let major = initial >> 5
        let info = initial & 0x1F
        switch major {
        case 0:
            return .unsigned(try readArgument(info))
        case 1:
            return .negative(try readArgument(info))
        case 2:
            // Read the argument first: as a call argument it would be evaluated after `self` was captured
            // for `checkedLength`, which would then measure what remains from before the argument bytes.
            let declared = try readArgument(info)
            let length = try checkedLength(declared, minimumSize: 1, noun: "bytes")
            defer { index += length }
            return .bytes(Array(bytes[index..<index + length]))
        case 3:
            let declared = try readArgument(info)
            let length = try checkedLength(declared, minimumSize: 1, noun: "bytes")
            guard let text = String(validating: bytes[index..<index + length], as: UTF8.self) else {
                throw error("expected valid UTF-8 in a text string")
            }
            index += length
            return .text(text)
        case 4:
            guard depth < options.maxDepth else { throw WebAuthnError(.inputTooLarge, "\(what): nesting deeper than \(options.maxDepth) levels") }
            let declared = try readArgument(info)
            let count = try checkedLength(declared, minimumSize: 1, noun: "array elements")
            var items: [CBORValue] = []
            items.reserveCapacity(count)
            for _ in 0..<count { items.append(try decodeItem(depth: depth + 1)) }
            return .array(items)
        case 5:
            guard depth < options.maxDepth else { throw WebAuthnError(.inputTooLarge, "\(what): nesting deeper than \(options.maxDepth) levels") }
            let declared = try readArgument(info)
            let count = try checkedLength(declared, minimumSize: 2, noun: "map entries")
            var pairs: [CBORPair] = []
            pairs.reserveCapacity(count)
            var previousKeyBytes: ArraySlice<UInt8>? = nil
            // RFC 8949 §5.6: a map with a repeated key is not valid. Keys are compared by value (so 1 and its
            // longer spelling 0x18 0x01 are the same key), by a scan while the map is small and by hashing past
            // that, so the check stays linear however many keys an attacker sends.
            let hashed = count > KeyLookup.linearLimit
            var seen: Set<CBORValue> = []
            if hashed { seen.reserveCapacity(count) }
            for _ in 0..<count {
                let keyStart = index
                let key = try decodeItem(depth: depth + 1)
                let keyBytes = bytes[keyStart..<index]
                // A key holding a NaN equals nothing, not even itself, so it can never repeat; leaving it out of
                // the set keeps identical NaNs, which hash alike, from piling into one bucket.
                let repeated = hashed ? key == key && !seen.insert(key).inserted : pairs.contains { $0.key == key }
                if repeated {
                    throw error("expected unique map keys, found a repeated key")
                }
                if options.requireCanonical, let previous = previousKeyBytes, !Self.canonicallyPrecedes(previous, keyBytes) {
                    throw error("expected map keys in CTAP2 canonical order")
                }
                previousKeyBytes = keyBytes
                let value = try decodeItem(depth: depth + 1)
                pairs.append(CBORPair(key, value))
            }
            return .map(pairs)
        case 6:
            guard depth < options.maxDepth else { throw WebAuthnError(.inputTooLarge, "\(what): nesting deeper than \(options.maxDepth) levels") }
            let tag = try readArgument(info)
            return .tagged(tag, try decodeItem(depth: depth + 1))
        default: // 7
            switch info {
            case 20: return .bool(false)
            case 21: return .bool(true)
            case 22: return .null
            case 23: return .undefined
            case 24:
                let value = try readByte()
                guard value >= 32 else { throw error("expected a two-byte simple value of at least 32, found \(value)") }
                return .simple(value)
            case 25: return .float(Double(Float16Bits.decode(UInt16(try readUInt(2)))))
            case 26: return .float(Double(Float(bitPattern: UInt32(try readUInt(4)))))
            case 27: return .float(Double(bitPattern: try readUInt(8)))
            case 31: throw error("expected an item, found a 'break' outside an indefinite-length item")
            case 0..<20: return .simple(info)
            default: throw error("expected a valid simple value, found reserved value \(info)")
            }
        }
    }

    /// CTAP2 canonical key order (the RFC 7049 §3.9 rule): shorter encoded keys first, then bytewise lexical order.
    static func canonicallyPrecedes(_ a: ArraySlice<UInt8>, _ b: ArraySlice<UInt8>) -> Bool {
        if a.count != b.count { return a.count < b.count }
        return a.lexicographicallyPrecedes(b)
    }
}

/// IEEE 754 half precision, decoded by hand so the codec has no platform dependency on `Float16`.
enum Float16Bits {
    static func decode(_ bits: UInt16) -> Float {
        let sign: Float = bits & 0x8000 != 0 ? -1 : 1
        let exponent = Int((bits >> 10) & 0x1F)
        let fraction = Float(bits & 0x3FF)
        switch exponent {
        case 0: return sign * fraction * Float(sign: .plus, exponent: -24, significand: 1)
        case 31: return fraction == 0 ? sign * .infinity : .nan
        default: return sign * (1 + fraction / 1024) * Float(sign: .plus, exponent: exponent - 15, significand: 1)
        }
    }
}
