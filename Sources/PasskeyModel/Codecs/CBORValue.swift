/// A CBOR data item (RFC 8949), restricted to what WebAuthn and CTAP2 use.
///
/// Negative integers are held as their RFC 8949 argument `n`, meaning `-1 - n`, so the full CBOR range fits.
/// Maps keep their pairs in encoded order; lookups are linear, which is the fast choice for the handful of
/// keys a COSE key or attestation statement has and costs a fixed number of scans per document, as every reader
/// asks for named keys. The decoder's duplicate check, which meets every key, hashes large maps instead.
public enum CBORValue: Sendable, Hashable {
    case unsigned(UInt64)
    /// The value `-1 - n`.
    case negative(UInt64)
    case bytes([UInt8])
    case text(String)
    case array([CBORValue])
    case map([CBORPair])
    // Only the tag holds a CBORValue inline; arrays and maps are already heap storage, so nothing else is boxed.
    indirect case tagged(UInt64, CBORValue)
    case bool(Bool)
    case null
    case undefined
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

    public var bytesValue: [UInt8]? { if case .bytes(let b) = self { b } else { nil } }
    public var textValue: String? { if case .text(let t) = self { t } else { nil } }
    public var arrayValue: [CBORValue]? { if case .array(let a) = self { a } else { nil } }
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

public struct CBORPair: Sendable, Hashable {
    public var key: CBORValue
    public var value: CBORValue
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
