import Hummingbird
import PasskeyHummingbird

/// Limits the ceremony options endpoints per client: each creates server state and so invites abuse. Mounted on the
/// route group, so it applies to every spelling of a path the router accepts.
struct OptionsRateLimitMiddleware: RouterMiddleware {
    typealias Context = ServerContext
    let limiter: RateLimiter

    func handle(_ request: Request, context: ServerContext, next: (Request, ServerContext) async throws -> Response) async throws -> Response {
        guard limiter.allow(ClientAddressResolver.bucket(context.clientAddress)) else { throw RelyingPartyError.tooManyRequests }
        return try await next(request, context)
    }
}

/// Limits failed ceremony results per client: guessing, replaying and fuzzing all fail, honest clients rarely do.
///
/// Every result takes a token as it arrives and gets it back if it succeeds (or the server was at fault), so a
/// client whose failure budget is spent is refused before its request is looked at, and firing many requests at once
/// cannot overdraw the budget (each one in flight holds a token).
struct FailedResultRateLimitMiddleware: RouterMiddleware {
    typealias Context = ServerContext
    let limiter: RateLimiter

    func handle(_ request: Request, context: ServerContext, next: (Request, ServerContext) async throws -> Response) async throws -> Response {
        let client = ClientAddressResolver.bucket(context.clientAddress)
        guard limiter.allow(client) else { throw RelyingPartyError.tooManyRequests }
        do {
            let response = try await next(request, context)
            if !(400..<500).contains(response.status.code) { limiter.refund(client) }
            return response
        } catch let error as StoreUnavailable {
            // The server's outage is not the client's failure.
            limiter.refund(client)
            throw error
        }
    }
}
