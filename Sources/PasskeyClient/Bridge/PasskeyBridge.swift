public import PasskeyCore

/// The native side of the web-view bridge: a page posts `{"action":"create"|"get","options":{…}}` (optionally with
/// `"mediation":"conditional"|"immediate"`) and gets `{"ok":true,"data":{…}}` or
/// `{"ok":false,"errMsg":"…","name":"<DOMException name>","code":"<typed case>"}` (CONTRACT.md §1.7), the code being
/// ``PasskeyError/code``. Pages from origins outside the allow-list are refused.
///
/// Platform independent: `PasskeyBridgeMessageHandler` feeds it from a `WKWebView`, `passkeys bridge` from stdin.
public struct PasskeyBridge: Sendable {
    public let provider: any PasskeyProvider
    public let allowedOrigins: Set<String>

    /// The largest message accepted; options are a few KiB.
    public static let maximumMessageSize = 256 * 1024

    public init(provider: any PasskeyProvider, allowedOrigins: Set<String>) {
        self.provider = provider
        self.allowedOrigins = allowedOrigins
    }

    /// Answers one message from a page at `origin`.
    public func handle(_ message: [UInt8], from origin: String) async -> JSONValue {
        guard allowedOrigins.contains(origin) else {
            return Self.failure(name: "SecurityError", code: "originNotAllowed", "pages from \(origin) may not use passkeys through this app")
        }
        guard message.count <= Self.maximumMessageSize else {
            return Self.failure(name: "TypeError", code: "invalidMessage", "the message is larger than \(Self.maximumMessageSize / 1024) KiB")
        }
        let object: JSONObject
        do {
            object = try JSONParser.parseObject(message, what: "bridge message")
        } catch {
            return Self.failure(name: "TypeError", code: "invalidMessage", error.message)
        }
        guard case .object(let options)? = object["options"] else {
            return Self.failure(name: "TypeError", code: "invalidMessage", "expected an 'options' object in the message")
        }
        let mediation: PasskeyMediation? = switch object["mediation"] {
        case nil, .null?: .modal
        case .string(let value)?: PasskeyMediation(rawValue: value)
        default: nil
        }
        guard let mediation else {
            return Self.failure(name: "TypeError", code: "invalidMessage", "expected mediation 'optional', 'conditional' or 'immediate', found \(object["mediation"].map { $0.serialized() } ?? "none")")
        }
        do {
            switch object["action"]?.stringValue {
            case "create": return .object(JSONObject(["ok": .bool(true), "data": .object(try await provider.create(options, mediation: mediation))]))
            case "get": return .object(JSONObject(["ok": .bool(true), "data": .object(try await provider.get(options, mediation: mediation))]))
            default:
                return Self.failure(name: "TypeError", code: "invalidMessage", "expected action 'create' or 'get', found \(object["action"].map { $0.serialized() } ?? "none")")
            }
        } catch {
            return Self.failure(name: error.name, code: error.code, error.message)
        }
    }

    static func failure(name: String, code: String, _ message: String) -> JSONValue {
        .object(JSONObject(["ok": .bool(false), "errMsg": .string(message), "name": .string(name), "code": .string(code)]))
    }
}
