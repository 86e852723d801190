import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import PasskeyAuthenticator
import PasskeyCore
import PasskeyServer
import PasskeysExample
import Testing

/// The example's `/api/me` accepts the session tokens of a real `passkeys serve` (in this process, on a
/// loopback port), verified with jwt-kit against the JWKS it fetches from that server over HTTP, as any backend would.
@Suite("The example's API accepts passkeys serve's session tokens")
struct SessionTokenAPITests {
    static let origin = "http://localhost:8080"

    /// A `passkeys serve` with an in-memory database, a user signed up on it, and a token of theirs.
    static func withIdentityServer(
        audience: String, _ body: @Sendable (_ server: any TestClientProtocol, _ token: String, _ userID: String) async throws -> Void
    ) async throws {
        var configuration = ServerConfiguration(
            host: "127.0.0.1", port: 0, relyingParty: RelyingPartyConfiguration(rpID: "localhost", rpName: "Identity", origins: [origin]),
            database: .sqliteMemory, rateLimit: nil)
        configuration.tokens.audiences = [audience]
        var logger = Logger(label: "identity")
        logger.logLevel = .warning
        let (application, store) = try await PasskeysServer.makeApplication(configuration, logger: logger)
        do {
            try await run(application, body)
        } catch {
            try? await store.shutdown()
            throw error
        }
        try await store.shutdown()
    }

    static func run(
        _ application: some ApplicationProtocol,
        _ body: @Sendable (_ server: any TestClientProtocol, _ token: String, _ userID: String) async throws -> Void
    ) async throws {
        try await application.test(.live) { server in
            func post(_ path: String, _ body: [UInt8], session: String? = nil) async throws -> JSONObject {
                var headers: HTTPFields = [.contentType: "application/json"]
                if let session { headers[.authorization] = "Bearer \(session)" }
                return try await server.execute(uri: path, method: .post, headers: headers, body: ByteBuffer(bytes: body)) { response in
                    try JSONParser.parseObject(Array(response.body.readableBytesView))
                }
            }
            let client = WebAuthnClient(origin: origin, authenticator: SoftwareAuthenticator())
            let options = try await post("/attestation/options", Array(#"{"username":"ada"}"#.utf8))
            let created = try await client.create(options)
            let registered = try await post("/attestation/result", Array(JSONValue.object(created).serialized().utf8))
            let session = try #require(registered["session"]?.stringValue)
            let userID = try #require(registered["user"]?.objectValue?["id"]?.stringValue)
            let token = try #require(try await post("/session/token", Array("{}".utf8), session: session)["token"]?.stringValue)
            try await body(server, token, userID)
        }
    }

    static func verifier(_ server: any TestClientProtocol, audience: String) -> SessionTokenVerifier {
        SessionTokenVerifier(issuer: origin, audience: audience) {
            try await server.execute(uri: "/.well-known/jwks.json", method: .get) { Data(Array($0.body.readableBytesView)) }
        }
    }

    static func get(_ client: any TestClientProtocol, _ path: String, token: String?) async throws -> (HTTPResponse.Status, HTTPFields, JSONObject) {
        let headers: HTTPFields = token.map { [.authorization: "Bearer \($0)"] } ?? [:]
        return try await client.execute(uri: path, method: .get, headers: headers) { response in
            (response.status, response.headers, try JSONParser.parseObject(Array(response.body.readableBytesView)))
        }
    }

    @Test("a token of the identity server is accepted, and names the user")
    func accepted() async throws {
        try await Self.withIdentityServer(audience: "https://api.example.com") { server, token, userID in
            try await ExampleServer.run(configure: { $0.sessionTokens = Self.verifier(server, audience: "https://api.example.com") }) { app in
                let (status, _, body) = try await Self.get(app, "/api/me", token: token)
                #expect(status == .ok && body["sub"] == .string(userID), "\(body)")
                #expect(body["amr"] == .array([.string("hwk"), .string("user"), .string("mfa")]))
                // The sign-up verified the user just now: the step-up route lets the token through.
                #expect(try await Self.get(app, "/api/payments", token: token).0 == .ok)
            }
        }
    }

    @Test("no token, a forged one, or one for another API is refused with 401")
    func refused() async throws {
        try await Self.withIdentityServer(audience: "https://other-api.example.com") { server, token, _ in
            try await ExampleServer.run(configure: { $0.sessionTokens = Self.verifier(server, audience: "https://api.example.com") }) { app in
                let (none, headers, _) = try await Self.get(app, "/api/me", token: nil)
                #expect(none == .unauthorized && headers[.wwwAuthenticate]?.hasPrefix("Bearer") == true)
                #expect(try await Self.get(app, "/api/me", token: token).0 == .unauthorized, "another audience")
                let parts = token.split(separator: ".")
                let forged = parts[0] + "." + parts[1] + "." + String(parts[2].reversed())
                #expect(try await Self.get(app, "/api/me", token: String(forged)).0 == .unauthorized)
                #expect(try await Self.get(app, "/api/me", token: "a.b.c").0 == .unauthorized)
            }
        }
    }
}
