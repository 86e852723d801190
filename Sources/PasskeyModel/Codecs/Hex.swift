/// Lower-case hexadecimal, for messages, AAGUIDs and `passkeys inspect`.
public enum Hex {
    private static let digits: [UInt8] = Array("0123456789abcdef".utf8)

    /// Two lower-case hex digits per byte, with `separator` between bytes (`":"` shows certificate fingerprints).
    public static func encode<Bytes: Sequence>(_ bytes: Bytes, separator: String = "") -> String where Bytes.Element == UInt8 {
        var out = [UInt8]()
        let sep = Array(separator.utf8)
        var first = true
        for byte in bytes {
            if !first { out.append(contentsOf: sep) }
            first = false
            append(byte, to: &out)
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the two lower-case hex digits of `byte` to `out`.
    static func append(_ byte: UInt8, to out: inout [UInt8]) {
        out.append(digits[Int(byte >> 4)])
        out.append(digits[Int(byte & 0x0F)])
    }

    /// Decodes an even-length hexadecimal string (either case); nil when it is not one.
    public static func decode(_ string: String) -> [UInt8]? {
        let chars = Array(string.utf8)
        guard chars.count % 2 == 0 else { return nil }
        var out = [UInt8]()
        out.reserveCapacity(chars.count / 2)
        var index = 0
        while index < chars.count {
            guard let high = nibble(chars[index]), let low = nibble(chars[index + 1]) else { return nil }
            out.append(high << 4 | low)
            index += 2
        }
        return out
    }

    /// The value of one hexadecimal digit (either case), or nil.
    static func nibble(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): c - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): c - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
