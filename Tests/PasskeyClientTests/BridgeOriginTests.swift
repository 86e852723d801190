import Foundation
import PasskeyAuthenticator
import PasskeyClient
import PasskeyCore
import PasskeySoftwareProvider
import Testing

/// The bridge gives a page what a browser would (WebAuthn L3 §5.1.3 steps 6–8, §5.1.4.1 steps 5–7): nothing for an
/// insecure origin, and no RP ID that is not the page's host or a registrable suffix of it, whichever provider is
/// behind it.
@Suite("Web-view bridge: the page's origin bounds the RP ID")
struct BridgeOriginTests {
    enum Provider: String, CaseIterable, Sendable {
        /// The software authenticator, willing to sign for any RP ID it is given (its own origin is the app's domain).
        case software
        /// A stand-in for `PasskeysManager`: the platform answers for every domain the app is associated with.
        case platform
    }

    /// The provider, recording its calls, behind a bridge that allows `page`. The software authenticator believes it
    /// is at `https://<appDomain>`, so it would sign for `appDomain` itself: only the bridge can refuse.
    func bridge(page: String, appDomain: String, _ kind: Provider) -> (PasskeyBridge, RecordingProvider) {
        let inner: (any PasskeyProvider)? =
            switch kind {
            case .software: SoftwarePasskeyProvider(client: WebAuthnClient(origin: "https://\(appDomain)", authenticator: SoftwareAuthenticator()))
            case .platform: nil
            }
        let provider = RecordingProvider(wrapping: inner)
        return (PasskeyBridge(provider: provider, allowedOrigins: [page]), provider)
    }

    func message(_ action: String, rpID: String?) -> [UInt8] {
        let options: JSONObject
        if action == "create" {
            var rp = JSONObject(["name": .string("Example")])
            if let rpID { rp["id"] = .string(rpID) }
            options = JSONObject([
                "rp": .object(rp), "user": .object(JSONObject(["id": .string("AQID"), "name": .string("ada"), "displayName": .string("Ada")])),
                "challenge": .string("AAECAwQFBgcICQoLDA0ODw"),
                "pubKeyCredParams": .array([.object(JSONObject(["type": .string("public-key"), "alg": .number("-7")]))]),
            ])
        } else {
            var request = JSONObject(["challenge": .string("AAECAwQFBgcICQoLDA0ODw")])
            if let rpID { request["rpId"] = .string(rpID) }
            options = request
        }
        return Array(JSONValue.object(JSONObject(["action": .string(action), "options": .object(options)])).serialized().utf8)
    }

    struct Refusal: Sendable, CustomTestStringConvertible {
        let page: String
        let action: String
        let rpID: String?
        let code: String
        var testDescription: String { "\(action) from \(page) for \(rpID ?? "no RP ID") → \(code)" }
    }

    static let refusals = [
        Refusal(page: "http://app.example.com", action: "get", rpID: "app.example.com", code: "insecureOrigin"),
        Refusal(page: "http://app.example.com", action: "create", rpID: nil, code: "insecureOrigin"),
        Refusal(page: "http://192.168.1.20:8080", action: "get", rpID: "192.168.1.20", code: "insecureOrigin"),
        Refusal(page: "https://evil.example", action: "get", rpID: "bank.example", code: "rpIdNotAllowed"),
        Refusal(page: "https://evil.example", action: "create", rpID: "bank.example", code: "rpIdNotAllowed"),
        Refusal(page: "https://badexample.com", action: "get", rpID: "example.com", code: "rpIdNotAllowed"),
        Refusal(page: "https://example.com", action: "get", rpID: "com", code: "rpIdNotAllowed"),
        Refusal(page: "https://example.com", action: "create", rpID: "com", code: "rpIdNotAllowed"),
        Refusal(page: "https://example.com", action: "get", rpID: "login.example.com", code: "rpIdNotAllowed"),
    ]

    @Test(
        "an insecure page, another domain's RP ID and a public suffix are refused with SecurityError before the provider is asked",
        arguments: refusals, Provider.allCases)
    func refused(_ refusal: Refusal, _ kind: Provider) async throws {
        let appDomain = refusal.rpID ?? URLComponents(string: refusal.page)?.host ?? ""
        let (bridge, provider) = bridge(page: refusal.page, appDomain: appDomain, kind)
        let reply = try #require(await bridge.handle(message(refusal.action, rpID: refusal.rpID), from: refusal.page).objectValue)
        #expect(reply["ok"] == .bool(false))
        #expect(reply["name"] == .string("SecurityError"), "\(reply)")
        #expect(reply["code"] == .string(refusal.code), "\(reply)")
        #expect(reply["errMsg"]?.stringValue?.contains(refusal.page) == true, "the message names the page: \(reply)")
        #expect(await provider.log.calls.isEmpty, "the provider must never be asked")
    }

    struct Acceptance: Sendable, CustomTestStringConvertible {
        let page: String
        let rpID: String?
        /// The RP ID the provider must be asked for.
        let effective: String
        var testDescription: String { "create from \(page) for \(rpID ?? "no RP ID") → \(effective)" }
    }

    static let acceptances = [
        Acceptance(page: "https://login.example.com", rpID: "example.com", effective: "example.com"),
        Acceptance(page: "https://login.example.com", rpID: "login.example.com", effective: "login.example.com"),
        // No RP ID means the page's host (§5.1.3 step 8), never the app's own domain.
        Acceptance(page: "https://evil.example", rpID: nil, effective: "evil.example"),
        Acceptance(page: "http://localhost:8080", rpID: "localhost", effective: "localhost"),
        Acceptance(page: "http://127.0.0.1:8080", rpID: nil, effective: "127.0.0.1"),
    ]

    @Test("the page's host or a registrable suffix of it is passed on; no RP ID becomes the page's host", arguments: acceptances, Provider.allCases)
    func accepted(_ acceptance: Acceptance, _ kind: Provider) async throws {
        let (bridge, provider) = bridge(page: acceptance.page, appDomain: acceptance.effective, kind)
        let reply = try #require(await bridge.handle(message("create", rpID: acceptance.rpID), from: acceptance.page).objectValue)
        #expect(reply["ok"] == .bool(true), "\(reply)")
        #expect(await provider.log.calls.count == 1)
        #expect(await provider.requestedRPID() == acceptance.effective)
    }
}
