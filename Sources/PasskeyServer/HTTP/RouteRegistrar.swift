import HTTPTypes
import Hummingbird
import NIOCore
import OpenAPIKit

/// Registers routes on one listener's router: each with its ``APIOperations`` entry (kept for `/openapi.json`) and, with
/// its ``RouteKind``, in the table the 405 answers and the browser rules read, so a route without documentation or
/// without a kind does not compile.
final class RouteRegistrar {
    // Used only while a router is built, on one task; no handler keeps it.
    private(set) var routes: [OpenAPIDocument.Route] = []
    let table: RouteTable

    init(table: RouteTable) { self.table = table }

    func on(
        _ group: some RouterMethods<ServerContext>, _ method: HTTPRequest.Method, _ path: String, _ operation: OpenAPI.Operation,
        kind: RouteKind, _ handler: @escaping @Sendable (Request, ServerContext) async throws -> Response
    ) {
        group.on(RouterPath(path), method: method, use: handler)
        let openAPIPath = path.split(separator: "/", omittingEmptySubsequences: false)
            .map { $0.hasPrefix(":") ? "{\($0.dropFirst())}" : String($0) }.joined(separator: "/")
        // Every method registered here is one of OpenAPI's (GET, POST, PATCH, DELETE).
        if let verb = OpenAPI.HttpMethod(rawValue: method.rawValue.uppercased()) {
            routes.append(OpenAPIDocument.Route(method: verb, path: openAPIPath, operation: operation))
        }
        table.add(method, path, kind: kind)
    }

    /// `/openapi.json`, last: the document describes every route registered before and itself.
    func addDocument(to router: Router<ServerContext>) {
        let documentRoute = OpenAPIDocument.Route(method: .get, path: "/openapi.json", operation: APIOperations.document)
        let document = ByteBuffer(bytes: (try? OpenAPIDocument.json(routes + [documentRoute])) ?? [])
        on(router, .get, "/openapi.json", APIOperations.document, kind: .browserJSON) { _, _ in
            Response(status: .ok, headers: [.contentType: "application/json; charset=utf-8"], body: ResponseBody(byteBuffer: document))
        }
    }
}
