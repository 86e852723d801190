import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import PasskeyCore
import PasskeyHummingbird

/// The routes of the OpenID Provider: `/authorize` and `/end-session` (GET and POST, per-client rate
/// limited, answered with redirects or a page, never JSON), `POST /token` (a form, client authentication, failed
/// attempts limited) and `GET`/`POST /userinfo` (an access token). ``Routes/buildWithRoutes()`` registers them when a provider
/// is configured (docs/oidc.md).
extension Routes {
    func openIDRoutes(_ provider: OpenIDProvider) -> [TokenRoute] {
        let authorize: @Sendable (Request, ServerContext) async throws -> Response = { request, context in
            let parameters: [String: String]
            do {
                if request.method == .post {
                    guard FormBody.isForm(request.headers[.contentType]) else {
                        return Self.refusalPage("The sign-in request is not a form (expected application/x-www-form-urlencoded).")
                    }
                    parameters = try FormBody.parameters(
                        try await JSONRequestBody.anyBytes(of: request, limit: context.maxUploadSize), reading: AuthorizationRequest.names)
                } else {
                    parameters = try FormBody.parameters(Array((request.uri.query ?? "").utf8), reading: AuthorizationRequest.names)
                }
            } catch let refusal as RelyingPartyError where refusal.status == .badRequest {
                return Self.refusalPage(refusal.message)
            }
            switch try await provider.authorize(parameters, session: try await session(request)) {
            case .refused(let message): return Self.refusalPage(message)
            case .respond(let answer):
                guard answer.formPost else { return Self.redirect(OpenIDProvider.append(answer.parameters, to: answer.redirectURI)) }
                return answer.formPostPage()
            case .signIn(let continuation, let fresh):
                return Self.redirect("/?authorize=" + FormEncoding.escape(continuation) + (fresh ? "&fresh=1" : ""))
            }
        }
        let endSession: @Sendable (Request, ServerContext) async throws -> Response = { request, context in
            let parameters: [String: String]
            do {
                if request.method == .post {
                    guard FormBody.isForm(request.headers[.contentType]) else {
                        return Self.refusalPage("The sign-out request is not a form (expected application/x-www-form-urlencoded).")
                    }
                    parameters = try FormBody.parameters(
                        try await JSONRequestBody.anyBytes(of: request, limit: context.maxUploadSize), reading: OpenIDProvider.logoutParameters)
                } else {
                    parameters = try FormBody.parameters(Array((request.uri.query ?? "").utf8), reading: OpenIDProvider.logoutParameters)
                }
            } catch let refusal as RelyingPartyError where refusal.status == .badRequest {
                return Self.refusalPage(refusal.message)
            }
            switch try await provider.endSession(parameters, session: try await session(request)) {
            case .refused(let message): return Self.refusalPage(message)
            case .redirect(let location, let signOut):
                guard signOut else { return Self.redirect(location) }
                try await relyingParty.signOut(token: token(request), origin: context.changeOrigin)
                var response = Self.redirect(location)
                response.headers.append(contentsOf: cookie(nil))
                return response
            }
        }
        return [
            TokenRoute(
                group: .rateLimited, method: .get, path: "/end-session", operation: APIOperations.endSession(.get), kind: .browserNavigation,
                handler: endSession),
            TokenRoute(
                group: .rateLimited, method: .post, path: "/end-session", operation: APIOperations.endSession(.post), kind: .browserNavigation,
                handler: endSession),
            TokenRoute(
                group: .rateLimited, method: .get, path: "/authorize", operation: APIOperations.authorize(.get), kind: .browserNavigation,
                handler: authorize),
            TokenRoute(
                group: .rateLimited, method: .post, path: "/authorize", operation: APIOperations.authorize(.post), kind: .browserNavigation,
                handler: authorize),
            TokenRoute(group: .open, method: .post, path: "/token", operation: APIOperations.token, kind: .service) { request, context in
                try await clientForm(request, context, reading: OpenIDProvider.tokenParameters, section: "RFC 6749 §4.1.3") {
                    parameters, authorization in
                    try await provider.token(parameters, authorization: authorization, origin: context.changeOrigin).map {
                        APIResponse.json(.object($0), status: .ok, headers: Self.noStore)
                    }
                }
            },
            TokenRoute(group: .open, method: .post, path: "/revoke", operation: APIOperations.revoke, kind: .service) { request, context in
                try await clientForm(request, context, reading: OpenIDProvider.revocationParameters, section: "RFC 7009 §2.1") {
                    parameters, authorization in
                    // RFC 7009 §2.2: 200, and the body carries nothing the client needs.
                    try await provider.revoke(parameters, authorization: authorization, origin: context.changeOrigin).map {
                        Response(status: .ok, headers: Self.noStore)
                    }
                }
            },
            TokenRoute(group: .open, method: .get, path: "/userinfo", operation: APIOperations.userinfo(.get), kind: .service) {
                request, context in
                try await limitingOAuthFailures(context) {
                    try await userinfo(token: AuthorizationCredentials(request.headers[.authorization])?.bearerToken, provider: provider)
                }
            },
            // OpenID Connect Core §5.3.1: the UserInfo endpoint supports POST too, and RFC 6750 §2.2 lets the token travel
            // in a form body there (several certified relying parties send it so by default).
            TokenRoute(group: .open, method: .post, path: "/userinfo", operation: APIOperations.userinfo(.post), kind: .service) {
                request, context in
                try await limitingOAuthFailures(context) {
                    let header = AuthorizationCredentials(request.headers[.authorization])?.bearerToken
                    var body: String?
                    if FormBody.isForm(request.headers[.contentType]) {
                        let bytes = try await JSONRequestBody.anyBytes(of: request, limit: context.maxUploadSize)
                        do throws(RelyingPartyError) {
                            body = try FormBody.parameters(bytes, reading: ["access_token"])["access_token"]
                        } catch {
                            // RFC 6749 §5.2's shape, as every answer of this route.
                            return Self.oauthError(.invalidRequest(error.message))
                        }
                    }
                    // RFC 6750 §2: a client uses one method to send the token, never two.
                    if header != nil, body != nil {
                        return Self.oauthError(
                            .invalidRequest("The access token came both in Authorization and in the form; send it one way (RFC 6750 §2)."))
                    }
                    return try await userinfo(token: header ?? body, provider: provider)
                }
            },
        ]
    }

