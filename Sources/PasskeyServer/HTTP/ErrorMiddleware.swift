import Hummingbird
import Logging

/// Turns every error into the contract's JSON failure: refusals keep their status; a body over the limit is 413;
/// an unknown route 404; an unreachable database 503 with `Retry-After`; anything unexpected is logged and answered
/// 500 (a bug, never expected from input).
struct ErrorMiddleware: RouterMiddleware {
    typealias Context = ServerContext

    func handle(_ request: Request, context: ServerContext, next: (Request, ServerContext) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as RelyingPartyError {
            let headers: HTTPFields = error.status == .tooManyRequests ? [.retryAfter: "1"] : [:]
            return APIResponse.failure(
                HTTPResponse.Status(code: error.status.rawValue), error.message, code: error.code, credentialID: error.credentialID, headers: headers)
        } catch is StoreUnavailable {
            // An outage, not a bug: StoreHealth logs its start and end once; clients are told to come back.
            return APIResponse.failure(
                .serviceUnavailable, "The service is briefly unavailable (its database cannot be reached); try again in a few seconds.",
                code: "storeUnavailable", headers: [.retryAfter: "5"])
        } catch let error as HTTPError {
            switch error.status {
            case .contentTooLarge:
                return APIResponse.failure(.contentTooLarge, "The request body is larger than \(ServerContext.maximumBodySize / 1024) KiB.")
            case .notFound:
                return APIResponse.failure(.notFound, "There is no \(request.method) \(request.uri.path) here.")
            case .methodNotAllowed:
                return APIResponse.failure(.methodNotAllowed, "\(request.method) is not allowed on \(request.uri.path).")
            default:
                let status = error.status.code >= 500 ? HTTPResponse.Status.internalServerError : error.status
                return APIResponse.failure(status, error.body ?? error.status.reasonPhrase)
            }
        } catch {
            context.logger.error("unexpected error", metadata: ["error": "\(String(reflecting: type(of: error)))"])
            return APIResponse.failure(.internalServerError, "The server failed unexpectedly; this is a bug and has been logged.")
        }
    }
}
