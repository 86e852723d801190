import Crypto
import Foundation
import HTTPTypes
import HummingbirdTesting
import JWTKit
import PasskeyCore
import Testing

@testable import PasskeyServer
@testable import PasskeyStore

/// Tokens are accepted only where they are meant to be, in one spelling, from one credential at a time. Each test
/// performs an attack an outside review found.
@Suite("Token boundaries: audiences, spellings, one credential per request")
struct TokenBoundaryTests {
    /// A code flow's tokens for a confidential client registered on `database`: the access token and the client.
    static func openIDTokens(
        _ client: any TestClientProtocol, database: DatabaseLocation
    ) async throws -> (
        accessToken: String, app: OIDCClientRecord, session: String
    ) {
        let (app, secret, session, verifier, challenge) = try await OpenIDProviderTests.start(client, database: database)
        let authorize = try await client.raw(
            .get,
            "/authorize?response_type=code&scope=openid&client_id=\(app.id)&redirect_uri=https%3A%2F%2Fwiki.example.com%2Fcb&state=s&nonce=n&code_challenge=\(challenge)&code_challenge_method=S256",
            headers: [.authorization: "Bearer \(session)"])
        let code = try #require(try OpenIDProviderTests.location(authorize)["code"])
        let basic = "Basic " + Data("\(app.id):\(try #require(secret))".utf8).base64EncodedString()
        let exchange = try await client.raw(
            .post, "/token",
            body: "grant_type=authorization_code&code=\(code)&redirect_uri=https%3A%2F%2Fwiki.example.com%2Fcb&code_verifier=\(verifier)",
            headers: [.contentType: "application/x-www-form-urlencoded", .authorization: basic])
        #expect(exchange.status == .ok, "\(exchange.body)")
        return (try #require(exchange.json["access_token"]?.stringValue), app, session)
    }

    @Test("an OpenID client's access token is inactive at /introspect; a deleted client's is refused at /userinfo", arguments: Backend.all)
    func audiences(_ backend: Backend) async throws {
        let database = backend.location()
        try await TestServer.withServer(TestServer.configuration(database)) { client in
            let (accessToken, app, session) = try await Self.openIDTokens(client, database: database)
            let key = try await SessionTokenTests.apiKey(database)
            // The wiki's access token, stolen, presented to the app's most sensitive backend.
            let stolen = try await client.introspect(accessToken, key: key)
            #expect(stolen.status == .ok && stolen.body == #"{"active":false}"#, "\(stolen.body)")
            let own = try await client.introspect(try await client.sessionToken(session), key: key)
            #expect(own.json["active"] == .bool(true), "the backend's own tokens still are")

            #expect(try await client.raw(.get, "/userinfo", headers: [.authorization: "Bearer \(accessToken)"]).status == .ok)
            let store = try await database.openStore(logger: .init(label: "test"))
            #expect(try await OIDCClients(store: store, clock: { 1_800_000_000_000 }, origin: .commandLine).delete(id: app.id))
            try await store.shutdown()
            let afterDelete = try await client.raw(.get, "/userinfo", headers: [.authorization: "Bearer \(accessToken)"])
            #expect(afterDelete.status == .unauthorized && afterDelete.body.contains("invalid_token"), "\(afterDelete.body)")
        }
    }

    @Test("a --token-audience naming the UserInfo endpoint is refused at start")
    func userinfoAudienceRefused() throws {
        var configuration = TestServer.configuration(.sqliteMemory)
        configuration.tokens.audiences = ["https://api.example.com", TestServer.origin + "/userinfo"]
        #expect(throws: ConfigurationError.self) { try configuration.checkTokens(allowInsecureOrigin: true) }
        configuration.tokens.audiences = ["https://api.example.com"]
        try configuration.checkTokens(allowInsecureOrigin: true)
    }

    /// `token` with its signature's last character changed to the one of the same value whose stray bits are set.
    static func strayBits(_ token: String) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        var characters = Array(token)
        let last = characters.count - 1
        let index = alphabet.firstIndex(of: characters[last]) ?? 0
        // A 64-byte ES256 signature is 86 characters: the last carries 2 bits and 4 that must be zero.
        characters[last] = alphabet[index | 1]
        return String(characters)
    }

    @Test("one token, one spelling: padding or stray bits after a signature are refused before any check", arguments: Backend.all)
    func canonicalSpelling(_ backend: Backend) async throws {
        let database = backend.location()
        try await TestServer.withServer(TestServer.configuration(database)) { client in
            var browser = TestBrowser(origin: TestServer.origin)
            let session = try await client.register(uniqueName("spell"), browser: &browser)
            let token = try await client.sessionToken(session)
            let key = try await SessionTokenTests.apiKey(database)
            #expect(try await client.introspect(token, key: key).json["active"] == .bool(true))
            #expect(!CompactJWS.isCanonical(Self.strayBits(token)) && Self.strayBits(token) != token)
            for variant in [token + "=", token + "==", Self.strayBits(token), token + ".", "." + token] {
                let answer = try await client.introspect(variant, key: key)
                #expect(answer.body == #"{"active":false}"#, "\(variant.suffix(4)): \(answer.body)")
            }
            // jwt-kit alone would take them: the refusal is the server's own.
            let jwks = try await client.raw(.get, "/.well-known/jwks.json").body
            let keys = try await JWTKeyCollection().add(jwksJSON: jwks)
            _ = try await keys.verify(token + "==", as: BackendClaims.self)

            let (accessToken, _, _) = try await Self.openIDTokens(client, database: database)
            let padded = try await client.raw(.get, "/userinfo", headers: [.authorization: "Bearer \(accessToken)=="])
            #expect(padded.status == .unauthorized)
        }
    }

