import HTTPTypes
import Hummingbird
import PasskeyHummingbird

/// Security headers on every response; the page's CSP allows only its own script and style, no inline script.
///
/// The router's outermost middleware: every answer passes through it, the error middleware's and the 405s
/// included.
struct SecurityHeadersMiddleware: RouterMiddleware {
    typealias Context = ServerContext

    static let contentSecurityPolicy =
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

    /// The fields, built once: each response only copies them.
    static let fields: [HTTPField] =
        [
            HTTPField(name: .contentSecurityPolicy, value: contentSecurityPolicy), HTTPField(name: .xContentTypeOptions, value: "nosniff"),
        ]
        + [
            ("Referrer-Policy", "no-referrer"), ("X-Frame-Options", "DENY"), ("Cross-Origin-Opener-Policy", "same-origin"),
        ].compactMap { name, value in HTTPField.Name(name).map { HTTPField(name: $0, value: value) } }

    func handle(_ request: Request, context: ServerContext, next: (Request, ServerContext) async throws -> Response) async throws -> Response {
        var response: Response
        do {
            response = try await next(request, context)
        } catch let error as any HTTPResponseError {
            // Where no error middleware answers first (the metrics listener's 404), the error's own answer gets the
            // headers too.
            response = try error.response(from: request, context: context)
        }
        // These values replace any a route set, but for a CSP of its own: the form-post page admits its one script by
        // hash and posts only to the client's origin (AuthorizationAnswer).
        let own = response.headers[.contentSecurityPolicy]
        response.headers.set(Self.fields)
        if let own { response.headers[.contentSecurityPolicy] = own }
        return response
    }
}
