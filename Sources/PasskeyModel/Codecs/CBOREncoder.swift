/// Encodes ``CBORValue`` in CTAP2 canonical form (CTAP2 §8): shortest-form arguments, definite lengths and map
/// keys sorted by the canonical order. Floats are always written in double precision; WebAuthn data has none.
public enum CBOREncoder {
    /// The canonical encoding of `value`. Encoding what ``CBORDecoder`` decoded gives the same bytes when the input was
    /// canonical.
    public static func encode(_ value: CBORValue) -> [UInt8] {
        var out: [UInt8] = []
        encode(value, into: &out)
        return out
    }

    /// Appends the canonical encoding of `value` to `out`, for building a larger structure (an attestation object,
    /// authenticator data) without copying.
    public static func encode(_ value: CBORValue, into out: inout [UInt8]) {
        switch value {
        case .unsigned(let n): writeHead(major: 0, argument: n, into: &out)
        case .negative(let n): writeHead(major: 1, argument: n, into: &out)
        case .bytes(let b):
            writeHead(major: 2, argument: UInt64(b.count), into: &out)
            out.append(contentsOf: b)
        case .text(let t):
            let utf8 = Array(t.utf8)
            writeHead(major: 3, argument: UInt64(utf8.count), into: &out)
            out.append(contentsOf: utf8)
        case .array(let items):
            writeHead(major: 4, argument: UInt64(items.count), into: &out)
            for item in items { encode(item, into: &out) }
        case .map(let pairs):
            writeHead(major: 5, argument: UInt64(pairs.count), into: &out)
            let encoded = pairs.map { (key: encode($0.key), value: encode($0.value)) }
                .sorted { CBORDecoder.canonicallyPrecedes($0.key[...], $1.key[...]) }
            for pair in encoded {
                out.append(contentsOf: pair.key)
                out.append(contentsOf: pair.value)
            }
        case .tagged(let tag, let inner):
            writeHead(major: 6, argument: tag, into: &out)
            encode(inner, into: &out)
        case .bool(let b): out.append(b ? 0xF5 : 0xF4)
        case .null: out.append(0xF6)
        case .undefined: out.append(0xF7)
        case .float(let d):
            out.append(0xFB)
            let bits = d.bitPattern
            for shift in stride(from: 56, through: 0, by: -8) { out.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift))) }
        case .simple(let v):
            if v < 24 {
                out.append(0xE0 | v)
            } else {
                out.append(0xF8)
                out.append(v)
            }
        }
    }

    private static func writeHead(major: UInt8, argument: UInt64, into out: inout [UInt8]) {
        let m = major << 5
        switch argument {
        case 0..<24: out.append(m | UInt8(argument))
        case 24...0xFF:
            out.append(m | 24)
            out.append(UInt8(argument))
        case 0x100...0xFFFF:
            out.append(m | 25)
            out.append(UInt8(argument >> 8))
            out.append(UInt8(truncatingIfNeeded: argument))
        case 0x1_0000...0xFFFF_FFFF:
            out.append(m | 26)
            for shift in stride(from: 24, through: 0, by: -8) { out.append(UInt8(truncatingIfNeeded: argument >> UInt64(shift))) }
        default:
            out.append(m | 27)
            for shift in stride(from: 56, through: 0, by: -8) { out.append(UInt8(truncatingIfNeeded: argument >> UInt64(shift))) }
        }
    }
}
