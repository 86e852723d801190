import HTTPTypes
import Hummingbird

/// Security headers on every response; the page's CSP allows only its own script and style, no inline script.
struct SecurityHeadersMiddleware: RouterMiddleware {
    typealias Context = ServerContext

    static let contentSecurityPolicy = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

    static let otherHeaders: [(HTTPField.Name, String)] = [
        ("Referrer-Policy", "no-referrer"), ("X-Frame-Options", "DENY"), ("Cross-Origin-Opener-Policy", "same-origin"),
    ].compactMap { name, value in HTTPField.Name(name).map { ($0, value) } }

    func handle(_ request: Request, context: ServerContext, next: (Request, ServerContext) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        response.headers[.contentSecurityPolicy] = Self.contentSecurityPolicy
        response.headers[.xContentTypeOptions] = "nosniff"
        for (name, value) in Self.otherHeaders { response.headers[name] = value }
        return response
    }
}
