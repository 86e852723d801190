import Hummingbird
import HTTPTypes
import PasskeyCore

/// The HTTP API (CONTRACT.md §2). Routes decode and encode; ``RelyingParty`` decides.
struct Routes {
    let relyingParty: RelyingParty
    let configuration: ServerConfiguration
    let metrics: ServerMetrics

    static let sessionCookie = "passkeys_session"

    /// A registered method and path, in OpenAPI's spelling (`/credentials/{id}`).
    struct Endpoint: Hashable, Sendable {
        let method: String
        let path: String
    }

    func build() -> Router<ServerContext> { buildWithEndpoints().router }

    /// The router, and every endpoint it serves (the OpenAPI test compares these with the document).
    func buildWithEndpoints() -> (router: Router<ServerContext>, endpoints: [Endpoint]) {
        let router = Router(context: ServerContext.self)
        router.add(middleware: RequestLogMiddleware(metrics: metrics))
        router.add(middleware: ErrorMiddleware())
        router.add(middleware: SecurityHeadersMiddleware())
        if let rate = configuration.rateLimit {
            router.add(middleware: RateLimitMiddleware(limiter: RateLimiter(rate: rate, burst: max(rate * 2, 10))))
        }
        var endpoints: [Endpoint] = []
        func on(_ method: HTTPRequest.Method, _ path: String, _ handler: @escaping @Sendable (Request, ServerContext) async throws -> Response) {
            router.on(RouterPath(path), method: method, use: handler)
            let openAPIPath = path.split(separator: "/", omittingEmptySubsequences: false)
                .map { $0.hasPrefix(":") ? "{\($0.dropFirst())}" : String($0) }.joined(separator: "/")
            endpoints.append(Endpoint(method: method.rawValue.lowercased(), path: openAPIPath))
        }

        on(.post, "/attestation/options") { request, context in
            let body = try APIResponse.object(try await APIResponse.body(request, context: context))
            return APIResponse.ok(try await relyingParty.beginRegistration(body, session: try await session(request)))
        }
        on(.post, "/attestation/result") { request, context in
            let (members, token) = try await relyingParty.finishRegistration(try await APIResponse.body(request, context: context))
            return APIResponse.ok(members, headers: cookie(token))
        }
        on(.post, "/assertion/options") { request, context in
            let body = try APIResponse.object(try await APIResponse.body(request, context: context))
            return APIResponse.ok(try await relyingParty.beginAuthentication(body))
        }
        on(.post, "/assertion/result") { request, context in
            let (members, token) = try await relyingParty.finishAuthentication(try await APIResponse.body(request, context: context))
            return APIResponse.ok(members, headers: cookie(token))
        }
        on(.get, "/session") { request, _ in
            APIResponse.ok(try await relyingParty.currentUser(try await session(request)))
        }
        on(.delete, "/session") { request, _ in
            try await relyingParty.signOut(token: token(request))
            return APIResponse.ok(headers: cookie(nil))
        }
        on(.get, "/credentials") { request, _ in
            APIResponse.ok(try await relyingParty.listCredentials(try await session(request)))
        }
        on(.patch, "/credentials/:id") { request, context in
            let id = try context.parameters.require("id")
            let body = try APIResponse.object(try await APIResponse.body(request, context: context))
            return APIResponse.ok(try await relyingParty.renameCredential(try await session(request), id: id, body: body))
        }
        on(.delete, "/credentials/:id") { request, context in
            try await relyingParty.deleteCredential(try await session(request), id: try context.parameters.require("id"))
            return APIResponse.ok()
        }
        on(.get, "/.well-known/apple-app-site-association") { _, _ in
            APIResponse.json(WellKnown.appleAppSiteAssociation(configuration.appleAppIDs), status: .ok)
        }
        on(.get, "/.well-known/assetlinks.json") { _, _ in
            APIResponse.json(WellKnown.assetLinks(configuration.androidApps), status: .ok)
        }
        on(.get, "/healthz") { _, _ in APIResponse.ok() }
        on(.get, "/metrics") { _, _ in
            Response(status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"], body: ResponseBody(byteBuffer: ByteBuffer(string: metrics.exposition())))
        }
        on(.get, "/openapi.json") { _, _ in
            Response(status: .ok, headers: [.contentType: "application/json; charset=utf-8"], body: ResponseBody(byteBuffer: ByteBuffer(string: OpenAPIDocument.json)))
        }
        for asset in WebAssets.all {
            on(.get, asset.path) { _, _ in
                Response(status: .ok, headers: [.contentType: asset.contentType, .cacheControl: "no-cache"], body: ResponseBody(byteBuffer: ByteBuffer(string: asset.body)))
            }
        }
        return (router, endpoints)
    }

    /// The session token from `Authorization: Bearer` or, for the page, the HttpOnly cookie.
    func token(_ request: Request) -> String? {
        if let authorization = request.headers[.authorization], authorization.hasPrefix("Bearer ") {
            return String(authorization.dropFirst("Bearer ".count)).trimmingCharacters(in: .whitespaces)
        }
        return request.cookies[Self.sessionCookie]?.value
    }

    func session(_ request: Request) async throws -> SessionRecord? {
        try await relyingParty.session(token: token(request))
    }

    /// Sets (or, for nil, clears) the session cookie: HttpOnly, SameSite=Lax, Secure on https sites.
    func cookie(_ token: String?) -> HTTPFields {
        var parts = ["\(Self.sessionCookie)=\(token ?? "")", "Path=/", "HttpOnly", "SameSite=Lax"]
        parts.append("Max-Age=\(token == nil ? 0 : configuration.relyingParty.sessionLifetime / 1000)")
        if configuration.secureCookies { parts.append("Secure") }
        return [.setCookie: parts.joined(separator: "; ")]
    }
}
