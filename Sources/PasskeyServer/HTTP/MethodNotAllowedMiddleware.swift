import HTTPTypes
import Hummingbird
import PasskeyHummingbird
import Synchronization

/// The paths ``Routes`` registers and the methods each serves, filled while the router is built and read by
/// ``MethodNotAllowedMiddleware`` for every request after.
final class RouteTable: Sendable {
    private struct Routes {
        /// Paths without a `:name` segment, by their segments joined again: most requests are found with one lookup.
        var fixed: [String: [HTTPRequest.Method]] = [:]
        /// Paths with a `:name` segment, as segments; a `:name` segment matches any one segment.
        var patterns: [(segments: [Substring], methods: [HTTPRequest.Method])] = []
    }
    private let routes = Mutex(Routes())

    func add(_ method: HTTPRequest.Method, _ path: String) {
        let segments = path.split(separator: "/")
        routes.withLock { routes in
            guard segments.contains(where: { $0.hasPrefix(":") }) else {
                routes.fixed[segments.joined(separator: "/"), default: []].append(method)
                return
            }
            if let index = routes.patterns.firstIndex(where: { $0.segments == segments }) {
                routes.patterns[index].methods.append(method)
            } else {
                routes.patterns.append((segments, [method]))
            }
        }
    }

    /// The methods served on `path`, or nil when no route has this path. A fixed path's are found by one hash lookup
    /// (this runs for every request); otherwise linear in the routes with parameters and the path's length.
    func methods(for path: String) -> [HTTPRequest.Method]? {
        let segments = path.split(separator: "/")
        return routes.withLock { routes in
            if let methods = routes.fixed[segments.joined(separator: "/")] { return methods }
            return routes.patterns.first { route in
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
