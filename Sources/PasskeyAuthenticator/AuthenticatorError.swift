/// Errors of the software authenticator, each with a stable code.
public struct AuthenticatorError: Error, Sendable, Equatable, CustomStringConvertible {
    public struct Code: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let unsupportedAlgorithm = Code(rawValue: "unsupportedAlgorithm")
        public static let keyGenerationFailed = Code(rawValue: "keyGenerationFailed")
        public static let signingFailed = Code(rawValue: "signingFailed")
        public static let invalidRequest = Code(rawValue: "invalidRequest")
        /// A credential in the exclude list is already here (CTAP2_ERR_CREDENTIAL_EXCLUDED).
        public static let credentialExcluded = Code(rawValue: "credentialExcluded")
        /// The user declined, or only approved when verification was required (CTAP2_ERR_OPERATION_DENIED).
        public static let operationDenied = Code(rawValue: "operationDenied")
        /// No credential matches the request (CTAP2_ERR_NO_CREDENTIALS).
        public static let noCredentials = Code(rawValue: "noCredentials")
        /// User verification is required but this authenticator has no way to verify (CTAP2_ERR_UNSUPPORTED_OPTION).
        public static let userVerificationUnavailable = Code(rawValue: "userVerificationUnavailable")
        /// The credential store failed.
        public static let storageFailed = Code(rawValue: "storageFailed")
    }

    public let code: Code
    public let message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "\(code.rawValue): \(message)" }
}

extension WebAuthnClientError {
    /// The DOMException a browser reports for each CTAP2 failure (WebAuthn L3 §5.1.3, §5.1.4).
    init(_ error: AuthenticatorError) {
        switch error.code {
        case .unsupportedAlgorithm: self.init(.notSupported, .unsupportedAlgorithm, error.message)
        case .credentialExcluded: self.init(.invalidState, .excludedCredentialMatched, error.message)
        case .operationDenied: self.init(.notAllowed, .cancelled, error.message)
        case .noCredentials: self.init(.notAllowed, .noCredentials, error.message)
        case .userVerificationUnavailable: self.init(.notAllowed, .userVerificationUnavailable, error.message)
        default: self.init(.unknown, .failed, error.message)
        }
    }
}
