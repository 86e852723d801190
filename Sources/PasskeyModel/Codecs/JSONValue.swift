/// A JSON value (RFC 8259) exactly as it was written: numbers keep their literal text, objects keep member order.
///
/// WebAuthn inputs are small and adversarial, so the project parses JSON itself rather than through a
/// general-purpose decoder: the parser knows a `true` from a `1`, rejects duplicate member names (which two
/// parsers could resolve differently), bounds nesting depth, and reports the path of a wrongly typed member.
public enum JSONValue: Sendable, Equatable {
    /// `null`. Some WebIDL members serialize an absent value as `null` (see `JSONObject.nullableString(_:in:)`).
    case null
    /// `true` or `false`, kept apart from numbers: a `1` where a boolean belongs is refused, not read as `true`.
    case bool(Bool)
    /// The number's literal text, already checked against the RFC 8259 grammar.
    case number(String)
    /// A string, unescaped; surrogate pairs joined and unpaired surrogates refused.
    case string(String)
    /// An array; its elements keep their order.
    case array([JSONValue])
    /// An object, members in the order written; names never repeat.
    case object(JSONObject)

    /// A short name of the value's JSON type, for error messages ("found a number").
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// The string, if this is a string; nil otherwise.
    public var stringValue: String? { if case .string(let s) = self { s } else { nil } }
    /// The boolean, if this is one; nil otherwise, including for numbers.
    public var boolValue: Bool? { if case .bool(let b) = self { b } else { nil } }
    /// The object, if this is an object; nil otherwise.
    public var objectValue: JSONObject? { if case .object(let o) = self { o } else { nil } }
    /// The elements, if this is an array; nil otherwise.
    public var arrayValue: [JSONValue]? { if case .array(let a) = self { a } else { nil } }

    /// The number as an exact integer, when it is written as one (no fraction, no exponent) and fits in `Int64`.
    public var int64Value: Int64? {
        guard case .number(let literal) = self else { return nil }
        return Int64(literal)
    }

    /// `.string(string)`, so builders can write `JSONValue("public-key")`.
    public init(_ string: String) { self = .string(string) }
    /// A number written as the integer's decimal digits.
    public init(_ int: Int) { self = .number(String(int)) }
    /// A number written as the integer's decimal digits, such as a COSE algorithm identifier.
    public init(_ int: Int64) { self = .number(String(int)) }
    /// A number written as the integer's decimal digits, such as a signature counter.
    public init(_ int: UInt32) { self = .number(String(int)) }
    /// A number: whole values below 10¹⁵ are written as integers (`5` rather than `5.0`), others as Swift prints them.
    /// Not for NaN or infinities, which JSON cannot express.
    public init(_ double: Double) {
        if double.rounded() == double && abs(double) < 1e15 {
            self = .number(String(Int64(double)))
        } else {
            self = .number(String(double))
        }
    }
    /// `.bool(bool)`: `true` or `false`, never a number.
    public init(_ bool: Bool) { self = .bool(bool) }
}

