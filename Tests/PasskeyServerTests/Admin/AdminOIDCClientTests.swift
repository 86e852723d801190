import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import PasskeyCore
import Testing

@testable import PasskeyServer
@testable import PasskeyStore

/// The operator API's OpenID Connect clients (under `/admin/`), over real HTTP on
/// loopback, on SQLite and PostgreSQL: a secret shown once and stored as its hash, a new secret that retires the old
/// one at `/token`, a delete that takes the client's codes and refresh tokens, the URI rules naming the JSON member,
/// strict bodies, a user's session refused, and every call in the audit log.
@Suite("Operator API: OpenID Connect clients")
struct AdminOIDCClientTests {
    static let callback = "https://wiki.example.com/cb"

    /// A code for `clientID` through `/authorize` with `session`, and the PKCE verifier that redeems it.
    static func code(_ clientID: String, session: String, _ client: any TestClientProtocol) async throws -> (code: String, verifier: String) {
        let verifier = Base64URL.encode(SecureRandom.bytes(32))
        let challenge = Base64URL.encode(Array(SHA256.hash(data: Array(verifier.utf8))))
        let answer = try await client.raw(
            .get,
            "/authorize?response_type=code&scope=openid&client_id=\(clientID)&redirect_uri=https%3A%2F%2Fwiki.example.com%2Fcb&state=s&nonce=n&code_challenge=\(challenge)&code_challenge_method=S256",
            headers: [.authorization: "Bearer \(session)"])
        #expect(answer.status == .seeOther)
        return (try #require(try OpenIDProviderTests.location(answer)["code"]), verifier)
    }

    /// Every audit entry since `from` (milliseconds), following `next`: the database may be shared with tests that
    /// write entries of their own meanwhile, so one page is not enough to find ours.
    static func audit(since from: Int64, key: String, _ client: any TestClientProtocol) async throws -> [JSONObject] {
        let start = RFC3339.string(millisecondsSince1970: from / 1000 * 1000 - 1000)
        var all: [JSONObject] = []
        var before: String?
        for _ in 0..<200 {
            let page = try await client.call(.get, "/admin/audit?limit=100&from=\(start)" + (before.map { "&before=\($0)" } ?? ""), session: key)
            #expect(page.ok, "\(page.object)")
            all += AdminAPITests.entries(page)
            guard let next = page.object["next"]?.stringValue else { break }
            before = next
        }
        return all
    }

    static var now: Int64 { Int64(Date().timeIntervalSince1970 * 1000) }

    static func basic(_ clientID: String, _ secret: String) -> HTTPFields {
        [.contentType: "application/x-www-form-urlencoded", .authorization: "Basic " + Data("\(clientID):\(secret)".utf8).base64EncodedString()]
    }

    static func exchange(_ code: (code: String, verifier: String), _ headers: HTTPFields, _ client: any TestClientProtocol) async throws -> RawAnswer
    {
        try await client.raw(
            .post, "/token",
            body: "grant_type=authorization_code&code=\(code.code)&redirect_uri=https%3A%2F%2Fwiki.example.com%2Fcb&code_verifier=\(code.verifier)",
            headers: headers)
    }

    @Test(
        "a confidential client: its secret shown once and stored as its hash, never listed; a new secret retires the old one at /token; delete takes its codes and refresh tokens; all audited",
        arguments: Backend.all)
    func confidentialLifecycle(_ backend: Backend) async throws {
        let database = backend.location()
        try await AdminAPITests.withAdmin(database, name: "sso-admin") { client, key, _ in
            let started = Self.now
            let created = try await client.call(
                .post, "/admin/oidc-clients",
                json: JSONObject([
                    "name": .string(" Wiki "), "redirectUris": .array([.string(Self.callback)]),
                    "postLogoutRedirectUris": .array([.string("https://wiki.example.com/")]),
                ]), session: key)
            #expect(created.ok, "\(created.object)")
            #expect(created.headers[.cacheControl] == "no-store")
            let body = try #require(created.object["client"]?.objectValue)
            let id = try #require(body["clientId"]?.stringValue)
            let secret = try #require(body["clientSecret"]?.stringValue)
            #expect(secret.hasPrefix(OIDCClients.secretPrefix) && body["public"] == .bool(false) && body["idTokenAlg"] == .string("RS256"))
            #expect(body["name"] == .string("Wiki"))

            let store = try await database.openStore(logger: .init(label: "test"))
            do {
                let stored = try #require(try await store.oidcClient(id: id))
                #expect(stored.secretHash == OIDCClients.hash(secret: secret), "only the secret's hash is kept")
                let hash = try #require(stored.secretHash)

                let list = try await client.call(.get, "/admin/oidc-clients", session: key)
                #expect(list.ok && list.headers[.cacheControl] == "no-store")
                let listed = try #require(list.object["clients"]?.arrayValue?.compactMap(\.objectValue).first { $0["clientId"] == .string(id) })
                #expect(listed["clientSecret"] == nil && listed["redirectUris"] == .array([.string(Self.callback)]))
                let text = JSONValue.object(list.object).serialized()
                #expect(!text.contains(secret) && !text.contains(hash), "the list never shows a secret nor its hash")
                let one = try await client.call(.get, "/admin/oidc-clients/\(id)", session: key)
                #expect(one.ok && one.object["client"]?.objectValue?["clientSecret"] == nil)
                #expect(!JSONValue.object(one.object).serialized().contains(hash))

                // The client works: a code flow with its secret.
                var browser = TestBrowser(origin: TestServer.origin)
                let session = try await client.register(uniqueName(), browser: &browser)
                let first = try await Self.exchange(try await Self.code(id, session: session, client), Self.basic(id, secret), client)
                #expect(first.status == .ok, "\(first.body)")
                let refresh = try #require(try JSONParser.parseObject(Array(first.body.utf8))["refresh_token"]?.stringValue)

                // A new secret, once; the old one is refused at /token from then on.
                let renamed = try await client.call(
                    .patch, "/admin/oidc-clients/\(id)", json: JSONObject(["newSecret": .bool(true), "name": .string("Team wiki")]), session: key)
                #expect(renamed.ok && renamed.headers[.cacheControl] == "no-store", "\(renamed.object)")
                let newSecret = try #require(renamed.object["client"]?.objectValue?["clientSecret"]?.stringValue)
                #expect(newSecret != secret && renamed.object["client"]?.objectValue?["name"] == .string("Team wiki"))
                #expect(try await store.oidcClient(id: id)?.secretHash == OIDCClients.hash(secret: newSecret))
                let old = try await client.raw(
                    .post, "/token", body: "grant_type=refresh_token&refresh_token=\(refresh)", headers: Self.basic(id, secret))
                #expect(old.status == .unauthorized && old.body.contains("invalid_client"), "\(old.status) \(old.body)")
                let pending = try await Self.code(id, session: session, client)
                #expect(try await Self.exchange(pending, Self.basic(id, secret), client).status == .unauthorized)
                let fresh = try await Self.exchange(try await Self.code(id, session: session, client), Self.basic(id, newSecret), client)
                #expect(fresh.status == .ok, "\(fresh.body)")
                let kept = try #require(try JSONParser.parseObject(Array(fresh.body.utf8))["refresh_token"]?.stringValue)
                // A change without newSecret answers no secret.
                let moved = try await client.call(
                    .patch, "/admin/oidc-clients/\(id)",
                    json: JSONObject([
                        "redirectUris": .array([.string(Self.callback), .string("http://127.0.0.1/cb")]), "idTokenAlg": .string("ES256"),
                    ]),
                    session: key)
                #expect(moved.ok && moved.object["client"]?.objectValue?["clientSecret"] == nil)
                #expect(try await store.oidcClient(id: id)?.redirectURIs == [Self.callback, "http://127.0.0.1/cb"])

                // Delete: the client, its unused code and its refresh token are gone.
                let unused = try await Self.code(id, session: session, client)
                #expect(try await client.call(.delete, "/admin/oidc-clients/\(id)", session: key).ok)
                #expect(try await store.oidcClient(id: id) == nil)
                let now = Int64(Date().timeIntervalSince1970 * 1000)
                #expect(try await store.useRefreshToken(hash: OpenIDProvider.hash(kept), now: now) == .unknown)
                #expect(try await store.useAuthorizationCode(hash: OpenIDProvider.hash(unused.code), now: now) == .unknown)
                for (method, path) in [
                    (HTTPRequest.Method.get, "/admin/oidc-clients/\(id)"), (.delete, "/admin/oidc-clients/\(id)"),
                    (.patch, "/admin/oidc-clients/\(id)"),
                ] {
                    let answer = try await client.call(method, path, json: method == .patch ? JSONObject(["name": .string("x")]) : nil, session: key)
                    #expect(answer.status == .notFound && answer.code == "oidcClientNotFound", "\(method) \(path)")
                }
                let long = try await client.call(.get, "/admin/oidc-clients/" + String(repeating: "A", count: 500), session: key)
                #expect(long.status == .notFound && !long.errorMessage.contains(String(repeating: "A", count: 65)))

                // The audit log: who made, changed and deleted it, and the reads and refusals.
                let audit = try await Self.audit(since: started, key: key, client)
                func entries(_ action: String, _ outcome: String = "success") -> [JSONObject] {
                    audit.filter {
                        $0["action"] == .string(action) && $0["outcome"] == .string(outcome)
                            && ($0["detail"]?.objectValue?["client"]?.objectValue?["id"] == .string(id) || action == "admin.oidc-clients.read")
                    }
                }
                let creation = try #require(entries("oidc-client.created").first)
                #expect(creation["actor"]?.objectValue?["name"]?.stringValue?.hasPrefix("sso-admin (") == true)
                #expect(creation["actor"]?.objectValue?["kind"] == .string("apiKey"))
                #expect(entries("oidc-client.updated").count == 1)
                // A new secret is an action of its own, so a search for secret changes finds every one.
                let secretChange = entries("oidc-client.secret-rotated").first
                #expect(secretChange?["detail"]?.objectValue?["changed"]?.arrayValue?.contains(.string("newSecret")) == true)
                #expect(entries("oidc-client.deleted").count == 1 && entries("oidc-client.deleted", "refused").count == 1)
                #expect(entries("oidc-client.updated", "refused").first?["detail"]?.objectValue?["code"] == .string("oidcClientNotFound"))
                #expect(entries("admin.oidc-clients.read").count >= 2 && !entries("admin.oidc-clients.read", "refused").isEmpty)
                let logged = JSONValue.array(audit.map(JSONValue.object)).serialized()
                #expect(!logged.contains(secret) && !logged.contains(newSecret), "a secret is never logged")
            } catch {
                try? await store.shutdown()
                throw error
            }
            try await store.shutdown()
        }
    }

    @Test(
        "a public client has no secret; bad values are 400 naming the member; bodies are strict; a user's session is refused",
        arguments: Backend.all)
    func refusals(_ backend: Backend) async throws {
        try await AdminAPITests.withAdmin(backend.location()) { client, key, _ in
            let started = Self.now
            let created = try await client.call(
                .post, "/admin/oidc-clients",
                json: JSONObject([
                    "name": .string("desktop"), "redirectUris": .array([.string("http://127.0.0.1/cb"), .string("http://[::1]:8080/cb")]),
                    "public": .bool(true), "idTokenAlg": .string("ES256"),
                ]), session: key)
            #expect(created.ok, "\(created.object)")
            let body = try #require(created.object["client"]?.objectValue)
            #expect(body["clientSecret"] == nil && body["public"] == .bool(true) && body["idTokenAlg"] == .string("ES256"))
            let id = try #require(body["clientId"]?.stringValue)
            let noSecret = try await client.call(.patch, "/admin/oidc-clients/\(id)", json: JSONObject(["newSecret": .bool(true)]), session: key)
            #expect(noSecret.status == .badRequest && noSecret.errorMessage.hasPrefix("newSecret:"), "\(noSecret.object)")

            let uri = JSONValue.string(Self.callback)
            func create(_ members: [String: JSONValue]) -> JSONObject {
                var body = JSONObject(["name": .string("wiki"), "redirectUris": .array([uri])])
                for (member, value) in members { body[member] = value }
                return body
            }
            let huge = "https://wiki.example.com/" + String(repeating: "a", count: 2_000)
            let refused: [(JSONObject, String)] = [
                (create(["redirectUris": .array([.string("http://wiki.example.com/cb")])]), "redirectUris[0]: expected an absolute https URI"),
                (create(["redirectUris": .array([uri, .string("https://wiki.example.com/cb#top")])]), "redirectUris[1]: expected an absolute https"),
                (create(["redirectUris": .array([.string("http://localhost:8080/cb")])]), "redirectUris[0]:"),
                (create(["redirectUris": .array((0..<21).map { .string("https://wiki.example.com/cb\($0)") })]), "redirectUris: expected at most 20"),
                (create(["redirectUris": .array([.string(huge)])]), "redirectUris[0]: expected at most 2000 characters, found 2025"),
                (create(["redirectUris": .array([uri, uri])]), "redirectUris[1]: expected each URI once, found a repeat of redirectUris[0]"),
                (create(["redirectUris": .array([])]), "redirectUris: expected at least one"),
                (create(["postLogoutRedirectUris": .array([.string("http://wiki.example.com/")])]), "postLogoutRedirectUris[0]:"),
                (create(["idTokenAlg": .string("HS256")]), "idTokenAlg: expected RS256 or ES256"),
                (create(["name": .string("  ")]), "name: expected 1 to 128 characters"),
                (create(["name": .string(String(repeating: "n", count: 129))]), "name: expected 1 to 128"),
                (create(["name": .string("a\u{7}b")]), "name:"),
                (create(["name": JSONValue(5)]), "name: expected a string, found"),
                (create(["redirectUris": uri]), "redirectUris: expected an array of strings"),
                (create(["redirectUris": .array([JSONValue(1)])]), "redirectUris[0]: expected a string"),
                (create(["public": .string("yes")]), "public: expected true or false"),
                (create(["secret": .string("mine")]), "Expected only the members"),
                (JSONObject(["name": .string("wiki")]), "redirectUris: expected an array"),
                (JSONObject(["redirectUris": .array([uri])]), "name: expected a string, found nothing"),
            ]
            for (body, message) in refused {
                let answer = try await client.call(.post, "/admin/oidc-clients", json: body, session: key)
                #expect(answer.status == .badRequest && answer.code == "invalidRequest", "\(message): \(answer.status) \(answer.object)")
                #expect(answer.errorMessage.hasPrefix(message) || answer.errorMessage.contains(message), "\(answer.errorMessage)")
                #expect(!answer.errorMessage.contains(String(repeating: "a", count: 200)), "a huge value is not echoed")
            }
            for (text, what) in [
                (#"{"name":"a","name":"b","redirectUris":["https://wiki.example.com/cb"]}"#, "a duplicate member"),
                (#"{"name":"wiki","redirectUris":["https://wiki.example.com/cb"]} x"#, "trailing bytes"), ("[]", "not an object"),
            ] {
                let answer = try await client.call(.post, "/admin/oidc-clients", bytes: Array(text.utf8), session: key)
                #expect(answer.status == .badRequest, "\(what)")
            }
            for (body, message) in [
                (JSONObject(["public": .bool(false)]), "Expected only the members"),
                (JSONObject(["name": .null]), "name: expected a string, found null"),
                (JSONObject(["redirectUris": .array([.string("https://a.example/#x")])]), "redirectUris[0]:"),
            ] {
                let answer = try await client.call(.patch, "/admin/oidc-clients/\(id)", json: body, session: key)
                #expect(answer.status == .badRequest && answer.errorMessage.hasPrefix(message), "\(answer.object)")
            }
            let unchanged = try await client.call(.get, "/admin/oidc-clients/\(id)", session: key)
            #expect(unchanged.object["client"]?.objectValue?["redirectUris"]?.arrayValue?.count == 2, "a refused change changes nothing")
            let audit = try await Self.audit(since: started, key: key, client)
            #expect(audit.contains { $0["action"] == .string("oidc-client.created") && $0["outcome"] == .string("refused") })

            // A user's session is not an operator's key, on any of the routes.
            var browser = TestBrowser(origin: TestServer.origin)
            let session = try await client.register(uniqueName(), browser: &browser)
            for (method, path) in [
                (HTTPRequest.Method.get, "/admin/oidc-clients"), (.get, "/admin/oidc-clients/\(id)"), (.post, "/admin/oidc-clients"),
                (.patch, "/admin/oidc-clients/\(id)"), (.delete, "/admin/oidc-clients/\(id)"),
            ] {
                let body = method == .post ? create([:]) : method == .patch ? JSONObject(["name": .string("taken")]) : nil
                let answer = try await client.call(method, path, json: body, session: session)
                #expect(answer.status == .unauthorized, "\(method) \(path)")
                let anonymous = try await client.call(method, path, json: body)
                #expect(anonymous.status == .unauthorized, "\(method) \(path)")
            }
            #expect(try await client.call(.get, "/admin/oidc-clients/\(id)", session: key).ok, "still there")
        }
    }

    @Test("the routes are in /openapi.json under the Operator tag with the operatorKey scheme and the body schemas")
    func openAPI() async throws {
        try await TestServer.withServer(TestServer.configuration(Backend.sqlite.location())) { client in
            let document = try await client.raw(.get, "/openapi.json").json
            let paths = try #require(document["paths"]?.objectValue)
            for (path, method) in [
                ("/admin/oidc-clients", "get"), ("/admin/oidc-clients", "post"), ("/admin/oidc-clients/{id}", "get"),
                ("/admin/oidc-clients/{id}", "patch"), ("/admin/oidc-clients/{id}", "delete"),
            ] {
                let operation = paths[path]?.objectValue?[method]?.objectValue
                #expect(operation?["tags"] == .array([.string("Operator")]), "\(method) \(path)")
                #expect(operation?["security"] == .array([.object(JSONObject(["operatorKey": .array([])]))]))
            }
            let schemas = document["components"]?.objectValue?["schemas"]?.objectValue
            let create = schemas?["OIDCClientCreate"]?.objectValue
            #expect(create?["additionalProperties"] == .bool(false))
            #expect(create?["required"]?.arrayValue?.contains(.string("redirectUris")) == true)
            #expect(schemas?["OIDCClient"]?.objectValue?["properties"]?.objectValue?["clientSecret"] == nil)
        }
    }
}
