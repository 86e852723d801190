import Foundation
import PasskeyAuthenticator
import PasskeyClient
import PasskeyCore
import PasskeySoftwareProvider
import Testing

/// Whatever a page posts reaches `PasskeyBridgeMessageHandler` as a Foundation object; every one of them gets a
/// clean reply, never an exception from the JSON serializer.
@Suite("Web-view bridge: any message body gets a clean reply")
struct BridgeMessageBodyTests {
    enum Junk: String, CaseIterable, Sendable {
        case string, number, notANumber, boolean, array, null, nanInside, infinityInside, dateInside, nestedDate, dataInside

        var body: Any {
            switch self {
            case .string: #"{"action":"get","options":{}}"#
            case .number: 42
            case .notANumber: Double.nan
            case .boolean: true
            case .array: [["action": "get"], 1, "x"] as [Any]
            case .null: NSNull()
            case .nanInside: ["action": "get", "options": ["challenge": "AAAA", "timeout": Double.nan]] as [String: Any]
            case .infinityInside: ["action": "get", "options": ["timeout": Double.infinity]] as [String: Any]
            case .dateInside: ["action": "get", "options": Date()] as [String: Any]
            case .nestedDate: ["action": "get", "options": ["allowCredentials": [["id": "AAAA", "seen": [Date()]]]]] as [String: Any]
            case .dataInside: ["action": "get", "options": ["challenge": Data([1, 2, 3])]] as [String: Any]
            }
        }
    }

    @Test("strings, numbers, NaN, arrays, null and objects holding non-JSON values are refused as invalid messages", arguments: Junk.allCases)
    func junk(_ junk: Junk) throws {
        let error: PasskeyError
        do {
            let bytes = try PasskeyBridge.message(fromBody: junk.body)
            Issue.record("expected a refusal, found \(String(decoding: bytes, as: UTF8.self))")
            return
        } catch let refusal {
            error = refusal
        }
        #expect(error.name == "TypeError" && error.code == "invalidMessage", "\(error)")
        #expect(error.message.hasPrefix("expected"), "the message says what was expected: \(error.message)")
        // The reply is itself clean JSON with the bridge's error shape.
        let reply = try JSONParser.parseObject(Array(PasskeyBridge.reply(refusing: error).serialized().utf8), what: "reply")
        #expect(reply["ok"] == .bool(false) && reply["code"] == .string("invalidMessage") && reply["name"] == .string("TypeError"))
        #expect(reply["errMsg"]?.stringValue == error.message)
    }

    @Test("an object body, as WebKit delivers a posted object, is serialized and answered by the bridge")
    func objectBody() async throws {
        let page = "https://app.example.com"
        let bridge = PasskeyBridge(
            provider: SoftwarePasskeyProvider(client: WebAuthnClient(origin: page, authenticator: SoftwareAuthenticator())), allowedOrigins: [page])
        let body: [String: Any] = [
            "action": "create",
            "options": [
                "rp": ["name": "Example"], "user": ["id": "AQID", "name": "ada", "displayName": "Ada"], "challenge": "AAECAwQFBgcICQoLDA0ODw",
                "pubKeyCredParams": [["type": "public-key", "alg": -7]],
                "authenticatorSelection": ["residentKey": "required", "requireResidentKey": true],
            ] as [String: Any],
        ]
        let reply = await bridge.handle(try PasskeyBridge.message(fromBody: body), from: page).objectValue
        #expect(reply?["ok"] == .bool(true), "\(String(describing: reply))")
    }

    @Test(
        "a frame's security origin in parts becomes a serialized origin the bridge checks",
        arguments: [
            ("https", "app.example.com", 0, "https://app.example.com"), ("http", "localhost", 8080, "http://localhost:8080"),
            ("http", "::1", 8080, "http://[::1]:8080"),
        ])
    func origin(_ scheme: String, _ host: String, _ port: Int, _ expected: String) {
        #expect(PasskeyBridge.origin(scheme: scheme, host: host, port: port) == expected)
    }
}
