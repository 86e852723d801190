/// A CBOR data item (RFC 8949), restricted to what WebAuthn and CTAP2 use.
///
/// Negative integers are held as their RFC 8949 argument `n`, meaning `-1 - n`, so the full CBOR range fits.
/// Maps keep their pairs in encoded order; lookups are linear, which is the fast choice for the handful of
/// keys a COSE key or attestation statement has and costs a fixed number of scans per document, as every reader
/// asks for named keys. The decoder's duplicate check, which meets every key, hashes large maps instead.
public enum CBORValue: Sendable, Hashable {
    /// Major type 0: an unsigned integer, 0 … 2⁶⁴−1.
    case unsigned(UInt64)
    /// The value `-1 - n`.
    case negative(UInt64)
    /// Major type 2: a byte string (keys, signatures, authenticator data).
    case bytes([UInt8])
    /// Major type 3: a UTF-8 text string, checked as UTF-8 when decoded.
    case text(String)
    /// Major type 4: an array, such as an attestation statement's `x5c`.
    case array([CBORValue])
    /// Major type 5: a map, its pairs in the order they were encoded. Decoded maps never repeat a key.
    case map([CBORPair])
    // Only the tag holds a CBORValue inline; arrays and maps are already heap storage, so nothing else is boxed.
    /// Major type 6: a tag number and the item it tags.
    indirect case tagged(UInt64, CBORValue)
    /// The simple values false (20) and true (21).
    case bool(Bool)
    /// The simple value null (22).
    case null
    /// The simple value undefined (23).
    case undefined
    /// A half-, single- or double-precision float, widened to `Double`; the encoder writes double precision.
    case float(Double)
    /// A simple value other than false, true, null and undefined.
    case simple(UInt8)

    /// An integer value (major type 0 or 1) that fits in `Int64`.
    public var intValue: Int64? {
        switch self {
        case .unsigned(let n): n <= UInt64(Int64.max) ? Int64(n) : nil
        case .negative(let n): n <= UInt64(Int64.max) ? -1 - Int64(n) : nil
        default: nil
        }
    }

    /// The bytes of a byte string; nil for any other item.
    public var bytesValue: [UInt8]? { if case .bytes(let b) = self { b } else { nil } }
    /// The string of a text string; nil for any other item.
    public var textValue: String? { if case .text(let t) = self { t } else { nil } }
    /// The items of an array; nil for any other item.
    public var arrayValue: [CBORValue]? { if case .array(let a) = self { a } else { nil } }
    /// The pairs of a map, in encoded order; nil for any other item. Look keys up with `subscript(intKey:)` and
    /// `subscript(textKey:)`.
    public var mapValue: [CBORPair]? { if case .map(let m) = self { m } else { nil } }

    /// Builds an integer item of the right major type.
    public static func int(_ value: Int64) -> CBORValue {
        value >= 0 ? .unsigned(UInt64(value)) : .negative(UInt64(-1 - value))
    }

    /// A short description of the item's type for error messages ("found a text string").
    public var typeName: String {
        switch self {
        case .unsigned, .negative: "an integer"
        case .bytes: "a byte string"
        case .text: "a text string"
        case .array: "an array"
        case .map: "a map"
        case .tagged(let tag, _): "a tag \(tag)"
        case .bool: "a boolean"
        case .null: "null"
        case .undefined: "undefined"
        case .float: "a float"
        case .simple(let v): "simple value \(v)"
        }
    }
}

/// One key–value entry of a CBOR map. Maps are arrays of pairs, not dictionaries, so that encoded order survives and
/// any item can be a key.
public struct CBORPair: Sendable, Hashable {
    /// The entry's key: an integer for COSE keys and CTAP2 parameters, text for attestation objects.
    public var key: CBORValue
    /// What the key maps to: any item, nested maps and arrays included.
    public var value: CBORValue
    /// A map entry. The encoder sorts entries canonically, so the order pairs are built in does not change the bytes.
    public init(_ key: CBORValue, _ value: CBORValue) {
        self.key = key
        self.value = value
    }
}

extension Array where Element == CBORPair {
    /// The value under an integer key (COSE labels, CTAP2 parameters).
    public subscript(intKey key: Int64) -> CBORValue? {
        for pair in self where pair.key.intValue == key { return pair.value }
        return nil
    }

    /// The value under a text key (attestation objects and statements).
    public subscript(textKey key: String) -> CBORValue? {
        for pair in self { if case .text(let k) = pair.key, k == key { return pair.value } }
        return nil
    }
}
