import Crypto
import Foundation
import GRDB
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import JWTKit
import PasskeyCore
import Synchronization
import Testing

@testable import PasskeyServer
@testable import PasskeyStore

/// The ID token's claims as a client reads them.
struct ClientIDToken: JWTPayload {
    var iss: IssuerClaim
    var sub: SubjectClaim
    var aud: AudienceClaim
    var exp: ExpirationClaim
    var nonce: String?
    var auth_time: Int64
    var at_hash: String?
    var preferred_username: String?
    var name: String?
    func verify(using algorithm: some JWTAlgorithm) async throws {}
}

@Suite("The OpenID Provider: clients, codes, tokens")
struct OpenIDProviderTests {
    @Test("redirect URIs: https, or http on a loopback IP literal; matched exactly, the loopback port aside")
    func redirectURIRules() {
        for uri in ["https://app.example.com/cb", "https://app.example.com/cb?tenant=1", "http://127.0.0.1/cb", "http://[::1]:8080/cb"] {
            #expect(RedirectURI.isRegistrable(uri), "\(uri)")
        }
        for uri in [
            "http://app.example.com/cb", "http://localhost:8080/cb", "https://app.example.com/cb#x", "https://user@app.example.com/cb",
            "com.example.app:/cb", "/cb", "https://", "https://app.example.com/c b",
        ] {
            #expect(!RedirectURI.isRegistrable(uri), "\(uri)")
        }
        #expect(RedirectURI.matches("http://127.0.0.1:51234/cb", registered: "http://127.0.0.1/cb"))
        #expect(RedirectURI.matches("http://[::1]:51234/cb", registered: "http://[::1]:80/cb"))
        #expect(!RedirectURI.matches("http://127.0.0.1:51234/other", registered: "http://127.0.0.1/cb"))
        #expect(!RedirectURI.matches("http://127.0.0.1:51234/cb", registered: "http://[::1]/cb"))
        #expect(!RedirectURI.matches("https://app.example.com:444/cb", registered: "https://app.example.com/cb"), "exact for https")
        #expect(!RedirectURI.matches("https://app.example.com/cb/", registered: "https://app.example.com/cb"))
        #expect(!RedirectURI.matches("https://app.example.com/cb?x=1", registered: "https://app.example.com/cb"))
    }

    @Test("clients: the secret is shown once and kept as its hash; update, new secret, delete", arguments: Backend.all)
    func clients(_ backend: Backend) async throws {
        let database = backend.location()
        let store = try await database.openStore(logger: .init(label: "test"))
        do {
            let clients = OIDCClients(store: store, clock: { 1_800_000_000_000 }, origin: .commandLine)
            let (record, secret) = try await clients.create(name: " Wiki ", redirectURIs: ["https://wiki.example.com/cb"], isPublic: false)
            let stored = try #require(try await clients.client(id: record.id))
            #expect(stored.name == "Wiki" && stored.idTokenAlgorithm == "RS256")
            #expect(try #require(secret).hasPrefix(OIDCClients.secretPrefix))
            let hash = OIDCClients.hash(secret: try #require(secret))
            #expect(stored.secretHash == hash && stored.secretHash != secret)
            let (_, newSecret) = try #require(try await clients.update(id: record.id, idTokenAlgorithm: "ES256", newSecret: true))
            let updated = try #require(try await clients.client(id: record.id))
            let newHash = OIDCClients.hash(secret: try #require(newSecret))
            #expect(updated.idTokenAlgorithm == "ES256" && updated.secretHash == newHash)
            let (publicClient, none) = try await clients.create(name: "cli", redirectURIs: ["http://127.0.0.1/cb"], isPublic: true)
            #expect(none == nil && !publicClient.isConfidential)
            await #expect(throws: ConfigurationError.self) { try await clients.update(id: publicClient.id, newSecret: true) }
            await #expect(throws: ConfigurationError.self) {
                try await clients.create(name: "x", redirectURIs: ["http://wiki.example.com/cb"], isPublic: false)
            }
            await #expect(throws: ConfigurationError.self) { try await clients.create(name: "x", redirectURIs: [], isPublic: false) }
            await #expect(throws: ConfigurationError.self) {
                try await clients.create(name: "x", redirectURIs: ["https://a.example/cb"], isPublic: false, idTokenAlgorithm: "HS256")
            }
            #expect(try await clients.list().map(\.id).contains(record.id))
            #expect(try await clients.delete(id: record.id))
            #expect(try await clients.delete(id: record.id) == false)
            #expect(try await clients.client(id: record.id) == nil)
        } catch {
            try? await store.shutdown()
            throw error
        }
        try await store.shutdown()
    }

