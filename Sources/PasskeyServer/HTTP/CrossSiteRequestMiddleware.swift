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
/// Two exceptions (issue #43): `Sec-Fetch-Site: cross-site` is accepted from an `Origin` the operator opened with
/// `--cors-origin` (a front end on another site that the browser itself names), and `formPaths` (`POST /introspect`,
/// RFC 7662's form body) skip the JSON rule: they serve only requests with an API key in `Authorization`, which a
/// cross-site form cannot set, and never read a session cookie, so a forged form changes nothing.
struct CrossSiteRequestMiddleware: RouterMiddleware {
    typealias Context = ServerContext
    let origins: Set<String>
    var corsOrigins: Set<String> = []
    var formPaths: Set<String> = []

    static let secFetchSite = HTTPField.Name("Sec-Fetch-Site")

    func handle(_ request: Request, context: ServerContext, next: (Request, ServerContext) async throws -> Response) async throws -> Response {
        guard [.post, .put, .patch, .delete].contains(request.method) else { return try await next(request, context) }
        if let site = Self.secFetchSite.flatMap({ request.headers[$0] }), site.lowercased() == "cross-site",
            !(request.headers[.origin].map(corsOrigins.contains) ?? false)
        {
            throw RelyingPartyError(
                .forbidden, "Cross-site requests are not accepted: this page is not one of the relying party's own.", code: "crossSiteRequest")
        }
        if let origin = request.headers[.origin], !origins.contains(origin) {
            // The configured list stays out of the answer; the log has the configuration.
            throw RelyingPartyError(.forbidden, "Requests from the origin '\(origin)' are not accepted here.", code: "originNotAllowed")
        }
        let contentType = request.headers[.contentType]
        let hasBody = contentType != nil || request.headers[.contentLength].map { $0 != "0" } ?? false || request.headers[.transferEncoding] != nil
        if (request.method != .delete || hasBody) && !formPaths.contains(request.uri.path) {
            try RequestJSON.requireJSON(contentType)
        }
        return try await next(request, context)
    }
}