    /// A form route where the client authenticates (`/token`, `/revoke`): the form's `names` and the `Authorization`
    /// header to `handle`, under the failure budget, every refusal in OAuth's shape. A repeated parameter or bad
    /// percent-encoding is thrown in the API's shape and answered in OAuth's by ``limitingOAuthFailures(_:_:)``.
    func clientForm(
        _ request: Request, _ context: ServerContext, reading names: Set<String>, section: String,
        _ handle: ([String: String], AuthorizationCredentials?) async throws -> Result<Response, OAuthError>
    ) async throws -> Response {
        try await limitingOAuthFailures(context) {
            guard FormBody.isForm(request.headers[.contentType]) else {
                return Self.oauthError(.invalidRequest("Expected a form (application/x-www-form-urlencoded, \(section))."))
            }
            let parameters = try FormBody.parameters(try await JSONRequestBody.anyBytes(of: request, limit: context.maxUploadSize), reading: names)
            let authorization = AuthorizationCredentials(request.headers[.authorization])
            switch try await handle(parameters, authorization) {
            case .success(let response): return response
            case .failure(let error):
                var headers: HTTPFields = [:]
                // RFC 6749 §5.2: a failed Basic authentication is answered with the Basic challenge.
                if error.status == .unauthorized, authorization != nil { headers[.wwwAuthenticate] = "Basic realm=\"passkeys\"" }
                return Self.oauthError(error, headers: headers)
            }
        }
    }

