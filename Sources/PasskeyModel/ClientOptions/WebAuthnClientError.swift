/// A failed `create()` / `get()`, as a browser reports it: the DOMException name, a typed code and plain words.
public struct WebAuthnClientError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The DOMException (or TypeError) name a browser would throw (WebAuthn L3 §5.1.3, §5.1.4).
    public enum Name: String, Sendable {
        case notAllowed = "NotAllowedError"
        case invalidState = "InvalidStateError"
        case security = "SecurityError"
        case notSupported = "NotSupportedError"
        case abort = "AbortError"
        case typeError = "TypeError"
        case unknown = "UnknownError"
    }

    /// Why, more precisely than the name; stable identifiers.
    public enum Code: String, Sendable {
        case cancelled, timeout, noCredentials, excludedCredentialMatched, userVerificationUnavailable
        case rpIdNotAllowed, insecureOrigin, invalidOptions, unsupportedAlgorithm, failed
    }

    public let name: Name
    public let code: Code
    public let message: String

    public init(_ name: Name, _ code: Code, _ message: String) {
        self.name = name
        self.code = code
        self.message = message
    }

    public var description: String { "\(name.rawValue) (\(code.rawValue)): \(message)" }
}
