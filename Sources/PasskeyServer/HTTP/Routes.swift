import HTTPTypes
import Hummingbird
import OpenAPIKit
import PasskeyCore
import PasskeyHummingbird

/// The HTTP API (docs/reference/http.md; `/openapi.json` is built from this table). Routes decode and encode; ``RelyingParty`` decides.
struct Routes {
    let relyingParty: RelyingParty
    let configuration: ServerConfiguration
    let metrics: ServerMetrics
    /// Session tokens, the JWKS and introspection (Routes+Tokens.swift); nil serves none of them.
    var tokens: SessionTokens? = nil
    /// The operator's API (Routes+Admin.swift); nil serves none of it.
    var admin: AdminAPI? = nil
    /// Marked when the process begins to stop: `/readyz` then answers 503 `stopping` (a new one, never marked, by default).
    var stop = StopState()
    /// The OpenID Provider (Routes+OpenID.swift); nil serves none of its routes.
    var provider: OpenIDProvider? = nil

    static let sessionCookie = "passkeys_session"

    func build() throws -> Router<ServerContext> { try buildWithRoutes().router }

    /// The router, and every route it serves with its description: the same table `/openapi.json` is built from and
    /// the 405 answers read. A route is added only through ``RouteRegistrar/on(_:_:_:_:kind:_:)``, which takes its
    /// ``APIOperations`` entry and its kind, so a route without either does not compile.
    func buildWithRoutes() throws -> (router: Router<ServerContext>, routes: [OpenAPIDocument.Route]) {
        // HEAD wherever GET is served: GET's status and headers without the body (RFC 9110 §9.3.2).
        let router = Router(context: ServerContext.self, options: .autoGenerateHeadEndpoints)
        let table = RouteTable()
        addCommonMiddleware(router, table: table)
        let registrar = RouteRegistrar(table: table)
        // Each feature registers its own routes, each with its OpenAPI entry and its kind (``RouteKind``), in the
        // order /openapi.json lists them.
        addCeremonyRoutes(router, registrar)
        addAccountRoutes(router, registrar)
        addWellKnownRoutes(router, registrar)
        if let tokens {
            let service = serviceGroup(router, store: tokens.store)
            let options = rateLimitedGroup(router)
            for route in tokenRoutes(tokens, provider: provider) + (provider.map(openIDRoutes) ?? []) {
                switch route.group {
                case .rateLimited: registrar.on(options, route.method, route.path, route.operation, kind: route.kind, route.handler)
                case .open: registrar.on(router, route.method, route.path, route.operation, kind: route.kind, route.handler)
                case .service: registrar.on(service, route.method, route.path, route.operation, kind: route.kind, route.handler)
                }
            }
        }
        addHealthRoutes(router, registrar)
        // The operator's API here unless --admin-address gives it a listener of its own (``buildAdminRouter()``).
        if let admin, configuration.adminAddress == nil { addAdminRoutes(admin, to: router, registrar) }
        addMetricsRoute(router, registrar)
        addPageRoutes(router, registrar)
        registrar.addDocument(to: router)
        return (router, registrar.routes)
    }

    /// The middleware every listener of the API runs, outermost first.
    func addCommonMiddleware(_ router: Router<ServerContext>, table: RouteTable) {
        // Outermost, so every answer carries the headers: the error middleware's (4xx, 5xx) and the 405s included.
        router.add(middleware: SecurityHeadersMiddleware())
        router.add(
            middleware: ClientAddressMiddleware(
                resolver: ClientAddressResolver(trustedProxies: configuration.trustedProxies, header: configuration.forwardedHeader)))
        router.add(middleware: RequestLogMiddleware(metrics: metrics))
        // Outside the error answers, so a refusal carries the CORS headers its page needs to read it.
        router.add(middleware: CORSMiddleware(origins: Set(configuration.corsOrigins), table: table))
        router.add(middleware: ErrorMiddleware())
        // Before the cross-site check, so `PUT /session` is 405 whatever its Content-Type.
        router.add(middleware: MethodNotAllowedMiddleware(table: table))
        router.add(
            middleware: CrossSiteRequestMiddleware(
                origins: Set(configuration.relyingParty.origins + configuration.relyingParty.relatedOrigins),
                corsOrigins: Set(configuration.corsOrigins), table: table))
    }

    /// The session cookie's name: `__Host-` prefixed on https sites, so the browser keeps it to this exact host, path
    /// `/`, and secure transport (RFC 6265bis §4.1.3.2); a plain name on http (local development), where browsers
    /// refuse the prefix.
    var cookieName: String { configuration.secureCookies ? "__Host-" + Self.sessionCookie : Self.sessionCookie }

    /// The session token from `Authorization: Bearer` or, for the page, the HttpOnly cookie: one or the other, never
    /// a mix. A Bearer header (any case, RFC 9110 §11.1) is the only credential read when present, so a request that
    /// names one session in its header is never answered as the cookie's; a header of another scheme (a proxy's
    /// Basic) is not a session credential, and the cookie is read as without it.
    func token(_ request: Request) -> String? {
        bearerToken(request) ?? request.cookies[cookieName]?.value
    }

    /// The token of a Bearer `Authorization` header; nil without one.
    func bearerToken(_ request: Request) -> String? { AuthorizationCredentials(request.headers[.authorization])?.bearerToken }

    func session(_ request: Request) async throws -> SessionRecord? {
        try await relyingParty.session(token: token(request))
    }

    /// The client as the limits see it: its address, as the server resolves it (``ClientAddressMiddleware``).
    func client(_ context: ServerContext) -> String { ClientAddressResolver.bucket(context.clientAddress) }

    /// Sets (or, for nil, clears) the session cookie: HttpOnly, SameSite=Lax, Secure and `__Host-` on https sites.
    func cookie(_ token: String?) -> HTTPFields {
        var parts = ["\(cookieName)=\(token ?? "")", "Path=/", "HttpOnly", "SameSite=Lax"]
        parts.append("Max-Age=\(token == nil ? 0 : configuration.relyingParty.sessionLifetime / 1000)")
        if configuration.secureCookies { parts.append("Secure") }
        return [.setCookie: parts.joined(separator: "; ")]
    }
}
