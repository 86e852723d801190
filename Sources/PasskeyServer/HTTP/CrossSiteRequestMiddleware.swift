import Foundation
import HTTPTypes
import Hummingbird

/// Refuses cross-site requests that change state (login CSRF, forced sign-out, passkey removal).
///
/// A browser lets any site send a "simple" POST — a form with `text/plain` or `application/x-www-form-urlencoded`
/// — carrying the victim's cookies; it cannot send `application/json` across sites without a CORS preflight, which
/// this server never grants. So every POST, PUT, PATCH and DELETE must be JSON (a bodyless DELETE may omit the type),
/// and a request is refused when the browser says where it comes from and that is not one of the relying party's
/// origins: an `Origin` outside the configured list, or `Sec-Fetch-Site: cross-site`. Native apps send neither
/// header and are unaffected.
///
/// The rule depends on the kind of the route the request matches (``RouteKind``, read from ``RouteTable``, so every
/// spelling of a path gets its route's rule):
/// - ``RouteKind/browserJSON`` (and paths no route serves): the rule above, except that `Sec-Fetch-Site: cross-site`
///   is accepted from an `Origin` the operator opened with `--cors-origin` (a front end on another site that the
///   browser itself names).
/// - ``RouteKind/browserNavigation`` (`/authorize`, `/end-session`): not guarded; other sites send them by design.
/// - ``RouteKind/service`` (`/introspect`, `/token`, `/userinfo`, the operator's API): the origin checks, as a backend
///   sends no `Origin` and a page naming a foreign one has no business there, but no JSON rule: they read no cookie,
///   only credentials a cross-site form cannot borrow, and each decodes the body it takes (a form or JSON).
/// - ``RouteKind/operatorSession``: stricter than the page's API: `Origin` must be present and one of the relying
///   party's own origins (never a `--cors-origin`), and the body JSON.
struct CrossSiteRequestMiddleware: RouterMiddleware {
    typealias Context = ServerContext
    let origins: Set<String>
    var corsOrigins: Set<String> = []
    let table: RouteTable

    static let secFetchSite = HTTPField.Name("Sec-Fetch-Site")

    func handle(_ request: Request, context: ServerContext, next: (Request, ServerContext) async throws -> Response) async throws -> Response {
        guard [.post, .put, .patch, .delete].contains(request.method) else { return try await next(request, context) }
        switch table.route(for: request.uri.path)?.kind ?? .browserJSON {
        case .browserNavigation: return try await next(request, context)
        case .browserJSON: try checkBrowserRequest(request, requiringJSON: true)
        case .service: try checkBrowserRequest(request, requiringJSON: false)
        case .operatorSession: try checkOperatorRequest(request)
        }
        return try await next(request, context)
    }

    private func checkBrowserRequest(_ request: Request, requiringJSON: Bool) throws {
        if Self.isCrossSite(request), !(request.headers[.origin].map(corsOrigins.contains) ?? false) { throw Self.crossSite }
        if let origin = request.headers[.origin], !origins.contains(origin) { throw Self.foreign(origin) }
        if requiringJSON { try requireJSON(request) }
    }

    private func checkOperatorRequest(_ request: Request) throws {
        guard let origin = request.headers[.origin] else {
            throw RelyingPartyError(
                .forbidden, "The console's changes must name their page in Origin; found no Origin header.", code: "originNotAllowed")
        }
        // A `--cors-origin` is one of the configured origins too, but a front end of the page, not the console.
        guard origins.contains(origin), !corsOrigins.contains(origin) else { throw Self.foreign(origin) }
        if Self.isCrossSite(request) { throw Self.crossSite }
        try requireJSON(request)
    }

    /// A state change must be JSON; a DELETE without a body may omit the type.
    private func requireJSON(_ request: Request) throws {
        let contentType = request.headers[.contentType]
        let hasBody = contentType != nil || request.headers[.contentLength].map { $0 != "0" } ?? false || request.headers[.transferEncoding] != nil
        if request.method != .delete || hasBody { try RequestJSON.requireJSON(contentType) }
    }

    /// Whether the browser says the request comes from another site (Fetch Metadata, `Sec-Fetch-Site: cross-site`).
    private static func isCrossSite(_ request: Request) -> Bool {
        secFetchSite.flatMap { request.headers[$0] }?.lowercased() == "cross-site"
    }

    private static let crossSite = RelyingPartyError(
        .forbidden, "Cross-site requests are not accepted: this page is not one of the relying party's own.", code: "crossSiteRequest")

    /// The configured list stays out of the answer; the log has the configuration.
    private static func foreign(_ origin: String) -> RelyingPartyError {
        RelyingPartyError(.forbidden, "Requests from the origin '\(origin)' are not accepted here.", code: "originNotAllowed")
    }
}
