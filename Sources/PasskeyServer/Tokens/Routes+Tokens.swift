import HTTPTypes
import Hummingbird
import NIOCore
import OpenAPIKit
import PasskeyCore
import PasskeyHummingbird

/// The routes for the app's own backend: session tokens, the JWKS and discovery, introspection. ``Routes/buildWithRoutes()``
/// registers each in its group: `POST /session/token` with the options endpoints (the per-client rate limit), the
/// documents on the router, `POST /introspect` in the service group (API keys only, failed attempts limited).
extension Routes {
    /// Where a token route is mounted.
    enum TokenRouteGroup { case rateLimited, open, service }

    struct TokenRoute {
        let group: TokenRouteGroup
        let method: HTTPRequest.Method
        let path: String
        let operation: OpenAPI.Operation
        /// Who calls it, which decides the browser rules around it.
        var kind: RouteKind = .browserJSON
        let handler: @Sendable (Request, ServerContext) async throws -> Response
    }

    /// How long verifiers may cache the JWKS (and discovery): next keys are published a rotation period (an hour at
    /// least) before they sign, so a cached copy always holds them in time.
    static let documentMaxAge = 900

    func tokenRoutes(_ tokens: SessionTokens, provider: OpenIDProvider? = nil) -> [TokenRoute] {
        let cache = "public, max-age=\(Self.documentMaxAge)"
        let discovery = ByteBuffer(bytes: Self.discoveryDocument(issuer: tokens.issuer, provider: provider != nil))
        return [
            TokenRoute(group: .rateLimited, method: .post, path: "/session/token", operation: APIOperations.sessionToken) { request, context in
                // A JSON body (the cross-site defence), which may be empty; no member is read yet.
                _ = try RequestJSON.object(try await JSONRequestBody.bytes(of: request, limit: context.maxUploadSize))
                return APIResponse.ok(try await tokens.issue(for: try await session(request)), headers: [.cacheControl: "no-store"])
            },
            TokenRoute(group: .open, method: .get, path: "/.well-known/jwks.json", operation: APIOperations.jwks) { _, _ in
                // From memory: the key ring rebuilds these bytes when the keys change, never per request.
                Response(
                    status: .ok, headers: [.contentType: "application/json", .cacheControl: cache],
                    body: ResponseBody(byteBuffer: ByteBuffer(bytes: tokens.jwks)))
            },
            TokenRoute(group: .open, method: .get, path: "/.well-known/openid-configuration", operation: APIOperations.discovery) { _, _ in
                Response(status: .ok, headers: [.contentType: "application/json", .cacheControl: cache], body: ResponseBody(byteBuffer: discovery))
            },
            TokenRoute(group: .service, method: .post, path: "/introspect", operation: APIOperations.introspect, kind: .service) { request, context in
                // RFC 7662 §2.1: the token comes as a form; a service route, so no cross-site rule asks for JSON (RouteKind).
                guard FormBody.isForm(request.headers[.contentType]) else {
                    throw RelyingPartyError(
                        .unsupportedMediaType,
                        "Introspection takes a form (RFC 7662 §2.1): expected Content-Type application/x-www-form-urlencoded, found \(request.headers[.contentType].map { "'\($0)'" } ?? "none").",
                        code: "unsupportedMediaType")
                }
                let parameters = try FormBody.parameters(
                    try await JSONRequestBody.anyBytes(of: request, limit: context.maxUploadSize), reading: ["token", "token_type_hint"])
                guard let token = parameters["token"], !token.isEmpty else {
                    throw FormBody.invalid("Expected the form parameter token (RFC 7662 §2.1), found none.")
                }
                let answer = try await tokens.introspect(token)
                return APIResponse.json(.object(answer), status: .ok, headers: [.cacheControl: "no-store"])
            },
        ]
    }

    /// The service group: the failed-results budget per client (the ceremony results' own, `limitingFailures`) and
    /// the API-key check, for keys with the `introspect` scope.
    func serviceGroup(_ router: Router<ServerContext>, store: any DatabaseStore) -> RouterGroup<ServerContext> {
        let group = router.group()
        group.add(middleware: FailedAttemptsMiddleware(relyingParty: relyingParty))
        group.add(
            middleware: ServiceCredentialMiddleware(
                store: store, scope: .introspection, refusals: RefusalAudit(relyingParty: relyingParty, store: store)))
        return group
    }

    /// The options group: the options endpoints' per-client rate (`admitOptions`), for routes that make server work
    /// on every call.
    func rateLimitedGroup(_ router: Router<ServerContext>) -> RouterGroup<ServerContext> {
        router.group().add(middleware: OptionsRateMiddleware(relyingParty: relyingParty))
    }

    /// `/.well-known/openid-configuration` (OpenID Connect Discovery 1.0 §3, RFC 8414 §2) with exactly what this server
    /// serves: its issuer, the JWKS and introspection, and, with the OpenID Provider, its endpoints and the
    /// values it supports.
    static func discoveryDocument(issuer: String, provider: Bool = false) -> [UInt8] {
        var document = JSONObject([
            "issuer": .string(issuer), "jwks_uri": .string(issuer + "/.well-known/jwks.json"),
            "introspection_endpoint": .string(issuer + "/introspect"),
        ])
        if provider {
            func list(_ values: [String]) -> JSONValue { .array(values.map(JSONValue.string)) }
            document["authorization_endpoint"] = .string(issuer + "/authorize")
            document["token_endpoint"] = .string(issuer + "/token")
            document["userinfo_endpoint"] = .string(issuer + "/userinfo")
            document["end_session_endpoint"] = .string(issuer + "/end-session")
            document["revocation_endpoint"] = .string(issuer + "/revoke")
            document["response_types_supported"] = list(["code"])
            document["response_modes_supported"] = list(["query", "form_post"])
            document["grant_types_supported"] = list(["authorization_code", "refresh_token"])
            document["subject_types_supported"] = list(["public"])
            document["id_token_signing_alg_values_supported"] = list(["RS256", "ES256"])
            document["scopes_supported"] = list(AuthorizationRequest.supportedScopes)
            document["claims_supported"] = list([
                "iss", "sub", "aud", "exp", "iat", "auth_time", "nonce", "amr", "azp", "at_hash", "preferred_username", "name",
            ])
            document["token_endpoint_auth_methods_supported"] = list(["client_secret_basic", "client_secret_post", "none"])
            document["revocation_endpoint_auth_methods_supported"] = list(["client_secret_basic", "client_secret_post", "none"])
            document["code_challenge_methods_supported"] = list(["S256"])
            document["authorization_response_iss_parameter_supported"] = .bool(true)
            document["claims_parameter_supported"] = .bool(false)
            document["request_parameter_supported"] = .bool(false)
            document["request_uri_parameter_supported"] = .bool(false)
        }
        return Array(JSONValue.object(document).serialized().utf8)
    }
}
