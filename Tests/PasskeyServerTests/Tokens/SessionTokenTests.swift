import Foundation
import HTTPTypes
import HummingbirdTesting
import JWTKit
import NIOCore
import PasskeyCore
import Testing

@testable import PasskeyServer
@testable import PasskeyStore

/// What a backend reads from a session token, decoded by jwt-kit as any Swift backend would.
struct BackendClaims: JWTPayload {
    var iss: IssuerClaim
    var sub: SubjectClaim
    var aud: AudienceClaim
    var exp: ExpirationClaim
    var iat: IssuedAtClaim
    var nbf: NotBeforeClaim
    var jti: IDClaim
    var sid: String
    var client_id: String
    var auth_time: Int?
    var amr: [String]?
    var verified_at: Int?
    func verify(using algorithm: some JWTAlgorithm) async throws {}
}

/// An answer read as it comes, for routes whose bodies are not the API's usual `status` object.
struct RawAnswer {
    let status: HTTPResponse.Status
    let headers: HTTPFields
    let body: String
    var json: JSONObject { (try? JSONParser.parseObject(Array(body.utf8))) ?? JSONObject() }
}

extension TestClientProtocol {
    func raw(_ method: HTTPRequest.Method, _ path: String, body: String? = nil, headers: HTTPFields = [:]) async throws -> RawAnswer {
        try await execute(uri: path, method: method, headers: headers, body: body.map { ByteBuffer(string: $0) }) { response in
            RawAnswer(status: response.status, headers: response.headers, body: String(buffer: response.body))
        }
    }

    /// `POST /session/token` for `session`; the token.
    func sessionToken(_ session: String) async throws -> String {
        let answer = try await call(.post, "/session/token", json: JSONObject(), session: session)
        #expect(answer.ok, "\(answer.object)")
        #expect(answer.headers[.cacheControl] == "no-store")
        return try #require(answer.object["token"]?.stringValue)
    }

    /// `POST /introspect` with `key` as the service credential.
    func introspect(_ token: String, key: String?) async throws -> RawAnswer {
        var headers: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
        if let key { headers[.authorization] = "Bearer \(key)" }
        let encoded = token.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? token
        return try await raw(.post, "/introspect", body: "token=\(encoded)&token_type_hint=access_token", headers: headers)
    }
}

@Suite("Session tokens for the app's backend")
struct SessionTokenTests {
    /// A key for the test server's database, made as `passkeys api-key create` makes one.
    static func apiKey(_ database: DatabaseLocation, name: String = "backend", scopes: Set<APIKeyScope> = [.introspect]) async throws -> String {
        let store = try await database.openStore(logger: .init(label: "test"))
        defer { Task { try? await store.shutdown() } }
        return try await APIKeys(store: store, clock: { 1_800_000_000_000 }, origin: .commandLine).create(name: name, scopes: scopes).key
    }

    static func keys(from jwks: String) async throws -> JWTKeyCollection {
        try await JWTKeyCollection().add(jwksJSON: jwks)
    }

