/// `ASAuthorizationError.Code` (ASAuthorizationError.h: 1000-1008 in the iOS 18 SDK, 1009 and 1010 added for
/// iOS 26) and what each means for a passkey request. Raw values, because the classifier also runs where
/// AuthenticationServices does not exist; `PasskeysManager` checks in debug builds that each case has the SDK's
/// raw value.
enum AuthorizationCode: Int, CaseIterable {
    case unknown = 1000
    case canceled = 1001
    case invalidResponse = 1002
    case notHandled = 1003
    case failed = 1004
    case notInteractive = 1005
    case matchedExcludedCredential = 1006
    case credentialImport = 1007
    case credentialExport = 1008
    case preferSignInWithApple = 1009
    case deviceNotConfiguredForPasskeyCreation = 1010

    func error(_ message: String) -> PasskeyError {
        switch self {
        case .canceled: PasskeyError(.cancelled, message)
        // performRequests(options: .preferImmediatelyAvailableCredentials) with nothing to offer without more UI.
        case .notInteractive: PasskeyError(.noCredentials, message)
        // Only returned for a registration request whose excludedCredentials matched (the header's words).
        case .matchedExcludedCredential: PasskeyError(.excludedCredentialMatched, message)
        case .unknown: PasskeyError(.failed(reason: "authorizationUnknown"), message)
        case .failed: PasskeyError(.failed(reason: "authorizationFailed"), message)
        case .invalidResponse, .notHandled, .credentialImport, .credentialExport:
            PasskeyError(.failed(reason: "\(self)"), message)
        // The user would rather use their existing Sign in with Apple account: a choice, not a fault.
        case .preferSignInWithApple: PasskeyError(.failed(reason: "preferSignInWithApple"), message, name: "NotAllowedError")
        // The device cannot make passkeys now (no passcode, iCloud Keychain off): the page would see NotAllowedError.
        case .deviceNotConfiguredForPasskeyCreation:
            PasskeyError(.failed(reason: "deviceNotConfiguredForPasskeyCreation"), message, name: "NotAllowedError")
        }
    }
}

/// WebCore's `ExceptionCode` values that WebKit's WebAuthn reports in `WKErrorDomain` (WebKit converts them with
/// `toExceptionCode`; Chromium's macOS authenticator also reads 8 as an excluded credential).
enum WebKitCode {
    static let invalidStateError = 8
    static let notAllowedError = 31

    static func error(_ code: Int, _ message: String) -> PasskeyError {
        switch code {
        case invalidStateError: PasskeyError(.excludedCredentialMatched, message)
        // NotAllowedError covers cancellation and timeouts alike (L3 §5.1.3); only the English text tells them apart.
        case notAllowedError: PasskeyError(.cancelled, message)
        default: PasskeyError(.failed(reason: "webKitError\(code)"), message)
        }
    }
}
