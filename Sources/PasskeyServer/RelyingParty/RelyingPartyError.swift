import PasskeyCore

/// A refusal by the relying party: the HTTP status it maps to and a plain-words message for `errorMessage`.
public struct RelyingPartyError: Error, Sendable, Equatable {
    public enum Status: Int, Sendable {
        case badRequest = 400, unauthorized = 401, forbidden = 403, notFound = 404, requestTimeout = 408, conflict = 409, payloadTooLarge = 413
        case unsupportedMediaType = 415, tooManyRequests = 429
    }

    public let status: Status
    public let message: String
    /// A stable camelCase code: the verification core's when verification failed, else the relying party's own.
    public let code: String?

    public init(_ status: Status, _ message: String, code: String? = nil) {
        self.status = status
        self.message = message
        self.code = code
    }

    static func badRequest(_ message: String) -> Self { Self(.badRequest, message) }
    static let tooManyRequests = Self(.tooManyRequests, "Too many requests from this client; try again in a moment.", code: "rateLimited")
    static let noSession = Self(.unauthorized, "Sign in first: this needs a valid session (Authorization: Bearer <session> or the session cookie).")
}
