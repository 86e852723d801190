public import Hummingbird

extension PasskeyResponse {
    /// The contract's answer to whatever a route or a hook threw (`EndpointAnswer`, shared with PasskeyVapor): a
    /// refusal keeps its status and code; an outage is 503 with `Retry-After`; anything else is a fault, logged and
    /// answered 500 (in JSON, never the app's error page, so the route group's clients always read the same shape).
    /// An app may answer its own routes with it, so they read like the passkey routes.
    public static func answering(_ error: any Error, context: some RequestContext) -> PasskeyResponse {
        let answer: EndpointAnswer
        if let known = EndpointAnswer.answering(error) {
            answer = known
        } else if let httpError = error as? any HTTPResponseError, httpError.status.code < 500 {
            // A hook that speaks Hummingbird (`HTTPError(.unauthorized)`) is answered with its status, in JSON.
            answer = .refused(status: httpError.status.code, message: (httpError as? HTTPError)?.body ?? httpError.status.reasonPhrase)
        } else {
            answer = .fault(error)
        }
        switch answer.log?.level {
        case .warning?: context.logger.warning("\(answer.log?.message ?? "")", metadata: ["reason": "\(answer.log?.detail ?? "")"])
        case .error?: context.logger.error("\(answer.log?.message ?? "")", metadata: ["error": "\(answer.log?.detail ?? "")"])
        case nil: break
        }
        return PasskeyResponse(answer)
    }
}