    /// `provider`'s UserInfo answer for `token` (from the header, or a POST's form), or RFC 6750 §3's challenge.
    func userinfo(token: String?, provider: OpenIDProvider) async throws -> Response {
        guard let token else {
            // RFC 6750 §3.1: no credentials, the challenge without an error code.
            return Self.oauthError(
                OAuthError(
                    "invalid_request", "Expected Authorization: Bearer <access token>, or access_token in a POST's form.", status: .unauthorized),
                headers: [.wwwAuthenticate: "Bearer realm=\"passkeys\""])
        }
        switch try await provider.userinfo(accessToken: token) {
        case .success(let answer): return APIResponse.json(.object(answer), status: .ok, headers: Self.noStore)
        case .failure(let error):
            return Self.oauthError(error, headers: [.wwwAuthenticate: "Bearer realm=\"passkeys\", error=\"\(error.error)\""])
        }
    }

    /// RFC 6749 §5.1: token answers are not cached (`Pragma` for HTTP/1.0 caches).
    static let noStore: HTTPFields = {
        var fields: HTTPFields = [.cacheControl: "no-store"]
        if let pragma = HTTPField.Name("Pragma") { fields[pragma] = "no-cache" }
        return fields
    }()

    /// An OAuth error as RFC 6749 §5.2 spells it: `error` and `error_description`, not the API's failure shape.
    static func oauthError(_ error: OAuthError, headers: HTTPFields = [:]) -> Response {
        var fields = noStore
        fields.append(contentsOf: headers)
        return APIResponse.json(
            .object(JSONObject(["error": .string(error.error), "error_description": .string(error.description)])), status: error.status,
            headers: fields)
    }

    /// Runs an OAuth route whose 4xx answers are guesses (codes, secrets, tokens) under the failed-results budget per
    /// client, every refusal in RFC 6749 §5.2's shape: what the shared HTTP layer throws in the API's shape (a body
    /// over the limit, a repeated or badly encoded parameter, a spent budget) is answered as `invalid_request` with its
    /// status (413, 400, 429 with `Retry-After`), since OAuth clients read `error`, not `code`.
    func limitingOAuthFailures(_ context: ServerContext, _ route: () async throws -> Response) async throws -> Response {
        do {
            // A 4xx the route answers itself (OAuth's own error body) keeps the budget's token, as a thrown refusal does.
            return try await relyingParty.endpoints.limitingFailures(
                of: relyingParty.clientKey(client(context)), failed: { (400..<500).contains($0.status.code) }, route)
        } catch let refusal as RelyingPartyError {
            return Self.oauthError(refusal, limit: context.maxUploadSize)
        }
    }

    /// A refusal of the shared HTTP layer in OAuth's shape, with its status and `Retry-After`.
    static func oauthError(_ refusal: RelyingPartyError, limit: Int) -> Response {
        let answer = EndpointAnswer(refusal: refusal)
        let status = HTTPResponse.Status(code: answer.status)
        var headers: HTTPFields = [:]
        if let retryAfter = answer.retryAfter { headers[.retryAfter] = retryAfter }
        let description =
            switch status {
            case .contentTooLarge: "The body is larger than \(limit / 1024) KiB."
            case .tooManyRequests: "Too many failed attempts; retry after \(answer.retryAfter ?? "1") s."
            default: refusal.message
            }
        return oauthError(OAuthError("invalid_request", description, status: status), headers: headers)
    }

    static func redirect(_ location: String) -> Response {
        var headers = noStore
        headers[.location] = location
        return Response(status: .seeOther, headers: headers)
    }

    /// The page for a request that cannot be answered to the client: plain HTML with the message, no redirect.
    static func refusalPage(_ message: String) -> Response {
        page(title: "Request refused", message: message)
    }

    static func page(title: String, message: String) -> Response {
        let escaped = message.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
        let html = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(title)</title><link rel="stylesheet" href="/app.css"></head>
            <body><main><h1>\(title)</h1><p id="authorize-error">\(escaped)</p>
            <p>Go back to the app you came from and try again; if this keeps happening, tell its operator.</p></main></body></html>
            """
        var headers = noStore
        headers[.contentType] = "text/html; charset=utf-8"
        return Response(status: .badRequest, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: html)))
    }
}
