import Hummingbird
import Logging

/// One structured log line per request: request id, client, method, path, status and duration. Never a body, a
/// cookie, a token or a query string, so no secret reaches the log. The client is the one the rate limiter sees: the
/// peer, or behind a trusted proxy the address it reports (``ClientAddressMiddleware`` runs first).
struct RequestLogMiddleware: RouterMiddleware {
    typealias Context = ServerContext
    let metrics: ServerMetrics

    func handle(_ request: Request, context: ServerContext, next: (Request, ServerContext) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        let response = try await next(request, context)
        let elapsed = ContinuousClock.now - start
        let route = context.endpointPath ?? "unmatched"
        metrics.requestDuration(route: route, method: request.method.rawValue, status: response.status.code, elapsed)
        context.logger.info(
            "request",
            metadata: [
                "client": "\(context.clientAddress?.description ?? "unknown")",
                "method": "\(request.method)", "path": "\(request.uri.path)", "status": "\(response.status.code)",
                "ms": "\(Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000)",
            ])
        return response
    }
}
