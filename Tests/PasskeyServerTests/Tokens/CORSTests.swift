import HTTPTypes
import HummingbirdTesting
import PasskeyCore
import Testing

@testable import PasskeyServer
@testable import PasskeyStore

@Suite("Cross-origin front ends, opt-in")
struct CORSTests {
    static let app = "http://localhost:5173"
    static let other = "http://localhost:6000"

    static func configuration() -> ServerConfiguration {
        var configuration = TestServer.configuration(Backend.sqlite.location())
        configuration.relyingParty.origins.append(app)
        configuration.relyingParty.origins.append(other)
        configuration.corsOrigins = [app]
        return configuration
    }

    static let allowOrigin = HTTPField.Name("Access-Control-Allow-Origin")!
    static let allowCredentials = HTTPField.Name("Access-Control-Allow-Credentials")!
    static let allowMethods = HTTPField.Name("Access-Control-Allow-Methods")!
    static let allowHeaders = HTTPField.Name("Access-Control-Allow-Headers")!
    static let requestMethod = HTTPField.Name("Access-Control-Request-Method")!
    static let requestHeaders = HTTPField.Name("Access-Control-Request-Headers")!

    @Test("a listed origin: preflight answered, credentialed reads allowed, exact origin, Vary: Origin")
    func listedOrigin() async throws {
        try await TestServer.withServer(Self.configuration()) { client in
            let preflight = try await client.raw(
                .options, "/session", headers: [.origin: Self.app, Self.requestMethod: "GET", Self.requestHeaders: "authorization"])
            #expect(preflight.status == .noContent)
            #expect(preflight.headers[Self.allowOrigin] == Self.app && preflight.headers[Self.allowCredentials] == "true")
            #expect(preflight.headers[Self.allowMethods]?.contains("GET") == true && preflight.headers[Self.allowMethods]?.contains("DELETE") == true)
            #expect(preflight.headers[Self.allowHeaders] == "Authorization, Content-Type")
            #expect(preflight.headers[values: .vary].joined(separator: ",").contains("Origin"))

            var browser = TestBrowser(origin: Self.app)
            let session = try await client.register(uniqueName("spa"), browser: &browser)
            let read = try await client.raw(.get, "/session", headers: [.origin: Self.app, .authorization: "Bearer \(session)"])
            #expect(read.status == .ok && read.headers[Self.allowOrigin] == Self.app && read.headers[Self.allowCredentials] == "true")
            #expect(read.headers[values: .vary].contains("Origin"))
            // Refusals carry the headers too, so the page can read why.
            let refused = try await client.raw(.get, "/session", headers: [.origin: Self.app])
            #expect(refused.status == .unauthorized && refused.headers[Self.allowOrigin] == Self.app)
            // Service routes are never opened to browsers.
            let service = try await client.raw(.options, "/introspect", headers: [.origin: Self.app, Self.requestMethod: "POST"])
            #expect(service.status == .methodNotAllowed && service.headers[Self.allowOrigin] == nil)
        }
    }

    @Test("the grant follows the route, not its spelling: no path reaching a backend's or a navigation route is opened")
    func spellings() async throws {
        try await TestServer.withServer(Self.configuration()) { client in
            // Each spelling reaches the route of its canonical path (the router and the route table match by segments),
            // so each must get that route's rule: an attacker's page tried `//admin/users` when only `/admin/` was exempt.
            let closed = [
                "/admin/users", "//admin/users", "/admin//users", "/admin/users/", "/introspect", "/introspect/", "//introspect",
                "/token", "/token/", "/userinfo", "//userinfo", "/authorize", "/authorize/", "//end-session",
            ]
            for path in closed {
                let read = try await client.raw(.get, path, headers: [.origin: Self.app, .authorization: "Bearer psk_x"])
                #expect(read.headers[Self.allowOrigin] == nil && read.headers[Self.allowCredentials] == nil, "\(path): \(read.status)")
                let preflight = try await client.raw(.options, path, headers: [.origin: Self.app, Self.requestMethod: "POST"])
                #expect(preflight.status == .methodNotAllowed && preflight.headers[Self.allowOrigin] == nil, "\(path)")
            }
            // The page's API keeps its grant under every spelling.
            for path in ["/session", "//session", "/session/"] {
                let read = try await client.raw(.get, path, headers: [.origin: Self.app])
                #expect(read.headers[Self.allowOrigin] == Self.app, "\(path): \(read.status)")
            }
        }
    }

    @Test("any other origin gets no CORS header: OPTIONS stays 405, reads carry no grant")
    func otherOrigins() async throws {
        try await TestServer.withServer(Self.configuration()) { client in
            for origin in [Self.other, "https://evil.example", "null", Self.app + "/", Self.app.uppercased()] {
                let preflight = try await client.raw(.options, "/session", headers: [.origin: origin, Self.requestMethod: "GET"])
                #expect(preflight.status == .methodNotAllowed && preflight.headers[Self.allowOrigin] == nil, "\(origin)")
                let read = try await client.raw(.get, "/session", headers: [.origin: origin])
                #expect(read.headers[Self.allowOrigin] == nil && read.headers[Self.allowCredentials] == nil, "\(origin)")
                #expect(read.headers[values: .vary].contains("Origin"), "a cache keeps the answers apart")
            }
        }
        // Without --cors-origin nothing changes: no header at all.
        try await TestServer.withServer(TestServer.configuration(Backend.sqlite.location())) { client in
            let read = try await client.raw(.get, "/session", headers: [.origin: TestServer.origin])
            #expect(read.headers[Self.allowOrigin] == nil && read.headers[.vary] == nil)
        }
    }

    @Test("state changes: a listed origin on another site passes the Fetch-Metadata check; others are still refused")
    func stateChanges() async throws {
        try await TestServer.withServer(Self.configuration()) { client in
            let listed = try await client.call(
                .post, "/assertion/options", json: JSONObject(), headers: [.origin: Self.app, HTTPField.Name("Sec-Fetch-Site")!: "cross-site"])
            #expect(listed.ok)
            let unlisted = try await client.call(
                .post, "/assertion/options", json: JSONObject(), headers: [.origin: Self.other, HTTPField.Name("Sec-Fetch-Site")!: "cross-site"])
            #expect(unlisted.status == .forbidden && unlisted.code == "crossSiteRequest")
            let foreign = try await client.call(.post, "/assertion/options", json: JSONObject(), headers: [.origin: "https://evil.example"])
            #expect(foreign.status == .forbidden && foreign.code == "originNotAllowed")
        }
    }

    @Test("--cors-origin must be a configured origin in the form browsers send")
    func configuration() throws {
        var configuration = TestServer.configuration(Backend.sqlite.location())
        for bad in ["http://localhost:5173", "*", "null", "http://localhost:8080/", "HTTP://localhost:8080"] {
            configuration.corsOrigins = [bad]
            #expect(throws: ConfigurationError.self, "\(bad)") { try configuration.checkTokens() }
        }
        configuration.corsOrigins = [TestServer.origin]
        try configuration.checkTokens()
        configuration.tokens.issuer = "https://login.example.com/?x=1"
        #expect(throws: ConfigurationError.self) { try configuration.checkTokens() }
        configuration.tokens.issuer = "http://login.example.com"
        #expect(throws: ConfigurationError.self, "http for a real domain") { try configuration.checkTokens() }
        configuration.tokens.issuer = nil
        configuration.tokens.lifetime = 86_401
        #expect(throws: ConfigurationError.self) { try configuration.checkTokens() }
    }
}
