import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import PasskeyCore
import Testing

@testable import PasskeyServer
@testable import PasskeyStore

@Suite("Each route's kind decides its browser rules")
struct RouteKindTests {
    static let own = "https://login.example.com"
    static let front = "https://app.example.net"
    static let secFetchSite = HTTPField.Name("Sec-Fetch-Site")!

    /// A router with only the cross-site rule over one route of each kind, so each rule is seen alone.
    static func application() -> some ApplicationProtocol {
        let table = RouteTable()
        let router = Router(context: ServerContext.self)
        router.add(middleware: ErrorMiddleware())
        router.add(middleware: CrossSiteRequestMiddleware(origins: [own, front], corsOrigins: [front], table: table))
        for (path, kind) in [("/page", RouteKind.browserJSON), ("/go", .browserNavigation), ("/backend", .service), ("/console", .operatorSession)] {
            table.add(.post, path, kind: kind)
            router.post(RouterPath(path)) { _, _ in Response(status: .ok) }
        }
        return Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
    }

    static func post(_ client: some TestClientProtocol, _ path: String, _ headers: HTTPFields) async throws -> (HTTPResponse.Status, String) {
        try await client.execute(uri: path, method: .post, headers: headers, body: ByteBuffer(string: "{}")) { response in
            (response.status, String(buffer: response.body))
        }
    }

    @Test("an operator's console: Origin required and one of the relying party's own, never a --cors-origin; JSON only")
    func operatorSession() async throws {
        try await Self.application().test(.live) { client in
            let json: HTTPFields = [.contentType: "application/json"]
            var ok = json
            ok[.origin] = Self.own
            let status1 = try await Self.post(client, "/console", ok).0
            #expect(status1 == .ok)
            let missing: (HTTPResponse.Status, String) = try await Self.post(client, "/console", json)
            #expect(missing.0 == .forbidden && missing.1.contains("originNotAllowed"), "a request naming no page is refused")
            var front = json
            front[.origin] = Self.front
            let status2 = try await Self.post(client, "/console", front).0
            #expect(status2 == .forbidden, "a CORS front end is not the console's page")
            var crossSite = ok
            crossSite[Self.secFetchSite] = "cross-site"
            let status3 = try await Self.post(client, "/console", crossSite).0
            #expect(status3 == .forbidden)
            var form: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
            form[.origin] = Self.own
            let status4 = try await Self.post(client, "/console", form).0
            #expect(status4 == .unsupportedMediaType)
            // The page's API accepts a request naming no origin (a native app) and a listed front end across sites.
            let status5 = try await Self.post(client, "/page", json).0
            #expect(status5 == .ok)
            var listedFront = front
            listedFront[Self.secFetchSite] = "cross-site"
            let status6 = try await Self.post(client, "/page", listedFront).0
            #expect(status6 == .ok)
        }
    }

    @Test("navigations are not guarded by origin (other sites send them); backends' routes refuse a foreign origin but take any body")
    func unguarded() async throws {
        try await Self.application().test(.live) { client in
            let forged: HTTPFields = [.contentType: "text/plain", .origin: "https://evil.example", Self.secFetchSite: "cross-site"]
            let status7 = try await Self.post(client, "/page", forged).0
            #expect(status7 == .forbidden)
            let status8 = try await Self.post(client, "/go", forged).0
            #expect(status8 == .ok)
            let status9 = try await Self.post(client, "/backend", forged).0
            #expect(status9 == .forbidden)
            let status10 = try await Self.post(client, "/console", forged).0
            #expect(status10 == .forbidden)
            let form: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
            let backendForm = try await Self.post(client, "/backend", form).0
            #expect(backendForm == .ok, "a backend's form is the route's to read")
            let pageForm = try await Self.post(client, "/page", form).0
            #expect(pageForm == .unsupportedMediaType)
            // Every spelling of a path gets its route's rule.
            let status11 = try await Self.post(client, "//page/", forged).0
            #expect(status11 == .forbidden)
        }
    }

    @Test("a forged cross-site form to a backend's route is refused, and the session cookie is never a service credential")
    func forgedServiceCalls() async throws {
        try await TestServer.withServer(TestServer.configuration(Backend.sqlite.location())) { client in
            var browser = TestBrowser(origin: TestServer.origin)
            let name = uniqueName("victim")
            let session = try await client.register(name, browser: &browser)
            let cookie = "passkeys_session=\(session)"
            let forged: HTTPFields = [
                .contentType: "text/plain", .origin: "https://evil.example", Self.secFetchSite: "cross-site", .cookie: cookie,
            ]
            for path in ["/admin/users", "//admin/users", "/introspect", "/token"] {
                let answer = try await client.raw(.post, path, body: "token=\(session)", headers: forged)
                #expect([.forbidden, .unauthorized, .methodNotAllowed].contains(answer.status), "\(path): \(answer.status) \(answer.body)")
            }
            let answer = try await client.raw(.get, "/admin/users", headers: [.cookie: cookie])
            #expect(answer.status == .unauthorized, "the session cookie is never a service credential")
            #expect(try await client.raw(.get, "/session", headers: [.authorization: "Bearer \(session)"]).status == .ok)
        }
    }
}
