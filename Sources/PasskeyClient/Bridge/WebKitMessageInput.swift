import Foundation
public import PasskeyModel

/// What WebKit hands the bridge (a script message's body and the frame's security origin), turned into what
/// ``PasskeyBridge/handle(_:from:)`` takes. Platform independent, so the rules are tested on Linux with the bodies a
/// page can post; `PasskeyBridgeMessageHandler` only forwards.
extension PasskeyBridge {
    /// The JSON bytes of a `WKScriptMessage.body`, which is whatever the page posted, converted to Foundation
    /// objects: `NSDictionary`, `NSArray`, `NSString`, `NSNumber` (NaN and Infinity included), `NSDate`, `NSNull`,
    /// in any nesting.
    ///
    /// Only an object of JSON values is a message. Everything else is refused with a TypeError (`invalidMessage`)
    /// before Foundation's serializer sees it: `JSONSerialization.data(withJSONObject:)` raises an Objective-C
    /// exception, which Swift cannot catch, for a non-JSON value such as NaN or a date.
    public static func message(fromBody body: Any) throws(PasskeyError) -> [UInt8] {
        guard let object = body as? [String: Any] else {
            throw invalidMessage("expected a message object ({\"action\":…,\"options\":{…}}), found \(describe(body))")
        }
        guard JSONSerialization.isValidJSONObject(object) else {
            throw invalidMessage(
                "expected a message of JSON values (strings, finite numbers, booleans, null, arrays, objects), found NaN, Infinity, a date or another object inside it"
            )
        }
        do {
            return Array(try JSONSerialization.data(withJSONObject: object))
        } catch {
            throw invalidMessage("the message does not serialize as JSON: \(error.localizedDescription)")
        }
    }

    /// The serialized origin (`scheme://host[:port]`) of a frame whose security origin WebKit reports in parts;
    /// `port` 0 means the scheme's default. An IPv6 host is bracketed, as in a URL.
    public static func origin(scheme: String, host: String, port: Int) -> String {
        let authority = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        return port == 0 ? "\(scheme)://\(authority)" : "\(scheme)://\(authority):\(port)"
    }

    /// The reply that refuses a message, as ``handle(_:from:)`` answers any failure.
    public static func reply(refusing error: PasskeyError) -> JSONValue {
        .object(JSONObject(["ok": .bool(false), "errMsg": .string(error.message), "name": .string(error.name), "code": .string(error.code)]))
    }

    static func invalidMessage(_ message: String) -> PasskeyError {
        PasskeyError(.failed(reason: "invalidMessage"), message, name: "TypeError")
    }

    private static func describe(_ value: Any) -> String {
        switch value {
        case is String: "a string"
        case is NSNull: "null"
        case is [Any]: "an array"
        // WebKit delivers numbers and booleans alike as NSNumber.
        case is NSNumber, is Double, is Int, is Bool: "a number or boolean"
        default: "a value of type \(type(of: value))"
        }
    }
}
