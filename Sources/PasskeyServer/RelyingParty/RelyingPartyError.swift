import PasskeyCore

/// A refusal by the relying party: the HTTP status it maps to and a plain-words message for `errorMessage`.
public struct RelyingPartyError: Error, Sendable, Equatable {
    public enum Status: Int, Sendable {
        case badRequest = 400, unauthorized = 401, forbidden = 403, notFound = 404, payloadTooLarge = 413, tooManyRequests = 429
    }

    public let status: Status
    public let message: String
    /// The verification core's code when the refusal is a failed verification.
    public let code: String?

    public init(_ status: Status, _ message: String, code: String? = nil) {
        self.status = status
        self.message = message
        self.code = code
    }

    static func badRequest(_ message: String) -> Self { Self(.badRequest, message) }
    static func verification(_ error: WebAuthnError) -> Self { Self(.badRequest, error.message, code: error.code.rawValue) }
    static let noSession = Self(.unauthorized, "Sign in first: this needs a valid session (Authorization: Bearer <session> or the session cookie).")
}
