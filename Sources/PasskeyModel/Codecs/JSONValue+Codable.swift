/// `Codable` for JSON values, so typed WebAuthn values that hold open-ended JSON (extension inputs, echoed
/// members) can travel through `JSONEncoder`, a Hummingbird response or a session store.
///
/// Through a `Codable` encoder a number becomes an `Int64` when its literal is an integer in range and a `Double`
/// otherwise, and member order is whatever the encoder keeps. Where exact bytes matter (options sent to a browser,
/// the round-trip tests), serialize with ``JSONValue/serialized(pretty:)``, which keeps both literal and order.
extension JSONValue: Codable {
    public init(from decoder: any Decoder) throws {
        if let keyed = try? decoder.container(keyedBy: MemberKey.self) {
            var object = JSONObject()
            for key in keyed.allKeys { object[key.stringValue] = try keyed.decode(JSONValue.self, forKey: key) }
            self = .object(object)
            return
        }
        if var unkeyed = try? decoder.unkeyedContainer() {
            var items: [JSONValue] = []
            while !unkeyed.isAtEnd { items.append(try unkeyed.decode(JSONValue.self)) }
            self = .array(items)
            return
        }
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            self = .null
        } else if let bool = try? single.decode(Bool.self) {
            self = .bool(bool)
        } else if let integer = try? single.decode(Int64.self) {
            self = .number(String(integer))
        } else if let double = try? single.decode(Double.self), double.isFinite {
            self = JSONValue(double)
        } else {
            self = .string(try single.decode(String.self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .null:
            var single = encoder.singleValueContainer()
            try single.encodeNil()
        case .bool(let bool):
            var single = encoder.singleValueContainer()
            try single.encode(bool)
        case .number(let literal):
            var single = encoder.singleValueContainer()
            if let integer = Int64(literal) {
                try single.encode(integer)
            } else if let double = Double(literal) {
                try single.encode(double)
            } else {
                throw EncodingError.invalidValue(literal, .init(codingPath: encoder.codingPath, debugDescription: "not a JSON number literal"))
            }
        case .string(let string):
            var single = encoder.singleValueContainer()
            try single.encode(string)
        case .array(let items):
            var unkeyed = encoder.unkeyedContainer()
            for item in items { try unkeyed.encode(item) }
        case .object(let object):
            var keyed = encoder.container(keyedBy: MemberKey.self)
            for member in object.members { try keyed.encode(member.value, forKey: MemberKey(member.key)) }
        }
    }

    /// Any member name.
    struct MemberKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(_ name: String) { stringValue = name }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}

extension JSONObject: Codable {
    public init(from decoder: any Decoder) throws {
        guard case .object(let object) = try JSONValue(from: decoder) else {
            throw DecodingError.typeMismatch(JSONObject.self, .init(codingPath: decoder.codingPath, debugDescription: "expected a JSON object"))
        }
        self = object
    }

    public func encode(to encoder: any Encoder) throws {
        try JSONValue.object(self).encode(to: encoder)
    }
}
