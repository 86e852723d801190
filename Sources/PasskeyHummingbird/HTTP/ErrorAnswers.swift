import Hummingbird

extension PasskeyResponse {
    /// The contract's answer to whatever a route or a hook threw: a refusal keeps its status and code; an outage is
    /// 503 with `Retry-After`; anything else is a fault, logged and answered 500 (in JSON, never the app's error
    /// page, so the route group's clients always read the same shape).
    static func answering(_ error: any Error, context: some RequestContext) -> PasskeyResponse {
        switch error {
        case let refusal as RelyingPartyError:
            return .failed(refusal)
        case let outage as StoreUnavailable:
            context.logger.warning("passkey routes: storage unavailable", metadata: ["reason": "\(outage.reason)"])
            return .failed(
                .serviceUnavailable, "The service is briefly unavailable (its storage cannot be reached); try again in a few seconds.",
                code: "storeUnavailable", headers: [.retryAfter: "5"])
        case let httpError as any HTTPResponseError where httpError.status.code < 500:
            // A hook that speaks Hummingbird (`HTTPError(.unauthorized)`) is answered with its status, in JSON.
            let message = (httpError as? HTTPError)?.body ?? httpError.status.reasonPhrase
            return .failed(httpError.status, message, code: "refused")
        default:
            context.logger.error("passkey routes: unexpected error", metadata: ["error": "\(String(reflecting: error))"])
            return .failed(.internalServerError, "The server failed unexpectedly; this is a bug and has been logged.", code: "internalError")
        }
    }
}
