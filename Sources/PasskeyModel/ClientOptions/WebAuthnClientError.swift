/// A failed `create()` / `get()`, as a browser reports it: the DOMException name, a typed code and plain words.
public struct WebAuthnClientError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The DOMException (or TypeError) name a browser would throw (WebAuthn L3 §5.1.3, §5.1.4).
    public enum Name: String, Sendable {
        /// The catch-all a browser uses so a page cannot tell why: the user cancelled, the request timed out, no
        /// credential matched, or user verification was impossible.
        case notAllowed = "NotAllowedError"
        /// A credential in `excludeCredentials` is already on the authenticator.
        case invalidState = "InvalidStateError"
        /// The origin is not secure, or the RP ID is not one the origin may use.
        case security = "SecurityError"
        /// No requested algorithm is supported, or an extension input is not allowed in this ceremony.
        case notSupported = "NotSupportedError"
        /// The caller cancelled the ceremony.
        case abort = "AbortError"
        /// The options are malformed, as WebIDL conversion reports it.
        case typeError = "TypeError"
        /// The authenticator failed for a reason none of the other names describes.
        case unknown = "UnknownError"
    }

    /// Why, more precisely than the name; stable identifiers.
    public enum Code: String, Sendable {
        /// The user declined (CTAP2_ERR_OPERATION_DENIED), or the ceremony was cancelled before it finished.
        case cancelled
        /// The options' `timeout` passed (§5.1.3 steps 4 and 23), clamped to 1 s … 10 min.
        case timeout
        /// The authenticator holds no credential for the RP ID that `allowCredentials` allows (§6.3.3).
        case noCredentials
        /// The authenticator already holds a credential from `excludeCredentials` (§6.3.2): the account
        /// already has a passkey on this authenticator.
        case excludedCredentialMatched
        /// User verification was `required` and the authenticator has no way to verify the user.
        case userVerificationUnavailable
        /// The RP ID is neither the origin's host nor a registrable suffix of it (§5.1.3 step 8).
        case rpIdNotAllowed
        /// The caller's origin is not a secure one: neither https nor http on localhost (§5 exposes the API to secure
        /// contexts only; §5.1.3 step 6).
        case insecureOrigin
        /// The options JSON is malformed: a missing member, a wrong type, a user ID outside 1…64 bytes, a bad
        /// extension input.
        case invalidOptions
        /// None of `pubKeyCredParams` is an algorithm the authenticator supports (§6.3.2 step 2).
        case unsupportedAlgorithm
        /// Anything else: the authenticator or platform failed in a way WebAuthn has no specific error for.
        case failed
    }

    /// The DOMException name a page sees; several codes share one name.
    public let name: Name
    /// The precise cause, for code that must tell causes apart (the web-view bridge, tests).
    public let code: Code
    /// Plain words for people and logs, saying what was expected and what was found. Not stable: match on ``code``.
    public let message: String

    /// An error as a browser would report it: the DOMException `name`, the precise `code` and a message for people.
    public init(_ name: Name, _ code: Code, _ message: String) {
        self.name = name
        self.code = code
        self.message = message
    }

    /// `Name (code): message`, such as `NotAllowedError (timeout): the request timed out after 300000 ms`, for logs.
    public var description: String { "\(name.rawValue) (\(code.rawValue)): \(message)" }
}
