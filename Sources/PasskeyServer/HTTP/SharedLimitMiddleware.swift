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
        try await relyingParty.endpoints.limitingFailures(of: relyingParty.clientKey(ClientAddressResolver.bucket(context.clientAddress))) {
            try await next(request, context)
        }
    }
}
