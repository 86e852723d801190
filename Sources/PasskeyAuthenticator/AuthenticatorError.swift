/// Errors of the software authenticator, each with a stable code.
public struct AuthenticatorError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A stable identifier for one cause of failure; the client maps each to the DOMException a browser would report.
    public struct Code: RawRepresentable, Hashable, Sendable {
        /// The identifier, such as `unsupportedAlgorithm`: stable across versions, for logs and tests.
        public let rawValue: String
        /// A code from its identifier. Any string is accepted; the static members are the codes this authenticator
        /// uses.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// None of the requested algorithms is one this authenticator makes (CTAP2_ERR_UNSUPPORTED_ALGORITHM); see
        /// ``SoftwareAuthenticator/supportedAlgorithms``.
        public static let unsupportedAlgorithm = Code(rawValue: "unsupportedAlgorithm")
        /// The cryptography library could not make a key, or read back an RSA public key.
        public static let keyGenerationFailed = Code(rawValue: "keyGenerationFailed")
        /// The cryptography library could not sign.
        public static let signingFailed = Code(rawValue: "signingFailed")
        /// Input the authenticator cannot use: a stored credential that does not parse, an attestation certificate that
        /// does not serialize.
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

    /// What went wrong, as a stable identifier.
    public let code: Code
    /// Plain words for people and logs. Not stable: match on ``code``.
    public let message: String

    /// An error with one of the ``Code`` constants and a message for people.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// `code: message`, as logs and the CLI show the error.
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
