import PasskeyAuthenticator
import PasskeyClient
import PasskeyCore
import PasskeySoftwareProvider
import Testing

/// A page in an app's web view sends the Signal API's three calls through the bridge; the app
/// passes them to its PasskeySignaling, for the page's own relying party only.
@Suite("Web-view bridge: the Signal API")
struct BridgeSignalTests {
    static let origin = "https://app.example.com"

    actor Recorder: PasskeySignaling {
        private(set) var signals: [PasskeySignal] = []
        func signal(_ signal: PasskeySignal) { signals.append(signal) }
    }

    func bridge(_ recorder: Recorder) -> PasskeyBridge {
        let client = WebAuthnClient(origin: Self.origin, authenticator: SoftwareAuthenticator())
        return PasskeyBridge(provider: SoftwarePasskeyProvider(client: client), allowedOrigins: [Self.origin], signals: recorder)
    }

    func message(_ action: String, _ details: JSONObject) -> [UInt8] {
        Array(JSONValue.object(JSONObject(["action": .string(action), "options": .object(details)])).serialized().utf8)
    }

    @Test("each of the three calls reaches the app as its PasskeySignal, with raw bytes, and is answered ok")
    func delivered() async throws {
        let recorder = Recorder()
        let bridge = bridge(recorder)
        let calls: [(String, JSONObject, PasskeySignal)] = [
            (
                "signalUnknownCredential", JSONObject(["rpId": .string("example.com"), "credentialId": .string(Base64URL.encode([9, 9]))]),
                .unknownCredential(relyingPartyID: "example.com", credentialID: [9, 9])
            ),
            (
                "signalAllAcceptedCredentials",
                JSONObject([
                    "rpId": .string("example.com"), "userId": .string(Base64URL.encode([1, 2, 3])),
                    "allAcceptedCredentialIds": .array([.string(Base64URL.encode([7])), .string(Base64URL.encode([8, 8]))]),
                ]), .allAcceptedCredentials(relyingPartyID: "example.com", userHandle: [1, 2, 3], credentialIDs: [[7], [8, 8]])
            ),
            (
                "signalCurrentUserDetails",
                JSONObject([
                    "rpId": .string("app.example.com"), "userId": .string(Base64URL.encode([1, 2, 3])),
                    "name": .string("ada"), "displayName": .string("Ada Lovelace"),
                ]), .currentUserDetails(relyingPartyID: "app.example.com", userHandle: [1, 2, 3], name: "ada", displayName: "Ada Lovelace")
            ),
        ]
        for (action, details, _) in calls {
            let reply = await bridge.handle(message(action, details), from: Self.origin)
            #expect(reply == .object(JSONObject(["ok": .bool(true), "data": .object(JSONObject())])), "\(action): \(reply.serialized())")
        }
        #expect(await recorder.signals == calls.map(\.2))
    }

    @Test("a page cannot signal about another relying party, nor with malformed members; nothing reaches the app")
    func refused() async throws {
        let recorder = Recorder()
        let bridge = bridge(recorder)
        let otherSite = await bridge.handle(
            message("signalUnknownCredential", JSONObject(["rpId": .string("bank.example"), "credentialId": .string("AQID")])), from: Self.origin)
        #expect(otherSite.objectValue?["name"] == .string("SecurityError") && otherSite.objectValue?["code"] == .string("rpIdNotAllowed"))
        let malformed = await bridge.handle(
            message(
                "signalAllAcceptedCredentials",
                JSONObject(["rpId": .string("example.com"), "userId": .string("AQID"), "allAcceptedCredentialIds": .string("AQID")])),
            from: Self.origin)
        #expect(malformed.objectValue?["name"] == .string("TypeError") && malformed.objectValue?["code"] == .string("invalidMessage"))
        let notBase64URL = await bridge.handle(
            message(
                "signalCurrentUserDetails",
                JSONObject(["rpId": .string("example.com"), "userId": .string("a+b/"), "name": .string("a"), "displayName": .string("A")])),
            from: Self.origin)
        #expect(notBase64URL.objectValue?["ok"] == .bool(false))
        let strangerPage = await bridge.handle(
            message("signalUnknownCredential", JSONObject(["rpId": .string("evil.example"), "credentialId": .string("AQID")])),
            from: "https://evil.example")
        #expect(strangerPage.objectValue?["code"] == .string("originNotAllowed"))
        #expect(await recorder.signals.isEmpty)
    }
}
