#if Vapor
public import Vapor

/// Answers in the conformance API's shape (docs/reference/http.md, "Bodies"; the same bodies as PasskeyHummingbird's and `passkeys
/// serve`'s) as Vapor responses: compact JSON, never cached. ``PasskeyRouteCollection`` answers with these; an app
/// may use them in its own routes for the same shape.
public enum PasskeyVaporResponse {
    /// 200 with `status: "ok"`, `errorMessage: ""`, then `members`.
    public static func ok(_ members: JSONObject) -> Response {
        response(status: 200, body: EndpointAnswer.ok(members))
    }

    /// A refusal: its status, `status: "failed"`, its message and code (429 adds `Retry-After`).
    public static func failed(_ refusal: RelyingPartyError) -> Response {
        response(EndpointAnswer(refusal: refusal))
    }

    /// A failure with its `Retry-After` and `Allow`; a fault or an outage is logged first.
    static func failed(_ answer: EndpointAnswer, logger: Logger, closing: Bool = false) -> Response {
        switch answer.log?.level {
        case .warning?: logger.warning("\(answer.log?.message ?? "")", metadata: ["reason": "\(answer.log?.detail ?? "")"])
        case .error?: logger.error("\(answer.log?.message ?? "")", metadata: ["error": "\(answer.log?.detail ?? "")"])
        case nil: break
        }
        let response = response(answer)
        if closing { response.headers.replaceOrAdd(name: .connection, value: "close") }
        return response
    }

    private static func response(_ answer: EndpointAnswer) -> Response {
        let response = response(status: answer.status, body: answer.body)
        if let retryAfter = answer.retryAfter { response.headers.replaceOrAdd(name: .retryAfter, value: retryAfter) }
        if let allow = answer.allow { response.headers.replaceOrAdd(name: .allow, value: allow) }
        return response
    }

    /// The answer to whatever a route or a hook threw: a refusal, an outage, a Vapor `Abort` below 500 (a hook that
    /// speaks Vapor), or a fault (logged, answered 500). An app may answer its own routes with it, so they read like
    /// the passkey routes.
    public static func answering(_ error: any Error, logger: Logger) -> Response {
        if let known = EndpointAnswer.answering(error) {
            return failed(known, logger: logger, closing: (error as? RelyingPartyError)?.code == "requestTimeout")
        }
        if let abort = error as? any AbortError, abort.status.code < 500 {
            return failed(.refused(status: Int(abort.status.code), message: abort.reason), logger: logger)
        }
        return failed(.fault(error), logger: logger)
    }

    private static func response(status: Int, body: JSONObject) -> Response {
        var headers = HTTPHeaders()
        headers.replaceOrAdd(name: .contentType, value: "application/json; charset=utf-8")
        // Options carry single-use challenges and results carry sessions: nothing here may be cached.
        headers.replaceOrAdd(name: .cacheControl, value: "no-store")
        return Response(
            status: HTTPResponseStatus(statusCode: status), headers: headers, body: .init(data: Data(JSONValue.object(body).serializedBytes())))
    }
}
#endif