/// A JSON object whose members keep the order in which they were written or added.
///
/// Lookups cost the same whatever the member count (a 62 KiB body of 7,400 members must not cost 50
/// times a 62 KiB string). Small objects, which is nearly every WebAuthn object, are searched linearly: that beats
/// hashing for a few short keys. Past 16 members (`KeyLookup.linearLimit`) a hash index of positions sits beside the
/// ordered array, which stays the one source of member order for serialization.
public struct JSONObject: Sendable, Equatable {
    /// One name–value member of an object.
    public struct Member: Sendable, Equatable {
        /// The member name, unique within its object.
        public var key: String
        /// What the name maps to. A member holding `null` is present, unlike a missing one, and the typed accessors
        /// tell the two apart.
        public var value: JSONValue
        /// A member named `key` holding `value`.
        public init(key: String, value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    /// Every member in order: what serialization writes and equality compares. Change members through the subscript,
    /// which keeps names unique.
    public private(set) var members: [Member]
    /// Each key's index in `members`; empty while `members.count <= KeyLookup.linearLimit`.
    private var positions: [String: Int] = [:]

    /// An empty object, to fill through the subscript.
    public init() { members = [] }

    /// An empty object with room for `capacity` members before its storage grows (the parser's objects).
    init(capacity: Int) {
        members = []
        members.reserveCapacity(capacity)
    }

    /// Members in the given order; a later duplicate key replaces the earlier value.
    public init(_ pairs: KeyValuePairs<String, JSONValue>) {
        self.init()
        for (key, value) in pairs { self[key] = value }
    }

    /// Members in the given order; a later duplicate key replaces the earlier value.
    public init(members: [Member]) {
        self.init()
        for member in members { self[member.key] = member.value }
    }

    /// The member names, in order.
    public var keys: [String] { members.map(\.key) }
    /// Whether there are no members: the object serializes as `{}`.
    public var isEmpty: Bool { members.isEmpty }

    /// The member's value; setting `nil` removes it, setting a new key appends it.
    public subscript(key: String) -> JSONValue? {
        get { position(of: key).map { members[$0].value } }
        set {
            if let index = position(of: key) {
                if let newValue { members[index].value = newValue } else { remove(at: index) }
            } else if let newValue {
                append(Member(key: key, value: newValue))
            }
        }
    }

    func contains(_ key: String) -> Bool { position(of: key) != nil }

    /// Appends a member the caller has checked is not present (the parser, which refuses duplicates itself).
    mutating func appendUnchecked(_ key: String, _ value: JSONValue) {
        append(Member(key: key, value: value))
    }

    /// The index is derived from `members`, so equality is member equality, order included.
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool { lhs.members == rhs.members }

    private func position(of key: String) -> Int? {
        // Lengths first: a native string knows its UTF-8 count, and most keys differ in it, so most comparisons end
        // there instead of in the standard library's string comparison (those comparisons were a tenth
        // of what an ES256 verification spent beyond the raw signature check).
        guard members.count <= KeyLookup.linearLimit else { return positions[key] }
        let length = key.utf8.count
        return members.firstIndex { $0.key.utf8.count == length && $0.key == key }
    }

    /// Appends a member whose key is not present.
    private mutating func append(_ member: Member) {
        members.append(member)
        guard members.count > KeyLookup.linearLimit else { return }
        if positions.isEmpty { reindex() } else { positions[member.key] = members.count - 1 }
    }

    /// Removing shifts every later member, so the index is rebuilt: linear, like the removal itself.
    private mutating func remove(at index: Int) {
        members.remove(at: index)
        if members.count > KeyLookup.linearLimit { reindex() } else { positions = [:] }
    }

    private mutating func reindex() {
        var rebuilt: [String: Int] = [:]
        rebuilt.reserveCapacity(members.count)
        for (index, member) in members.enumerated() { rebuilt[member.key] = index }
        positions = rebuilt
    }
}

// MARK: - Typed access with precise errors

extension JSONObject {
    private func wrongType(_ path: String, _ expected: String, _ found: JSONValue) -> WebAuthnError {
        .malformed("\(path): expected \(expected), found \(found.typeName)")
    }