    @Test("a signed-in session gets an ES256 at+jwt that jwt-kit verifies against the JWKS, with the documented claims", arguments: Backend.all)
    func issuesVerifiableTokens(_ backend: Backend) async throws {
        let database = backend.location()
        var configuration = TestServer.configuration(database)
        configuration.tokens.audiences = ["https://api.example.com", "reports"]
        try await TestServer.withServer(configuration) { client in
            var browser = TestBrowser(origin: TestServer.origin)
            let session = try await client.register(uniqueName("token"), browser: &browser)
            let token = try await client.sessionToken(session)
            let user = try await client.call(.get, "/session", session: session).object["user"]?.objectValue?["id"]?.stringValue

            let jwks = try await client.raw(.get, "/.well-known/jwks.json")
            #expect(jwks.status == .ok && jwks.headers[.cacheControl] == "public, max-age=900")
            let claims = try await Self.keys(from: jwks.body).verify(token, as: BackendClaims.self)
            #expect(claims.iss.value == TestServer.origin, "the issuer defaults to the first origin")
            #expect(claims.sub.value == user, "sub is the user id GET /session gives")
            #expect(claims.aud.value == ["https://api.example.com", "reports"])
            #expect(claims.exp.value.timeIntervalSince(claims.iat.value) == 300, "the default lifetime")
            #expect(claims.nbf.value == claims.iat.value)
            #expect(claims.iat.value == Date(timeIntervalSince1970: 1_800_000_000))
            #expect(claims.auth_time == 1_800_000_000 && claims.verified_at == 1_800_000_000, "the sign-up verified the user")
            #expect(claims.amr == ["hwk", "user", "mfa"], "a device-bound passkey with user verification")
            #expect(claims.client_id == TestServer.origin)
            #expect(
                !claims.sid.isEmpty && !session.contains(claims.sid) && claims.sid != RelyingParty.hash(session), "sid is not the secret nor its hash"
            )

            let header = try #require(try? JSONParser.parseObject(try Base64URL.decode(String(token.split(separator: ".")[0]))))
            #expect(header["typ"] == .string("at+jwt") && header["alg"] == .string("ES256"))
            let kid = try #require(header["kid"]?.stringValue)
            #expect(jwks.body.contains(kid))

            // Another token of the same session: the same sid, another jti.
            let again = try await Self.keys(from: jwks.body).verify(try await client.sessionToken(session), as: BackendClaims.self)
            #expect(again.sid == claims.sid && again.jti.value != claims.jti.value)

            let discovery = try await client.raw(.get, "/.well-known/openid-configuration").json
            #expect(discovery["issuer"] == .string(TestServer.origin))
            #expect(discovery["jwks_uri"] == .string(TestServer.origin + "/.well-known/jwks.json"))
            #expect(discovery["introspection_endpoint"] == .string(TestServer.origin + "/introspect"))
        }
    }

    @Test("no session is 401; a sign-in without user verification gets amr without user and mfa", arguments: Backend.all)
    func refusals(_ backend: Backend) async throws {
        try await TestServer.withServer(TestServer.configuration(backend.location())) { client in
            let none = try await client.call(.post, "/session/token", json: JSONObject())
            #expect(none.status == .unauthorized)
            let forged = try await client.call(.post, "/session/token", json: JSONObject(), session: "not-a-session")
            #expect(forged.status == .unauthorized)
            // A cross-site form cannot ask for one: the body must be JSON.
            let form = try await client.call(.post, "/session/token", bytes: Array("a=b".utf8), contentType: "application/x-www-form-urlencoded")
            #expect(form.status == .unsupportedMediaType)

            var browser = TestBrowser(origin: TestServer.origin)
            let username = uniqueName("nouv")
            _ = try await client.register(username, browser: &browser)
            let options = try await client.call(.post, "/assertion/options", json: JSONObject(["username": .string(username)]))
            let signedIn = try await client.call(.post, "/assertion/result", bytes: try browser.get(options.object, userVerified: false))
            let session = try #require(signedIn.object["session"]?.stringValue)
            let jwks = try await client.raw(.get, "/.well-known/jwks.json").body
            let claims = try await Self.keys(from: jwks).verify(try await client.sessionToken(session), as: BackendClaims.self)
            #expect(claims.amr == ["hwk"] && claims.verified_at == nil)
        }
    }

    @Test("introspection: a key is required, a live session's token is active, an ended, expired or forged one is not", arguments: Backend.all)
    func introspection(_ backend: Backend) async throws {
        let database = backend.location()
        let clock = TestClock()
        let configuration = TestServer.configuration(database, clock: clock)
        try await TestServer.withServer(configuration) { client in
            let key = try await Self.apiKey(database)
            var browser = TestBrowser(origin: TestServer.origin)
            let session = try await client.register(uniqueName("intro"), browser: &browser)
            let token = try await client.sessionToken(session)

            let anonymous = try await client.introspect(token, key: nil)
            #expect(anonymous.status == .unauthorized && anonymous.headers[.wwwAuthenticate] == "Bearer realm=\"passkeys\"")
            let wrong = try await client.introspect(token, key: "psk_" + String(repeating: "A", count: 43))
            #expect(wrong.status == .unauthorized && wrong.headers[.wwwAuthenticate] == "Bearer realm=\"passkeys\", error=\"invalid_token\"")
            // A user's session is not a service credential, by header or by cookie.
            let bySession = try await client.introspect(token, key: session)
            #expect(bySession.status == .unauthorized)
            let byCookie = try await client.raw(
                .post, "/introspect", body: "token=\(token)",
                headers: [.contentType: "application/x-www-form-urlencoded", .cookie: "passkeys_session=\(session)"])
            #expect(byCookie.status == .unauthorized)

            let live = try await client.introspect(token, key: key)
            #expect(live.status == .ok && live.headers[.cacheControl] == "no-store")
            #expect(live.json["active"] == .bool(true) && live.json["sub"] != nil && live.json["token_type"] == .string("Bearer"), "\(live.body)")
            #expect(live.json["exp"] == JSONValue(1_800_000_300) && live.json["amr"] != nil)

            for forged in ["", "x.y.z", token + "x", String(token.dropLast(4)) + "AAAA", String(repeating: "a", count: 9000)] where !forged.isEmpty {
                let answer = try await client.introspect(forged, key: key)
                #expect(answer.status == .ok && answer.body == #"{"active":false}"#, "\(forged.prefix(20)): \(answer.body)")
            }
            // Expired: past exp the token is inactive, although the session lives.
            clock.advance(301)
            #expect(try await client.introspect(token, key: key).json["active"] == .bool(false))
            let fresh = try await client.sessionToken(session)
            #expect(try await client.introspect(fresh, key: key).json["active"] == .bool(true))
            // Ended: after sign-out the unexpired token is inactive, and no new token is issued.
            #expect(try await client.call(.delete, "/session", session: session).ok)
            #expect(try await client.introspect(fresh, key: key).body == #"{"active":false}"#)
            #expect(try await client.call(.post, "/session/token", json: JSONObject(), session: session).status == .unauthorized)
        }
    }

    @Test("the introspection form: its type, a missing or repeated token, a revoked key", arguments: Backend.all)
    func introspectionForm(_ backend: Backend) async throws {
        let database = backend.location()
        try await TestServer.withServer(TestServer.configuration(database)) { client in
            let store = try await database.openStore(logger: .init(label: "test"))
            let keys = APIKeys(store: store, clock: { 1_800_000_000_000 }, origin: .commandLine)
            let (key, record) = try await keys.create(name: "reports backend", scopes: [.introspect])
            let auth: HTTPFields = [.authorization: "Bearer \(key)"]
            var json = auth
            json[.contentType] = "application/json"
            #expect(try await client.raw(.post, "/introspect", body: #"{"token":"x"}"#, headers: json).status == .unsupportedMediaType)
            var form = auth
            form[.contentType] = "application/x-www-form-urlencoded; charset=utf-8"
            #expect(try await client.raw(.post, "/introspect", body: "token_type_hint=x", headers: form).status == .badRequest)
            #expect(try await client.raw(.post, "/introspect", body: "token=a&token=b", headers: form).status == .badRequest)
            #expect(try await client.raw(.post, "/introspect", body: "token=%ZZ", headers: form).status == .badRequest)
            #expect(try await client.raw(.post, "/introspect", body: "token=%C3%28", headers: form).status == .badRequest, "not UTF-8")
            #expect(try await client.raw(.post, "/introspect", body: "token=abc&extra=1", headers: form).body == #"{"active":false}"#)
            // A foreign page cannot call it: Origin is checked before the key.
            form[.origin] = "https://evil.example"
            #expect(try await client.raw(.post, "/introspect", body: "token=abc", headers: form).status == .forbidden)
            form[.origin] = nil

            #expect(try await keys.revoke(id: record.id))
            #expect(try await keys.revoke(id: record.id) == false, "revoked once")
            let revoked = try await client.raw(.post, "/introspect", body: "token=abc", headers: form)
            #expect(revoked.status == .unauthorized && revoked.headers[.wwwAuthenticate]?.contains("invalid_token") == true)
            let listed = try await keys.list().first { $0.id == record.id }
            #expect(listed?.revokedAt != nil && listed?.keyHash == APIKey.hash(key) && listed?.hint == String(key.suffix(4)))
            #expect(listed.map { !$0.keyHash.contains(key) } == true, "only the hash is stored")
            try await store.shutdown()
        }
    }
}
