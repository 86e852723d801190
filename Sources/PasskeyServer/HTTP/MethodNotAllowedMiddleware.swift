import HTTPTypes
import Hummingbird
import PasskeyHummingbird
import Synchronization

/// The paths ``Routes`` registers and the methods each serves, filled while the router is built and read by
/// ``MethodNotAllowedMiddleware`` for every request after.
final class RouteTable: Sendable {
    /// A path as segments; a `:name` segment matches any one segment.
    private let routes = Mutex<[(segments: [Substring], methods: [HTTPRequest.Method])]>([])

    func add(_ method: HTTPRequest.Method, _ path: String) {
        let segments = path.split(separator: "/")
        routes.withLock { routes in
            if let index = routes.firstIndex(where: { $0.segments == segments }) {
                routes[index].methods.append(method)
            } else {
                routes.append((segments, [method]))
            }
        }
    }

    /// The methods served on `path`, or nil when no route has this path. Linear in the routes and the path's length.
    func methods(for path: String) -> [HTTPRequest.Method]? {
        let segments = path.split(separator: "/")
        return routes.withLock { routes in
            routes.first { route in
                route.segments.count == segments.count
                    && zip(route.segments, segments).allSatisfy { pattern, segment in pattern.hasPrefix(":") || pattern == segment }
            }?.methods
        }
    }
}

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