    private func join(_ path: String, _ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    /// The string member `key`. `path` says where this object sits in the document (`response`), so that an error
    /// names the member in full (`response.clientDataJSON`); the other accessors take it too.
    ///
    /// - Throws: ``WebAuthnError`` (`malformedInput`) when the member is missing or not a string.
    public func requiredString(_ key: String, in path: String = "") throws(WebAuthnError) -> String {
        guard let value = self[key] else { throw .malformed("\(join(path, key)): expected a string, found nothing (the member is required)") }
        guard case .string(let s) = value else { throw wrongType(join(path, key), "a string", value) }
        return s
    }

    /// The string member `key`, or nil when absent. A `null` is a wrong type here; see ``nullableString(_:in:)``.
    ///
    /// - Throws: ``WebAuthnError`` (`malformedInput`) when the member is present and not a string.
    public func optionalString(_ key: String, in path: String = "") throws(WebAuthnError) -> String? {
        guard let value = self[key] else { return nil }
        guard case .string(let s) = value else { throw wrongType(join(path, key), "a string", value) }
        return s
    }

    /// An optional string member that may also be `null` (both mean absent), as WebIDL nullable members serialize.
    public func nullableString(_ key: String, in path: String = "") throws(WebAuthnError) -> String? {
        if case .null? = self[key] { return nil }
        return try optionalString(key, in: path)
    }

    /// The boolean member `key`, or nil when absent.
    ///
    /// - Throws: ``WebAuthnError`` (`malformedInput`) when the member is present and not `true` or `false`.
    public func optionalBool(_ key: String, in path: String = "") throws(WebAuthnError) -> Bool? {
        guard let value = self[key] else { return nil }
        guard case .bool(let b) = value else { throw wrongType(join(path, key), "a boolean", value) }
        return b
    }

    /// The integer member `key`, or nil when absent.
    ///
    /// - Throws: ``WebAuthnError`` (`malformedInput`) when the member is present and not a number written as an integer
    ///   that fits in `Int64` (`1.0` and `1e3` are refused).
    public func optionalInt(_ key: String, in path: String = "") throws(WebAuthnError) -> Int64? {
        guard let value = self[key] else { return nil }
        guard let i = value.int64Value else { throw wrongType(join(path, key), "an integer", value) }
        return i
    }

    /// The object member `key`.
    ///
    /// - Throws: ``WebAuthnError`` (`malformedInput`) when the member is missing or not an object.
    public func requiredObject(_ key: String, in path: String = "") throws(WebAuthnError) -> JSONObject {
        guard let value = self[key] else { throw .malformed("\(join(path, key)): expected an object, found nothing (the member is required)") }
        guard case .object(let o) = value else { throw wrongType(join(path, key), "an object", value) }
        return o
    }

    /// The object member `key`, or nil when absent.
    ///
    /// - Throws: ``WebAuthnError`` (`malformedInput`) when the member is present and not an object.
    public func optionalObject(_ key: String, in path: String = "") throws(WebAuthnError) -> JSONObject? {
        guard let value = self[key] else { return nil }
        guard case .object(let o) = value else { throw wrongType(join(path, key), "an object", value) }
        return o
    }

    /// The array-of-strings member `key`, or nil when absent.
    ///
    /// - Throws: ``WebAuthnError`` (`malformedInput`) when the member is not an array, naming the first element that is
    ///   not a string by its index.
    public func optionalStringArray(_ key: String, in path: String = "") throws(WebAuthnError) -> [String]? {
        guard let value = self[key] else { return nil }
        guard case .array(let items) = value else { throw wrongType(join(path, key), "an array of strings", value) }
        var out: [String] = []
        out.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            guard case .string(let s) = item else { throw wrongType("\(join(path, key))[\(index)]", "a string", item) }
            out.append(s)
        }
        return out
    }

    /// A required base64url member, decoded.
    public func requiredBase64URL(_ key: String, in path: String = "", strictness: Base64URL.Strictness) throws(WebAuthnError) -> [UInt8] {
        let string = try requiredString(key, in: path)
        return try Base64URL.decode(string, field: join(path, key), strictness: strictness)
    }

    /// The base64url string member `key`, decoded, or nil when absent.
    ///
    /// - Throws: ``WebAuthnError`` (`malformedInput`) when the member is not a string or not base64url under
    ///   `strictness`.
    public func optionalBase64URL(_ key: String, in path: String = "", strictness: Base64URL.Strictness) throws(WebAuthnError) -> [UInt8]? {
        guard let string = try optionalString(key, in: path) else { return nil }
        return try Base64URL.decode(string, field: join(path, key), strictness: strictness)
    }
}
