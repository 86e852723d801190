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
struct CrossSiteRequestMiddleware: RouterMiddleware {
    typealias Context = ServerContext
    let origins: Set<String>

    static let secFetchSite = HTTPField.Name("Sec-Fetch-Site")

    func handle(_ request: Request, context: ServerContext, next: (Request, ServerContext) async throws -> Response) async throws -> Response {
        guard [.post, .put, .patch, .delete].contains(request.method) else { return try await next(request, context) }
        if let site = Self.secFetchSite.flatMap({ request.headers[$0] }), site.lowercased() == "cross-site" {
            throw RelyingPartyError(.forbidden, "Cross-site requests are not accepted: this page is not one of the relying party's own.", code: "crossSiteRequest")
        }
        if let origin = request.headers[.origin], !origins.contains(origin) {
            // The configured list stays out of the answer; the log has the configuration.
            throw RelyingPartyError(.forbidden, "Requests from the origin '\(origin)' are not accepted here.", code: "originNotAllowed")
        }
        let contentType = request.headers[.contentType]
        let hasBody = contentType != nil || request.headers[.contentLength].map { $0 != "0" } ?? false || request.headers[.transferEncoding] != nil
        if request.method != .delete || hasBody {
            guard let contentType, Self.isJSON(contentType) else {
                throw RelyingPartyError(
                    .unsupportedMediaType,
                    "The request body must be JSON: expected Content-Type application/json, found \(contentType.map { "'\($0)'" } ?? "none").",
                    code: "unsupportedMediaType")
            }
        }
        return try await next(request, context)
    }

    /// `application/json`, in any case, with or without parameters such as `; charset=utf-8`.
    /// Whether the media type (before any `;` parameters, spaces and tabs around it ignored, any case) is
    /// `application/json`. Compared byte by byte: it runs on every state-changing request.
    static func isJSON(_ contentType: String) -> Bool {
        var bytes = contentType.utf8[...]
        if let semicolon = bytes.firstIndex(of: UInt8(ascii: ";")) { bytes = bytes[..<semicolon] }
        let blank: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 }
        while let first = bytes.first, blank(first) { bytes = bytes.dropFirst() }
        while let last = bytes.last, blank(last) { bytes = bytes.dropLast() }
        let expected = "application/json".utf8
        guard bytes.count == expected.count else { return false }
        // ASCII letters fold to lower case by setting 0x20; the other bytes of the expected text ('/') must match.
        return zip(bytes, expected).allSatisfy { found, wanted in
            found == wanted || (wanted >= 0x61 && wanted <= 0x7A && found | 0x20 == wanted)
        }
    }
}
