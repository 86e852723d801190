import HTTPTypes
import Hummingbird
import PasskeyHummingbird

/// Cross-origin access for the front ends an operator names (`--cors-origin`), and for nobody else (Fetch standard,
/// "CORS protocol").
///
/// For a request whose `Origin` is exactly one of `origins`:
/// - a preflight (`OPTIONS` with `Access-Control-Request-Method`) on a served path is answered 204 with that origin,
///   credentials allowed, the path's methods, the request headers the API reads (`Authorization`, `Content-Type`) and
///   a ten-minute cache;
/// - every other answer carries `Access-Control-Allow-Origin: <that origin>` (never `*`, which browsers refuse with
///   credentials anyway) and `Access-Control-Allow-Credentials: true`, so the page may read it.
///
/// Any other origin gets no CORS header, so its script reads nothing, and its `OPTIONS` goes on to the 405 every path
/// answers. Every answer carries `Vary: Origin` once any origin is listed, so a cache never hands one origin's answer to
/// another. Only ``RouteKind/browserJSON`` routes (and paths no route serves, so a 404 stays readable) are opened: a
/// navigation, a backend's route and the operator's console never are, whatever the spelling of their path (the
/// kind is that of the route the path matches, ``RouteTable``). The cross-site checks for state changes
/// (``CrossSiteRequestMiddleware``) run after this, unchanged.
struct CORSMiddleware: RouterMiddleware {
    typealias Context = ServerContext
    let origins: Set<String>
    let table: RouteTable

    static let requestMethod = HTTPField.Name("Access-Control-Request-Method")!
    static let allowOrigin = HTTPField.Name("Access-Control-Allow-Origin")!
    static let allowCredentials = HTTPField.Name("Access-Control-Allow-Credentials")!
    static let allowMethods = HTTPField.Name("Access-Control-Allow-Methods")!
    static let allowHeaders = HTTPField.Name("Access-Control-Allow-Headers")!
    static let maxAge = HTTPField.Name("Access-Control-Max-Age")!
    static let exposeHeaders = HTTPField.Name("Access-Control-Expose-Headers")!

    func handle(_ request: Request, context: ServerContext, next: (Request, ServerContext) async throws -> Response) async throws -> Response {
        guard !origins.isEmpty else { return try await next(request, context) }
        // The route is looked up only for a listed origin: other requests pay nothing here.
        guard let origin = request.headers[.origin], origins.contains(origin), case let route = table.route(for: request.uri.path),
            route?.kind.allowsCORS ?? true
        else {
            var response = try await next(request, context)
            response.headers.append(HTTPField(name: .vary, value: "Origin"))
            return response
        }
        if request.method == .options, request.headers[Self.requestMethod] != nil, let methods = route?.methods {
            let allowed = (methods.contains(.get) ? methods + [.head] : methods).map(\.rawValue).joined(separator: ", ")
            var headers = grant(origin)
            headers[Self.allowMethods] = allowed
            headers[Self.allowHeaders] = "Authorization, Content-Type"
            headers[Self.maxAge] = "600"
            headers.append(HTTPField(name: .vary, value: "Origin, Access-Control-Request-Method, Access-Control-Request-Headers"))
            return Response(status: .noContent, headers: headers)
        }
        var response = try await next(request, context)
        for field in grant(origin) { response.headers[field.name] = field.value }
        response.headers[Self.exposeHeaders] = "Retry-After"
        response.headers.append(HTTPField(name: .vary, value: "Origin"))
        return response
    }

    private func grant(_ origin: String) -> HTTPFields {
        [Self.allowOrigin: origin, Self.allowCredentials: "true"]
    }
}
