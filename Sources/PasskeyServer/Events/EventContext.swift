import Hummingbird

/// What a change's events say about where it came from, for the length of one request: the client's address as the
/// server resolved it (the peer, or what trusted proxies report). A task-local value, so the relying party's methods
/// need no extra parameter for it and a change made outside a request (a command, a test) simply has none.
public enum EventContext {
    @TaskLocal public static var clientAddress: String?
}

/// Sets ``EventContext/clientAddress`` for the rest of the request, after ``ClientAddressMiddleware`` resolved it.
struct EventContextMiddleware: RouterMiddleware {
    typealias Context = ServerContext

    func handle(_ request: Request, context: ServerContext, next: (Request, ServerContext) async throws -> Response) async throws -> Response {
        try await EventContext.$clientAddress.withValue(context.clientAddress?.description) { try await next(request, context) }
    }
}
