import Foundation
import PasskeyAuthenticator

/// Turns whatever a passkey operation threw into a ``PasskeyError``: AuthenticationServices' and WebKit's NSErrors,
/// the software authenticator's errors, and the API client's.
///
/// Platform independent on purpose: the rules are tested on Linux with synthetic NSErrors, and the Apple adapter
/// only forwards what it receives. Known failure texts are checked before codes, because iOS reports some distinct
/// causes under one code: "not associated with domain" comes as `failed` (1004), and "No credentials available"
/// can come as `canceled` (1001).
public enum PasskeyErrorClassifier {
    /// `ASAuthorizationErrorDomain`, spelled out so the classifier builds where AuthenticationServices does not exist.
    public static let authorizationErrorDomain = "com.apple.AuthenticationServices.AuthorizationError"
    /// `WKErrorDomain`: WebKit reports WebAuthn failures with WebCore's DOM exception codes.
    public static let webKitErrorDomain = "WKErrorDomain"

    /// `ASAuthorizationError.Code` raw values.
    enum AuthorizationCode: Int {
        case unknown = 1000, canceled, invalidResponse, notHandled, failed, notInteractive, matchedExcludedCredential
        case credentialImport, credentialExport, preferSignInWithApple, deviceNotConfiguredForPasskeyCreation
    }

    /// WebCore's `ExceptionCode` values that WebKit's WebAuthn surfaces in `WKErrorDomain`.
    enum WebKitCode {
        static let invalidStateError = 8
        static let notAllowedError = 31
    }

    public static func classify(_ error: any Error) -> PasskeyError {
        switch error {
        case let error as PasskeyError: return error
        case let error as WebAuthnClientError: return classify(error)
        case let error as RelyingPartyClientError: return classify(error)
        case is CancellationError: return PasskeyError(.cancelled, "the request was cancelled")
        default: return classify(error as NSError)
        }
    }

    static func classify(_ error: NSError) -> PasskeyError {
        let reason = error.userInfo[NSLocalizedFailureReasonErrorKey] as? String
        let message = reason ?? error.localizedDescription
        let text = [reason, error.localizedDescription, error.userInfo[NSLocalizedDescriptionKey] as? String].compactMap { $0 }.joined(separator: " ")
        func mentions(_ phrase: String) -> Bool { text.range(of: phrase, options: .caseInsensitive) != nil }

        if mentions("not associated with domain") || mentions("webcredentials association") {
            return PasskeyError(.domainNotAssociated, message)
        }
        if mentions("No credentials available") {
            return PasskeyError(.noCredentials, message)
        }

        switch error.domain {
        case authorizationErrorDomain:
            switch AuthorizationCode(rawValue: error.code) {
            case .canceled: return PasskeyError(.cancelled, message)
            // Returned by performRequests(options: .preferImmediatelyAvailableCredentials) when no credential can be
            // offered without further UI.
            case .notInteractive: return PasskeyError(.noCredentials, message)
            case .matchedExcludedCredential: return PasskeyError(.excludedCredentialMatched, message)
            case .failed: return PasskeyError(.failed(reason: "authorizationFailed"), message)
            case .invalidResponse: return PasskeyError(.failed(reason: "invalidResponse"), message)
            case .notHandled: return PasskeyError(.failed(reason: "notHandled"), message)
            case .deviceNotConfiguredForPasskeyCreation: return PasskeyError(.failed(reason: "deviceNotConfigured"), message, name: "NotAllowedError")
            case .unknown, .credentialImport, .credentialExport, .preferSignInWithApple, nil:
                return PasskeyError(.failed(reason: "authorizationError\(error.code)"), message)
            }
        case webKitErrorDomain:
            switch error.code {
            case WebKitCode.invalidStateError: return PasskeyError(.excludedCredentialMatched, message)
            case WebKitCode.notAllowedError:
                if mentions("timed out") { return PasskeyError(.timeout, message) }
                return PasskeyError(.cancelled, message)
            default: return PasskeyError(.failed(reason: "webKitError\(error.code)"), message)
            }
        case NSURLErrorDomain:
            if error.code == NSURLErrorCancelled { return PasskeyError(.cancelled, message) }
            return PasskeyError(.network, message)
        default:
            return PasskeyError(.failed(reason: "unknown"), "\(error.domain) \(error.code): \(message)")
        }
    }

    static func classify(_ error: WebAuthnClientError) -> PasskeyError {
        let kind: PasskeyError.Kind = switch error.code {
        case .cancelled: .cancelled
        case .timeout: .timeout
        case .noCredentials: .noCredentials
        case .excludedCredentialMatched: .excludedCredentialMatched
        default: .failed(reason: error.code.rawValue)
        }
        return PasskeyError(kind, error.message, name: error.name.rawValue)
    }

    static func classify(_ error: RelyingPartyClientError) -> PasskeyError {
        switch error {
        case .server(let status, let message, let code): PasskeyError(.server(status: status, message: message, code: code), error.description)
        case .network: PasskeyError(.network, error.description)
        case .malformedResponse, .invalidArgument: PasskeyError(.failed(reason: error.reason), error.description)
        }
    }
}
