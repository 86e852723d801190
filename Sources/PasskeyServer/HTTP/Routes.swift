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
    /// How long `/readyz` waits for the database.
    static let readinessWait = Duration.seconds(2)

    func build() throws -> Router<ServerContext> { try buildWithRoutes().router }

    /// The router, and every route it serves with its description: the same table `/openapi.json` is built from and
    /// the 405 answers read. A route is added only through `on`, which takes its ``APIOperations`` entry, so a route
    /// without documentation does not compile.
    func buildWithRoutes() throws -> (router: Router<ServerContext>, routes: [OpenAPIDocument.Route]) {
        // HEAD wherever GET is served: GET's status and headers without the body (RFC 9110 §9.3.2).
        let router = Router(context: ServerContext.self, options: .autoGenerateHeadEndpoints)
        let table = RouteTable()
        addCommonMiddleware(router, table: table)
        let registrar = RouteRegistrar(table: table)
        // The page's and apps' JSON API unless a route says otherwise (``RouteKind``).
        func on(
            _ group: some RouterMethods<ServerContext>, _ method: HTTPRequest.Method, _ path: String, _ operation: OpenAPI.Operation,
            kind: RouteKind = .browserJSON, _ handler: @escaping @Sendable (Request, ServerContext) async throws -> Response
        ) {
            registrar.on(group, method, path, operation, kind: kind, handler)
        }

        // The ceremony endpoints and the step-up: the shared endpoints (`CeremonyEndpoints`, as the route groups run
        // them) decide and limit each client (options rate, failed results, waiting ceremonies, taken names); the
        // routes read bodies and the session, and set the cookie.
        on(router, .post, "/attestation/options", APIOperations.beginRegistration) { request, context in
            let body = try await JSONRequestBody.bytes(of: request, limit: context.maxUploadSize)
            return APIResponse.ok(try await relyingParty.beginRegistration(body, session: try await session(request), client: client(context)))
        }
        on(router, .post, "/attestation/result", APIOperations.finishRegistration) { request, context in
            let body = try await JSONRequestBody.bytes(of: request, limit: context.maxUploadSize)
            let (members, token) = try await relyingParty.finishRegistration(body, client: client(context))
            return APIResponse.ok(members, headers: cookie(token))
        }
        on(router, .post, "/assertion/options", APIOperations.beginAuthentication) { request, context in
            let body = try await JSONRequestBody.bytes(of: request, limit: context.maxUploadSize)
            return APIResponse.ok(try await relyingParty.beginAuthentication(body, client: client(context)))
        }
        on(router, .post, "/assertion/result", APIOperations.finishAuthentication) { request, context in
            let body = try await JSONRequestBody.bytes(of: request, limit: context.maxUploadSize)
            let (members, token) = try await relyingParty.finishAuthentication(body, client: client(context))
            return APIResponse.ok(members, headers: cookie(token))
        }
        on(router, .post, "/session/verify/options", APIOperations.beginReverification) { request, context in
            let body = try await JSONRequestBody.bytes(of: request, limit: context.maxUploadSize)
            return APIResponse.ok(try await relyingParty.beginReverification(body, session: try await session(request), client: client(context)))
        }
        on(router, .post, "/session/verify/result", APIOperations.finishReverification) { request, context in
            let body = try await JSONRequestBody.bytes(of: request, limit: context.maxUploadSize)
            return APIResponse.ok(try await relyingParty.finishReverification(body, session: try await session(request), client: client(context)))
        }
        // Recovery: its own per-account and per-client limits, and the failed-results budget of the ceremony results.
        on(router, .post, "/recovery", APIOperations.recover) { request, context in
            let body = try RequestJSON.object(try await JSONRequestBody.bytes(of: request, limit: context.maxUploadSize))
            let (members, token) = try await relyingParty.recover(body, client: client(context))
            return APIResponse.ok(members, headers: cookie(token))
        }
        on(router, .get, "/recovery-codes", APIOperations.recoveryCodeStatus) { request, _ in
            APIResponse.ok(try await relyingParty.recoveryCodeStatus(try await session(request)))
        }
        on(router, .post, "/recovery-codes", APIOperations.regenerateRecoveryCodes) { request, context in
            _ = try RequestJSON.object(try await JSONRequestBody.bytes(of: request, limit: context.maxUploadSize))
            return APIResponse.ok(try await relyingParty.regenerateRecoveryCodes(try await session(request)))
        }
        on(router, .get, "/session", APIOperations.currentUser) { request, _ in
            // Both answers name where the page works (its origins), so a page opened at another address — such as
            // http://127.0.0.1:8080 for RP ID localhost, where every ceremony would fail — can link to the right one
            // before anything is tried.
            let origins = JSONValue.array(configuration.pageOrigins.map(JSONValue.string))
            do {
                var members = try await relyingParty.currentUser(try await session(request))
                members["origins"] = origins
                return APIResponse.ok(members)
            } catch let refusal as RelyingPartyError where refusal.status == .unauthorized {
                var body = EndpointAnswer.failedBody(refusal.message, code: refusal.code, credentialID: nil)
                body["rpId"] = .string(configuration.relyingParty.rpID)
                body["origins"] = origins
                return APIResponse.json(.object(body), status: .unauthorized)
            }
        }
        on(router, .delete, "/session", APIOperations.signOut) { request, _ in
            try await relyingParty.signOut(token: token(request))
            return APIResponse.ok(headers: cookie(nil))
        }
        on(router, .delete, "/sessions", APIOperations.endOtherSessions) { request, _ in
            try await relyingParty.endOtherSessions(try await session(request))
            return APIResponse.ok()
        }
        on(router, .delete, "/account", APIOperations.deleteAccount) { request, _ in
            try await relyingParty.deleteAccount(try await session(request))
            return APIResponse.ok(headers: cookie(nil))
        }
        on(router, .get, "/credentials", APIOperations.listCredentials) { request, _ in
            let languages = AcceptLanguage.tags(request.headers[.acceptLanguage])
            return APIResponse.ok(try await relyingParty.listCredentials(try await session(request), languages: languages))
        }
        on(router, .patch, "/credentials/:id", APIOperations.renameCredential) { request, context in
            let id = try context.parameters.require("id")
            let body = try RequestJSON.object(try await JSONRequestBody.bytes(of: request, limit: context.maxUploadSize))
            return APIResponse.ok(try await relyingParty.renameCredential(try await session(request), id: id, body: body))
        }
        on(router, .delete, "/credentials/:id", APIOperations.deleteCredential) { request, context in
            try await relyingParty.deleteCredential(try await session(request), id: try context.parameters.require("id"))
            return APIResponse.ok()
        }
        on(router, .get, "/.well-known/apple-app-site-association", APIOperations.appleAppSiteAssociation) { _, _ in
            APIResponse.json(WellKnown.appleAppSiteAssociation(configuration.appleAppIDs), status: .ok)
        }
        on(router, .get, "/.well-known/assetlinks.json", APIOperations.assetLinks) { _, _ in
            APIResponse.json(WellKnown.assetLinks(configuration.androidApps), status: .ok)
        }
        on(router, .get, "/.well-known/webauthn", APIOperations.relatedOrigins) { _, _ in
            APIResponse.json(RelatedOrigins.document(configuration.relyingParty.relatedOrigins), status: .ok)
        }
        if let tokens {
            let service = serviceGroup(router, store: tokens.store)
            let options = rateLimitedGroup(router)
            for route in tokenRoutes(tokens, provider: provider) + (provider.map(openIDRoutes) ?? []) {
                switch route.group {
                case .rateLimited: on(options, route.method, route.path, route.operation, kind: route.kind, route.handler)
                case .open: on(router, route.method, route.path, route.operation, kind: route.kind, route.handler)
                case .service: on(service, route.method, route.path, route.operation, kind: route.kind, route.handler)
                }
            }
        }
        on(router, .get, "/healthz", APIOperations.health) { _, _ in APIResponse.ok() }
        on(router, .get, "/readyz", APIOperations.readiness) { _, _ in
            // A stopping server is not ready whatever its database says, so a load balancer drains it.
            if stop.hasBegun { return APIResponse.failure(.serviceUnavailable, "The server is stopping; use another instance.", code: "stopping") }
            // Ready means the database answers, with this build's schema, within a short bound.
            do {
                try await answerByDeadline(Self.readinessWait) { try await relyingParty.store.checkReadiness() }
                return APIResponse.ok()
            } catch is DeadlineExceeded {
                throw StoreUnavailable(reason: "no answer within \(Self.readinessWait)")
            }
        }
        // The operator's API here unless --admin-address gives it a listener of its own (``buildAdminRouter()``).
        if let admin, configuration.adminAddress == nil { addAdminRoutes(admin, to: router, registrar) }
        if configuration.metricsAddress == nil {
            on(router, .get, "/metrics", APIOperations.metrics) { _, _ in metrics.response() }
        }
        for asset in WebAssets.all {
            on(router, .get, asset.path, APIOperations.asset(asset.path, asset.contentType)) { _, _ in
                Response(
                    status: .ok, headers: [.contentType: asset.contentType, .cacheControl: "no-cache"], body: ResponseBody(byteBuffer: asset.body))
            }
        }
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
        router.add(middleware: EventContextMiddleware())
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

    /// The session token from `Authorization: Bearer` or, for the page, the HttpOnly cookie.
    func token(_ request: Request) -> String? {
        AuthorizationCredentials(request.headers[.authorization])?.bearerToken ?? request.cookies[cookieName]?.value
    }

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
