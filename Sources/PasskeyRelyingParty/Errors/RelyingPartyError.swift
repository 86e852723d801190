import PasskeyCore

/// A refusal by the relying party: a stable code, a message in plain words that says what was expected and what was
/// found (never another user's data), and the HTTP status an HTTP front end answers with.
public struct RelyingPartyError: Error, Sendable, Equatable {
    /// The HTTP status that fits the refusal (`passkeys serve` and `PasskeyRoutes` answer with it).
    public enum Status: Int, Sendable {
        /// 400: the request or the response it carries is wrong (a verification failure, a malformed body).
        case badRequest = 400
        /// 401: the request needs a session and has none.
        case unauthorized = 401
        /// 403: the caller may not do this (a taken username, an ended session).
        case forbidden = 403
        /// 404: no such thing belongs to the caller's account.
        case notFound = 404
        /// 408: the request body did not arrive in time.
        case requestTimeout = 408
        /// 409: the request lost a race with another (a counter overtaken) or would break an invariant (the last passkey).
        case conflict = 409
        /// 413: the request body is over the limit.
        case payloadTooLarge = 413
        /// 415: the request body is not JSON.
        case unsupportedMediaType = 415
        /// 429: this client sent too many requests; try again shortly.
        case tooManyRequests = 429
    }

    /// The HTTP status an HTTP front end answers with.
    public let status: Status
    /// What was expected and what was found, in plain words, naming nothing of another user's.
    public let message: String
    /// A stable camelCase code: the verification core's when verification failed, else the relying party's own.
    public let code: String?
    /// For `unknownCredential` at `/assertion/result`: the credential ID the client itself sent (base64url), so it
    /// can tell its platform's passkey list to drop it (the Signal API). Never read from storage: see
    /// ``echoingSubmittedCredential(_:)``.
    public let credentialID: String?
    /// The real cause when ``code`` deliberately hides it (every refusal that could tell a stranger whether a
    /// credential ID is stored is `unknownCredential` to the client): for the operator's metrics and logs only.
    public let reason: String?

    /// A refusal; `code` should be stable camelCase, since clients branch on it.
    public init(_ status: Status, _ message: String, code: String? = nil, credentialID: String? = nil, reason: String? = nil) {
        self.status = status
        self.message = message
        self.code = code
        self.credentialID = credentialID
        self.reason = reason
    }

    /// What metrics count this refusal as: the hidden ``reason`` where there is one, else the ``code``.
    public var metricCode: String { reason ?? code ?? "refused" }

    /// This refusal, naming the credential the sign-in `body` was made with when the refusal is `unknownCredential`.
    ///
    /// The ID is read from the submitted body again, here at the edge, not from anything the relying party looked
    /// up: an unstored ID and a stored one that did not verify get the same answer, each echoing only what its
    /// sender sent (docs/security.md). Any other refusal is returned as it is.
    public func echoingSubmittedCredential(_ body: [UInt8]) -> RelyingPartyError {
        guard code == "unknownCredential", credentialID == nil,
            let submitted = try? AuthenticationResponse(json: body)
        else { return self }
        return RelyingPartyError(status, message, code: code, credentialID: Base64URL.encode(submitted.rawID), reason: reason)
    }

    package static func badRequest(_ message: String) -> Self { Self(.badRequest, message) }
    package static let tooManyRequests = Self(.tooManyRequests, "Too many requests from this client; try again in a moment.", code: "rateLimited")
    package static let noSession = Self(
        .unauthorized, "Sign in first: this needs a valid session (Authorization: Bearer <session> or the session cookie).")
}