    @Test("a Bearer header, in any case, is the only credential read: never mixed with the cookie", arguments: Backend.all)
    func oneCredential(_ backend: Backend) async throws {
        try await TestServer.withServer(TestServer.configuration(backend.location())) { client in
            var browser = TestBrowser(origin: TestServer.origin)
            let (alice, bob) = (uniqueName("alice"), uniqueName("bob"))
            let aliceSession = try await client.register(alice, browser: &browser)
            let bobSession = try await client.register(bob, browser: &browser)
            let bobCookie = "\(Routes.sessionCookie)=\(bobSession)"
            func session(_ authorization: String?) async throws -> RawAnswer {
                var headers: HTTPFields = [.cookie: bobCookie]
                if let authorization { headers[.authorization] = authorization }
                return try await client.raw(.get, "/session", headers: headers)
            }
            #expect(try await session(nil).json["user"]?.objectValue?["name"] == .string(bob), "the cookie alone")
            for scheme in ["Bearer", "bearer", "BEARER"] {
                let answer = try await session("\(scheme) \(aliceSession)")
                #expect(answer.json["user"]?.objectValue?["name"] == .string(alice), "\(scheme): the header's session, not the cookie's")
                #expect(try await session("\(scheme) not-a-session").status == .unauthorized, "\(scheme): never the cookie instead")
            }
            #expect(try await session("Basic YWxhZGRpbjpvcGVuc2VzYW1l").json["user"]?.objectValue?["name"] == .string(bob), "a proxy's Basic")

            // Signing out with a header that names no session ends nothing and leaves the cookie alone.
            let signOut = try await client.raw(
                .delete, "/session", headers: [.cookie: bobCookie, .authorization: "bearer not-a-session", .contentType: "application/json"])
            #expect(signOut.status == .ok && signOut.headers[.setCookie] == nil, "\(signOut.headers)")
            #expect(try await session(nil).status == .ok, "Bob is still signed in")
            // With Alice's header: Alice is signed out, Bob's cookie is neither read nor cleared.
            let aliceOut = try await client.raw(.delete, "/session", headers: [.cookie: bobCookie, .authorization: "bearer \(aliceSession)"])
            #expect(aliceOut.status == .ok && aliceOut.headers[.setCookie] == nil)
            #expect(try await client.call(.get, "/session", session: aliceSession).status == .unauthorized)
            #expect(try await session(nil).status == .ok)
        }
    }

    /// The claims of a token, read without verifying it.
    static func claims(_ token: String) throws -> JSONObject {
        let payload = try #require(token.split(separator: ".").dropFirst().first)
        return try JSONParser.parseObject(try Base64URL.decode(String(payload)))
    }

    @Test("verified_at is the last ceremony with user verification: absent after a sign-in and a step-up without it", arguments: Backend.all)
    func verifiedAtMeansUserVerification(_ backend: Backend) async throws {
        try await TestServer.withServer(TestServer.configuration(backend.location())) { client in
            // A security key without a PIN: it never verifies its user, so its sign-ins count for the step-up window.
            var browser = TestBrowser(origin: TestServer.origin)
            let username = uniqueName("nopin")
            let options = try await client.call(
                .post, "/attestation/options", json: JSONObject(["username": .string(username), "displayName": .string("No PIN")]))
            let created = try await client.call(.post, "/attestation/result", bytes: try browser.create(options.object, userVerified: false))
            #expect(created.ok, "\(created.object)")
            let signInOptions = try await client.call(.post, "/assertion/options", json: JSONObject(["username": .string(username)]))
            let signedIn = try await client.call(.post, "/assertion/result", bytes: try browser.get(signInOptions.object, userVerified: false))
            let session = try #require(signedIn.object["session"]?.stringValue)
            let claims = try Self.claims(try await client.sessionToken(session))
            #expect(claims["verified_at"] == nil, "no ceremony of this session verified its user: \(claims)")
            #expect(claims["amr"]?.arrayValue?.contains(.string("user")) == false)

            // The session is recent enough for a step-up's purposes all the same (its accepted risk), and says so.
            let account = try await client.call(.get, "/session", session: session)
            #expect(account.ok)

            // A passkey that verifies its user: verified_at is that sign-in.
            var other = TestBrowser(origin: TestServer.origin)
            let verifiedSession = try await client.register(uniqueName("pin"), browser: &other)
            #expect(try Self.claims(try await client.sessionToken(verifiedSession))["verified_at"] == .number("1800000000"))
        }
    }
}
