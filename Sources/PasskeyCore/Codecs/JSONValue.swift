/// A JSON value (RFC 8259) exactly as it was written: numbers keep their literal text, objects keep member order.
///
/// WebAuthn inputs are small and adversarial, so the project parses JSON itself rather than through a
/// general-purpose decoder: the parser knows a `true` from a `1`, rejects duplicate member names (which two
/// parsers could resolve differently), bounds nesting depth, and reports the path of a wrongly typed member.
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    /// The number's literal text, already checked against the RFC 8259 grammar.
    case number(String)
    case string(String)
    case array([JSONValue])
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

    public var stringValue: String? { if case .string(let s) = self { s } else { nil } }
    public var boolValue: Bool? { if case .bool(let b) = self { b } else { nil } }
    public var objectValue: JSONObject? { if case .object(let o) = self { o } else { nil } }
    public var arrayValue: [JSONValue]? { if case .array(let a) = self { a } else { nil } }

    /// The number as an exact integer, when it is written as one (no fraction, no exponent) and fits in `Int64`.
    public var int64Value: Int64? {
        guard case .number(let literal) = self else { return nil }
        return Int64(literal)
    }

    public init(_ string: String) { self = .string(string) }
    public init(_ int: Int) { self = .number(String(int)) }
    public init(_ int: Int64) { self = .number(String(int)) }
    public init(_ int: UInt32) { self = .number(String(int)) }
    public init(_ double: Double) {
        if double.rounded() == double && abs(double) < 1e15 {
            self = .number(String(Int64(double)))
        } else {
            self = .number(String(double))
        }
    }
    public init(_ bool: Bool) { self = .bool(bool) }
}

/// A JSON object whose members keep the order in which they were written or added.
public struct JSONObject: Sendable, Equatable {
    public struct Member: Sendable, Equatable {
        public var key: String
        public var value: JSONValue
        public init(key: String, value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    public private(set) var members: [Member]

    public init() { members = [] }
    public init(_ pairs: KeyValuePairs<String, JSONValue>) {
        members = pairs.map { Member(key: $0.key, value: $0.value) }
    }

    /// Members in the given order; a later duplicate key replaces the earlier value.
    public init(members: [Member]) {
        self.init()
        for member in members { self[member.key] = member.value }
    }

    public var keys: [String] { members.map(\.key) }
    public var isEmpty: Bool { members.isEmpty }

    /// The member's value; setting `nil` removes it, setting a new key appends it.
    public subscript(key: String) -> JSONValue? {
        get { members.first(where: { $0.key == key })?.value }
        set {
            if let index = members.firstIndex(where: { $0.key == key }) {
                if let newValue { members[index].value = newValue } else { members.remove(at: index) }
            } else if let newValue {
                members.append(Member(key: key, value: newValue))
            }
        }
    }

    mutating func appendUnchecked(_ key: String, _ value: JSONValue) {
        members.append(Member(key: key, value: value))
    }
}

// MARK: - Typed access with precise errors

extension JSONObject {
    private func wrongType(_ path: String, _ expected: String, _ found: JSONValue) -> WebAuthnError {
        .malformed("\(path): expected \(expected), found \(found.typeName)")
    }

    private func join(_ path: String, _ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    public func requiredString(_ key: String, in path: String = "") throws(WebAuthnError) -> String {
        guard let value = self[key] else { throw .malformed("\(join(path, key)): expected a string, found nothing (the member is required)") }
        guard case .string(let s) = value else { throw wrongType(join(path, key), "a string", value) }
        return s
    }

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

    public func optionalBool(_ key: String, in path: String = "") throws(WebAuthnError) -> Bool? {
        guard let value = self[key] else { return nil }
        guard case .bool(let b) = value else { throw wrongType(join(path, key), "a boolean", value) }
        return b
    }

    public func optionalInt(_ key: String, in path: String = "") throws(WebAuthnError) -> Int64? {
        guard let value = self[key] else { return nil }
        guard let i = value.int64Value else { throw wrongType(join(path, key), "an integer", value) }
        return i
    }

    public func requiredObject(_ key: String, in path: String = "") throws(WebAuthnError) -> JSONObject {
        guard let value = self[key] else { throw .malformed("\(join(path, key)): expected an object, found nothing (the member is required)") }
        guard case .object(let o) = value else { throw wrongType(join(path, key), "an object", value) }
        return o
    }

    public func optionalObject(_ key: String, in path: String = "") throws(WebAuthnError) -> JSONObject? {
        guard let value = self[key] else { return nil }
        guard case .object(let o) = value else { throw wrongType(join(path, key), "an object", value) }
        return o
    }

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

    public func optionalBase64URL(_ key: String, in path: String = "", strictness: Base64URL.Strictness) throws(WebAuthnError) -> [UInt8]? {
        guard let string = try optionalString(key, in: path) else { return nil }
        return try Base64URL.decode(string, field: join(path, key), strictness: strictness)
    }
}
