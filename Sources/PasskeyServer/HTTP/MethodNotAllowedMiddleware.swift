import HTTPTypes
import Hummingbird
import PasskeyHummingbird

/// Answers 405 `methodNotAllowed` with `Allow` (RFC 9110 §15.5.6) when the path is served but not with the request's
/// method, before any other check of the request (an undeclared `PUT` is 405 whatever its body). HEAD is served
/// wherever GET is (the router makes a HEAD endpoint of each GET one); OPTIONS is 405 like any undeclared method.
struct MethodNotAllowedMiddleware: RouterMiddleware {
    typealias Context = ServerContext
    let table: RouteTable

    func handle(_ request: Request, context: ServerContext, next: (Request, ServerContext) async throws -> Response) async throws -> Response {
        let method = request.method == .head ? HTTPRequest.Method.get : request.method
        if let allowed = table.methods(for: request.uri.path), !allowed.contains(method) {
            return PasskeyResponse.methodNotAllowed(request.method, path: request.uri.path, allowed: allowed).httpResponse
        }
        return try await next(request, context)
    }
}
