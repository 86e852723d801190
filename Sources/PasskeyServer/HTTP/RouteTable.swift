import HTTPTypes
import Synchronization

/// The routes ``Routes`` registers: each path, the methods it serves and its ``RouteKind``, filled while the router
/// is built and read for every request after (``MethodNotAllowedMiddleware``, ``CORSMiddleware``,
/// ``CrossSiteRequestMiddleware``).
///
/// A request path is matched by its segments, as the router matches it, so empty segments count for nothing: `//x/`
/// finds the route `/x`.
final class RouteTable: Sendable {
    /// A registered path: its methods and its kind.
    struct Route: Sendable {
        var methods: [HTTPRequest.Method]
        var kind: RouteKind
    }

    private struct Routes {
        /// Paths without a `:name` segment, by their segments joined again: most requests are found with one lookup.
        var fixed: [String: Route] = [:]
        /// Paths with a `:name` segment, as segments; a `:name` segment matches any one segment.
        var patterns: [(segments: [Substring], route: Route)] = []
    }
    private let routes = Mutex(Routes())

    /// Adds `method` on `path`. A path has one kind: every method on it serves the same callers.
    func add(_ method: HTTPRequest.Method, _ path: String, kind: RouteKind) {
        let segments = path.split(separator: "/")
        routes.withLock { routes in
            guard segments.contains(where: { $0.hasPrefix(":") }) else {
                let key = segments.joined(separator: "/")
                precondition(routes.fixed[key].map { $0.kind == kind } ?? true, "every method on \(path) is of one kind")
                routes.fixed[key, default: Route(methods: [], kind: kind)].methods.append(method)
                return
            }
            if let index = routes.patterns.firstIndex(where: { $0.segments == segments }) {
                precondition(routes.patterns[index].route.kind == kind, "every method on \(path) is of one kind")
                routes.patterns[index].route.methods.append(method)
            } else {
                routes.patterns.append((segments, Route(methods: [method], kind: kind)))
            }
        }
    }

    /// The route serving `path`, or nil when no route has this path. A fixed path's is found by one hash lookup (this
    /// runs for every request); otherwise linear in the routes with parameters and the path's length.
    func route(for path: String) -> Route? {
        let segments = path.split(separator: "/")
        return routes.withLock { routes in
            if let route = routes.fixed[segments.joined(separator: "/")] { return route }
            return routes.patterns.first { pattern in
                pattern.segments.count == segments.count
                    && zip(pattern.segments, segments).allSatisfy { pattern, segment in pattern.hasPrefix(":") || pattern == segment }
            }?.route
        }
    }

    /// The methods served on `path`, or nil when no route has this path.
    func methods(for path: String) -> [HTTPRequest.Method]? { route(for: path)?.methods }
}