    static func location(_ answer: RawAnswer) throws -> [String: String] {
        let location = try #require(answer.headers[.location])
        let query = try #require(URLComponents(string: location)?.queryItems)
        return Dictionary(query.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
    }

    /// What a code flow starts from: a confidential client made while the server runs (so no RS256 key exists until
    /// the first ID token needs one), the session of a newly registered account, and a PKCE verifier with its challenge.
    static func start(
        _ client: any TestClientProtocol, database: DatabaseLocation
    ) async throws -> (app: OIDCClientRecord, secret: String?, session: String, verifier: String, challenge: String) {
        let store = try await database.openStore(logger: .init(label: "test"))
        let (app, secret) = try await OIDCClients(store: store, clock: { 1_800_000_000_000 }, origin: .commandLine)
            .create(name: "wiki", redirectURIs: ["https://wiki.example.com/cb"], isPublic: false)
        try await store.shutdown()
        var browser = TestBrowser(origin: TestServer.origin)
        let session = try await client.register(uniqueName(), browser: &browser)
        let verifier = Base64URL.encode(SecureRandom.bytes(32))
        let challenge = Base64URL.encode(Array(SHA256.hash(data: Array(verifier.utf8))))
        return (app, secret, session, verifier, challenge)
    }

    @Test("the first ID token of a new deployment is signed by the RS256 key made for it, while the clock moves")
    func firstIDTokenWithMovingClock() async throws {
        // Every reading of this clock is a millisecond later than the last, as a real clock is across the making of
        // an RSA key: the token's time must be read after its key is made, or no key covers it.
        let ticks = Mutex(Date(timeIntervalSince1970: 1_800_000_000))
        var configuration = TestServer.configuration(Backend.sqlite.location())
        configuration.relyingParty.clock = {
            ticks.withLock { now in
                now += 0.001
                return now
            }
        }
        let database = configuration.database
        try await TestServer.withServer(configuration) { client in
            let (app, secret, session, verifier, challenge) = try await Self.start(client, database: database)
            let authorize = try await client.raw(
                .get,
                "/authorize?response_type=code&scope=openid&client_id=\(app.id)&redirect_uri=https%3A%2F%2Fwiki.example.com%2Fcb&state=s&nonce=n&code_challenge=\(challenge)&code_challenge_method=S256",
                headers: [.authorization: "Bearer \(session)"])
            let code = try #require(try Self.location(authorize)["code"])
            let basic = "Basic " + Data("\(app.id):\(try #require(secret))".utf8).base64EncodedString()
            let exchange = try await client.raw(
                .post, "/token",
                body: "grant_type=authorization_code&code=\(code)&redirect_uri=https%3A%2F%2Fwiki.example.com%2Fcb&code_verifier=\(verifier)",
                headers: [.contentType: "application/x-www-form-urlencoded", .authorization: basic])
            #expect(exchange.status == .ok, "\(exchange.status) \(exchange.body)")
            let idToken = try #require(try JSONParser.parseObject(Array(exchange.body.utf8))["id_token"]?.stringValue)
            let jwks = try await client.raw(.get, "/.well-known/jwks.json").body
            let claims = try await JWTKeyCollection().add(jwksJSON: jwks).verify(idToken, as: ClientIDToken.self)
            #expect(claims.aud.value == [app.id] && claims.nonce == "n")
        }
    }

    @Test(
        "a code flow: the ID token verifies against the JWKS; an expired code, a replay and a reused refresh token are refused",
        arguments: Backend.all)
    func codeFlow(_ backend: Backend) async throws {
        let database = backend.location()
        let clock = TestClock()
        var configuration = TestServer.configuration(database, clock: clock)
        // An endpoint that is down, so every event waits in the outbox to be read below.
        let endpoint = try WebhookEndpoint(
            url: "http://127.0.0.1:9/hooks", secrets: [try WebhookSecret(parsing: WebhookSecret.generate(), source: "test")])
        configuration.webhooks = WebhookConfiguration(endpoints: [endpoint], retry: RetrySchedule(firstDelay: .seconds(600)))
        let clientID = Mutex("")
        try await TestServer.withServer(configuration) { client in
            let (app, secret, session, verifier, challenge) = try await Self.start(client, database: database)
            clientID.withLock { $0 = app.id }
            let authorize =
                "/authorize?response_type=code&scope=openid&client_id=\(app.id)&redirect_uri=https%3A%2F%2Fwiki.example.com%2Fcb&state=s1&nonce=n1&code_challenge=\(challenge)&code_challenge_method=S256"
            let basic = "Basic " + Data("\(app.id):\(try #require(secret))".utf8).base64EncodedString()
            let form: HTTPFields = [.contentType: "application/x-www-form-urlencoded", .authorization: basic]
            func code() async throws -> String {
                let answer = try await client.raw(.get, authorize, headers: [.authorization: "Bearer \(session)"])
                #expect(answer.status == .seeOther)
                let query = try Self.location(answer)
                #expect(query["state"] == "s1" && query["iss"] == TestServer.origin && query["code"] != nil)
                return query["code"] ?? "none"
            }
            func exchange(_ code: String) async throws -> RawAnswer {
                try await client.raw(
                    .post, "/token",
                    body: "grant_type=authorization_code&code=\(code)&redirect_uri=https%3A%2F%2Fwiki.example.com%2Fcb&code_verifier=\(verifier)",
                    headers: form)
            }

            let first = try await exchange(try await code())
            #expect(first.status == .ok, "\(first.body)")
            let tokens = try JSONParser.parseObject(Array(first.body.utf8))
            let jwks = try await client.raw(.get, "/.well-known/jwks.json").body
            let idToken = try #require(tokens["id_token"]?.stringValue)
            let claims = try await JWTKeyCollection().add(jwksJSON: jwks).verify(idToken, as: ClientIDToken.self)
            #expect(claims.iss.value == TestServer.origin && claims.aud.value == [app.id] && claims.nonce == "n1")
            let accessToken = try #require(tokens["access_token"]?.stringValue)
            #expect(claims.at_hash == IDTokenClaims.accessTokenHash(accessToken))
            #expect(claims.auth_time == 1_800_000_000)
            #expect(claims.preferred_username == nil && claims.name == nil, "no profile scope, no profile claims")

            // POST /userinfo (OpenID Connect Core §5.3.1): the token in Authorization or in the form (RFC 6750 §2.2), never both.
            let formType: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
            let byForm = try await client.raw(.post, "/userinfo", body: "access_token=\(accessToken)", headers: formType)
            #expect(byForm.status == .ok && byForm.body.contains("\"sub\""), "\(byForm.body)")
            let byHeader = try await client.raw(.post, "/userinfo", body: "", headers: [.authorization: "Bearer \(accessToken)"])
            #expect(byHeader.status == .ok && byHeader.body == byForm.body, "\(byHeader.body)")
            var both = formType
            both[.authorization] = "Bearer \(accessToken)"
            let twice = try await client.raw(.post, "/userinfo", body: "access_token=\(accessToken)", headers: both)
            #expect(twice.status == .badRequest && twice.body.contains("\"invalid_request\""), "\(twice.body)")
            let repeated = try await client.raw(.post, "/userinfo", body: "access_token=a&access_token=b", headers: formType)
            #expect(repeated.status == .badRequest && repeated.body.contains("\"invalid_request\""), "\(repeated.body)")
            let none = try await client.raw(.post, "/userinfo", body: "", headers: formType)
            #expect(none.status == .unauthorized && none.headers[.wwwAuthenticate] == "Bearer realm=\"passkeys\"")
            let forged = try await client.raw(.post, "/userinfo", body: "access_token=\(accessToken)x", headers: formType)
            #expect(forged.status == .unauthorized && forged.body.contains("\"invalid_token\""), "\(forged.body)")

            // Expired: a code lives 60 seconds.
            let late = try await code()
            clock.advance(61)
            #expect(try await exchange(late).body.contains("invalid_grant"))

            // Replayed: refused, and the refresh and access tokens of its first use are revoked at once.
            func userinfo(_ tokens: JSONObject) async throws -> HTTPResponse.Status {
                let access = tokens["access_token"]?.stringValue ?? "none"
                return try await client.raw(.get, "/userinfo", headers: [.authorization: "Bearer \(access)"]).status
            }
            let once = try await code()
            let used = try JSONParser.parseObject(Array(try await exchange(once).body.utf8))
            #expect(try await userinfo(used) == .ok)
            let replay = try await exchange(once)
            #expect(replay.status == .badRequest && replay.body.contains("invalid_grant"))
            #expect(try await userinfo(used) == .unauthorized, "the replay ends the access token its first use got")
            let refresh = try #require(used["refresh_token"]?.stringValue)
            let revoked = try await client.raw(.post, "/token", body: "grant_type=refresh_token&refresh_token=\(refresh)", headers: form)
            #expect(revoked.status == .badRequest && revoked.body.contains("invalid_grant"))

            // A rotated refresh token used twice revokes the family.
            let original = try #require(tokens["refresh_token"]?.stringValue)
            let rotated = try await client.raw(.post, "/token", body: "grant_type=refresh_token&refresh_token=\(original)", headers: form)
            #expect(rotated.status == .ok)
            let rotatedTokens = try JSONParser.parseObject(Array(rotated.body.utf8))
            let next = try #require(rotatedTokens["refresh_token"]?.stringValue)
            #expect(try await userinfo(rotatedTokens) == .ok)
            #expect(try await userinfo(tokens) == .ok)
            #expect(
                try await client.raw(.post, "/token", body: "grant_type=refresh_token&refresh_token=\(original)", headers: form).status == .badRequest
            )
            #expect(
                try await client.raw(.post, "/token", body: "grant_type=refresh_token&refresh_token=\(next)", headers: form).status == .badRequest)
            #expect(try await userinfo(rotatedTokens) == .unauthorized, "every access token of the family")
            #expect(try await userinfo(tokens) == .unauthorized, "every access token of the family")
        }
        // Each replay is in the audit log, by the provider, with the grant type and the client.
        let store = try await database.openStore(logger: .init(label: "test"))
        let replays = try await store.auditEntries(AuditQuery(userID: nil, from: 0, until: .max, before: nil, limit: 1000))
            // This client's: on PostgreSQL the test database holds other runs' entries too.
            .filter { $0.action == AuditAction.oauthReplayDetected.rawValue && $0.detail?.contains(clientID.withLock { $0 }) == true }
        try await store.shutdown()
        // The code presented twice, then three refresh tokens of revoked or rotated families: each presentation is one.
        #expect(replays.count == 4, "\(replays)")
        #expect(replays.allSatisfy { $0.actor == OpenIDProvider.replayActor && $0.userID != nil })
        #expect(replays.compactMap(\.detail).filter { $0.contains("\"grantType\":\"authorization_code\"") }.count == 1)
        // And each raised its event, naming the account and the client.
        if case .sqliteFile(let path) = database {
            let payloads = try await DatabaseQueue(path: path).read { db in
                try String.fetchAll(
                    db, sql: "SELECT payload FROM event_outbox WHERE type = 'oauth.replay-detected' AND payload LIKE ?",
                    arguments: ["%\(clientID.withLock { $0 })%"])
            }
            #expect(payloads.count == 4 && payloads.allSatisfy { $0.contains("\"clientId\"") && $0.contains("\"user\"") }, "\(payloads)")
        }
    }
}
