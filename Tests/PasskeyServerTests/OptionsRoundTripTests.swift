import Hummingbird
import HummingbirdTesting
import NIOCore
import PasskeyCore
import PasskeyServer
import Testing

/// The options `passkeys serve` sends are exactly the typed values' JSON: read into
/// ``PublicKeyCredentialCreationOptionsJSON`` / ``PublicKeyCredentialRequestOptionsJSON`` and written again, they come
/// out byte for byte as the server sent them, echoed members (in their order, unknown ones included) and all.
@Suite("Options JSON round-trips through the typed values")
struct OptionsRoundTripTests {
    static let okPrefix = #"{"status":"ok","errorMessage":"","#

    /// The options part of an `ok` answer, as the bytes the server wrote.
    func optionsText(_ client: some TestClientProtocol, _ path: String, _ body: String, session: String? = nil) async throws -> String {
        var headers: HTTPFields = [.contentType: "application/json"]
        if let session { headers[.authorization] = "Bearer \(session)" }
        let text = try await client.execute(uri: path, method: .post, headers: headers, body: ByteBuffer(string: body)) { String(buffer: $0.body) }
        try #require(text.hasPrefix(Self.okPrefix), "\(path): \(text)")
        return "{" + text.dropFirst(Self.okPrefix.count)
    }

    @Test("registration options: new account, echoed selection and extensions, and an account's exclude list", arguments: Backend.all)
    func creation(backend: Backend) async throws {
        try await TestServer.withServer(TestServer.configuration(backend.location(), userVerification: .required)) { client in
            let name = uniqueName()
            let requests = [
                #"{"username":"\#(name)"}"#,
                #"{"username":"\#(name)","displayName":"Ada","authenticatorSelection":{"x-vendor":[1,2.50,{"b":null}],"userVerification":"discouraged","residentKey":"required"},"attestation":"direct","extensions":{"credProps":true,"x-unknown":{"z":1,"a":2}}}"#,
            ]
            for request in requests {
                let sent = try await optionsText(client, "/attestation/options", request)
                let typed = try PublicKeyCredentialCreationOptionsJSON(jsonBytes: Array(sent.utf8))
                #expect(typed.jsonText == sent)
            }
            var browser = TestBrowser(origin: TestServer.origin)
            let session = try await client.register(name, browser: &browser)
            let sent = try await optionsText(client, "/attestation/options", #"{"username":"\#(name)"}"#, session: session)
            let typed = try PublicKeyCredentialCreationOptionsJSON(jsonBytes: Array(sent.utf8))
            #expect(typed.excludeCredentials.count == 1)
            #expect(typed.excludeCredentials.first?.transports == ["internal"])
            #expect(typed.jsonText == sent)
        }
    }

    @Test("sign-in options: a user's, a stand-in's and a discoverable one", arguments: Backend.all)
    func request(backend: Backend) async throws {
        try await TestServer.withServer(TestServer.configuration(backend.location())) { client in
            let name = uniqueName()
            var browser = TestBrowser(origin: TestServer.origin)
            _ = try await client.register(name, browser: &browser)
            for request in [
                #"{"username":"\#(name)","extensions":{"largeBlob":{"read":true},"x":[]}}"#, #"{"username":"\#(uniqueName())"}"#,
                #"{}"#, #"{"username":"","userVerification":"required"}"#,
            ] {
                let sent = try await optionsText(client, "/assertion/options", request)
                let typed = try PublicKeyCredentialRequestOptionsJSON(jsonBytes: Array(sent.utf8))
                #expect(typed.jsonText == sent)
            }
        }
    }
}
