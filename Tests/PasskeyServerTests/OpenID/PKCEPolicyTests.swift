import Crypto
import Foundation
import HTTPTypes
import HummingbirdTesting
import PasskeyCore
import Testing

@testable import PasskeyServer
@testable import PasskeyStore

/// Each client's PKCE policy: required of public clients always, of confidential ones unless registered with
/// `pkce: optional` (RFC 9700 §2.1.1), with the downgrade rule for every client.
@Suite struct PKCEPolicyTests {
    static let redirect = "https%3A%2F%2Fapp.example.com%2Fcb"

    /// A client of `policy`, made with the CLI's rules; its id and secret (nil for a public one).
    static func client(_ database: DatabaseLocation, isPublic: Bool = false, pkceRequired: Bool) async throws -> (id: String, secret: String?) {
        let store = try await database.openStore(logger: .init(label: "test"))
        defer { Task { try? await store.shutdown() } }
        let (record, secret) = try await OIDCClients(store: store, clock: { 1_800_000_000_000 }, origin: .commandLine)
            .create(name: "app", redirectURIs: ["https://app.example.com/cb"], isPublic: isPublic, pkceRequired: pkceRequired)
        return (record.id, secret)
    }

    static func authorize(_ client: any TestClientProtocol, id: String, session: String, extra: String = "") async throws -> RawAnswer {
        try await client.raw(
            .get, "/authorize?response_type=code&scope=openid&client_id=\(id)&redirect_uri=\(redirect)&state=s&nonce=n\(extra)",
            headers: [.authorization: "Bearer \(session)"])
    }

    static func token(_ client: any TestClientProtocol, id: String, secret: String, code: String, extra: String = "") async throws -> RawAnswer {
        let basic = "Basic " + Data("\(id):\(secret)".utf8).base64EncodedString()
        return try await client.raw(
            .post, "/token", body: "grant_type=authorization_code&code=\(code)&redirect_uri=\(redirect)\(extra)",
            headers: [.contentType: "application/x-www-form-urlencoded", .authorization: basic])
    }

    @Test("a confidential client with PKCE optional signs in without a challenge; a verifier for such a code is a downgrade", arguments: Backend.all)
    func optional(_ backend: Backend) async throws {
        let database = backend.location()
        try await TestServer.withServer(TestServer.configuration(database)) { client in
            let (id, secret) = try await Self.client(database, pkceRequired: false)
            var browser = TestBrowser(origin: TestServer.origin)
            let session = try await client.register(uniqueName("pkce"), browser: &browser)

            let plain = try await Self.authorize(client, id: id, session: session)
            #expect(plain.status == .seeOther, "\(plain.body)")
            let code = try #require(try OpenIDProviderTests.location(plain)["code"])
            let tokens = try await Self.token(client, id: id, secret: try #require(secret), code: code)
            #expect(tokens.status == .ok && tokens.json["id_token"] != nil, "\(tokens.body)")

            // RFC 9700 §2.1.1: a code_verifier for a code issued without a challenge is refused.
            let again = try #require(try OpenIDProviderTests.location(try await Self.authorize(client, id: id, session: session))["code"])
            let verifier = Base64URL.encode(SecureRandom.bytes(32))
            let downgrade = try await Self.token(client, id: id, secret: try #require(secret), code: again, extra: "&code_verifier=\(verifier)")
            #expect(downgrade.status == .badRequest && downgrade.json["error"] == .string("invalid_grant"), "\(downgrade.body)")

            // A challenge sent is enforced: the wrong verifier, or none, is refused.
            let challenge = Base64URL.encode(Array(SHA256.hash(data: Array(verifier.utf8))))
            for (sent, expected) in [("&code_verifier=\(Base64URL.encode(SecureRandom.bytes(32)))", "invalid_grant"), ("", "invalid_request")] {
                let answer = try await Self.authorize(
                    client, id: id, session: session, extra: "&code_challenge=\(challenge)&code_challenge_method=S256")
                let code = try #require(try OpenIDProviderTests.location(answer)["code"])
                let refused = try await Self.token(client, id: id, secret: try #require(secret), code: code, extra: sent)
                #expect(refused.status == .badRequest && refused.json["error"] == .string(expected), "\(sent): \(refused.body)")
            }
            // The method must be named, and only S256 is taken.
            for extra in ["&code_challenge=\(challenge)", "&code_challenge_method=S256", "&code_challenge=\(challenge)&code_challenge_method=plain"] {
                let answer = try await Self.authorize(client, id: id, session: session, extra: extra)
                #expect(try OpenIDProviderTests.location(answer)["error"] == "invalid_request", "\(extra)")
            }
        }
    }

    @Test("without a challenge, a client registered with PKCE required and every public client are refused", arguments: Backend.all)
    func required(_ backend: Backend) async throws {
        let database = backend.location()
        try await TestServer.withServer(TestServer.configuration(database)) { client in
            var browser = TestBrowser(origin: TestServer.origin)
            let session = try await client.register(uniqueName("pkce"), browser: &browser)
            for isPublic in [false, true] {
                let (id, _) = try await Self.client(database, isPublic: isPublic, pkceRequired: true)
                let answer = try await Self.authorize(client, id: id, session: session)
                let query = try OpenIDProviderTests.location(answer)
                #expect(query["error"] == "invalid_request" && query["error_description"]?.contains("PKCE is required") == true, "\(query)")
            }
        }
    }

    @Test("PKCE optional is refused for a public client, by the CLI's rules and the operator API's, naming the option or member")
    func publicClientsRequireIt() async throws {
        let database = Backend.sqlite.location()
        await #expect(throws: ConfigurationError.self) { _ = try await Self.client(database, isPublic: true, pkceRequired: false) }
        let store = try await database.openStore(logger: .init(label: "test"))
        defer { Task { try? await store.shutdown() } }
        let clients = OIDCClients(store: store, clock: { 1_800_000_000_000 }, origin: .commandLine)
        do {
            _ = try await clients.create(
                name: "spa", redirectURIs: ["https://app.example.com/cb"], isPublic: true, pkceRequired: false, fields: .json)
            Issue.record("a public client was made with PKCE optional")
        } catch let error as ConfigurationError {
            #expect(error.description.hasPrefix("pkce: expected required for a public client"), "\(error)")
        }
        let (record, _) = try await clients.create(name: "spa", redirectURIs: ["https://app.example.com/cb"], isPublic: true)
        await #expect(throws: ConfigurationError.self) { _ = try await clients.update(id: record.id, pkceRequired: false) }
        #expect(throws: ConfigurationError.self) { try OIDCClients.pkceRequired("sometimes", .options) }
        // Listed and kept as set.
        let (confidential, _) = try await clients.create(
            name: "intranet", redirectURIs: ["https://app.example.com/cb"], isPublic: false, pkceRequired: false)
        #expect(OIDCClients.json(confidential).objectValue?["pkce"] == .string("optional"))
        #expect(try await clients.client(id: confidential.id)?.pkceRequired == false)
        #expect(try await clients.update(id: confidential.id, pkceRequired: true)?.record.pkceRequired == true)
        #expect(try await clients.client(id: confidential.id)?.pkceRequired == true)
    }
}
