import Hummingbird
import PasskeyHummingbird

/// Routes other than the ceremony endpoints under the same per-client limits, taken from the one copy the endpoints
/// keep (`CeremonyEndpoints`): the options rate for routes that make work on every call (`POST /session/token`)...
struct OptionsRateMiddleware: RouterMiddleware {
    typealias Context = ServerContext
    let relyingParty: RelyingParty

    func handle(_ request: Request, context: ServerContext, next: (Request, ServerContext) async throws -> Response) async throws -> Response {
        try await relyingParty.endpoints.admitOptions(relyingParty.clientKey(ClientAddressResolver.bucket(context.clientAddress)))
        return try await next(request, context)
    }
}

/// ...and the failed-results budget for routes where guesses land (`POST /introspect`'s API keys): a refusal the
/// client caused spends a token, anything else gives it back.
struct FailedAttemptsMiddleware: RouterMiddleware {
    typealias Context = ServerContext
    let relyingParty: RelyingParty

    func handle(_ request: Request, context: ServerContext, next: (Request, ServerContext) async throws -> Response) async throws -> Response {
        // The API-key check answers a wrong key with its 401 rather than throwing: an answer in the 4xx range is the
        // client's failure and keeps the token, or guesses would never spend the budget.
        try await relyingParty.endpoints.limitingFailures(
            of: relyingParty.clientKey(ClientAddressResolver.bucket(context.clientAddress)),
            failed: { (400..<500).contains($0.status.code) }
        ) {
            try await next(request, context)
        }
    }
}
