import Foundation
import PasskeyModel

/// Turns whatever a passkey operation threw into a ``PasskeyError``: AuthenticationServices' and WebKit's NSErrors,
/// the software authenticator's errors, and the API client's.
///
/// The error's domain and code decide the case, so a device set to any language gets the same answer. Texts are
/// consulted only afterwards, and only to refine a case the code leaves open: iOS reports a missing
/// `webcredentials` association as `failed` (1004) and an empty credential list as `canceled` (1001), in English
/// text only. Where that text is localized or absent, the answer stays the code's (`failed`, `cancelled`).
///
/// Platform independent on purpose: the rules are tested on Linux with synthetic NSErrors, and the Apple adapter
/// only forwards what it receives.
public enum PasskeyErrorClassifier {
    /// `ASAuthorizationErrorDomain`, spelled out so the classifier builds where AuthenticationServices does not exist.
    public static let authorizationErrorDomain = "com.apple.AuthenticationServices.AuthorizationError"
    /// `WKErrorDomain`: WebKit reports WebAuthn failures with WebCore's DOM exception codes.
    public static let webKitErrorDomain = "WKErrorDomain"

    /// The ``PasskeyError`` for anything a provider or the API client threw: a `PasskeyError` as it is, a
    /// `WebAuthnClientError` by its code, a ``RelyingPartyClientError`` by its kind, task cancellation as `cancelled`,
    /// and an NSError by its domain and code (AuthenticationServices, WebKit, URL loading).
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
        let message = (error.userInfo[NSLocalizedFailureReasonErrorKey] as? String) ?? error.localizedDescription
        switch error.domain {
        case authorizationErrorDomain:
            guard let code = AuthorizationCode(rawValue: error.code) else {
                return PasskeyError(.failed(reason: "authorizationError\(error.code)"), message)
            }
            if code == .failed, let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == webKitErrorDomain {
                return classify(underlying)
            }
            return refine(code.error(message), by: error)
        case webKitErrorDomain:
            return refine(WebKitCode.error(error.code, message), by: error)
        case NSURLErrorDomain:
            return PasskeyError(error.code == NSURLErrorCancelled ? .cancelled : .network, message)
        default:
            return PasskeyError(.failed(reason: "unknown"), "\(error.domain) \(error.code): \(message)")
        }
    }

    /// The last resort: English texts iOS is known to send for causes its codes do not tell apart. Only a case a
    /// text can sharpen is touched; a code that already says what happened is never overridden by words.
    static func refine(_ classified: PasskeyError, by error: NSError) -> PasskeyError {
        let text = [error.userInfo[NSLocalizedFailureReasonErrorKey] as? String, error.localizedDescription].compactMap { $0 }.joined(separator: " ")
        func mentions(_ phrase: String) -> Bool { text.range(of: phrase, options: .caseInsensitive) != nil }
        switch classified.kind {
        case .failed(reason: "authorizationFailed"), .failed(reason: "authorizationUnknown"):
            if mentions("not associated with domain") || mentions("webcredentials association") {
                return PasskeyError(.domainNotAssociated, classified.message)
            }
        case .cancelled where error.domain == authorizationErrorDomain:
            if mentions("No credentials available") { return PasskeyError(.noCredentials, classified.message) }
        case .cancelled where error.domain == webKitErrorDomain:
            if mentions("timed out") { return PasskeyError(.timeout, classified.message) }
        default: break
        }
        return classified
    }

    static func classify(_ error: WebAuthnClientError) -> PasskeyError {
        let kind: PasskeyError.Kind =
            switch error.code {
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
        case .server(let status, let message, let code, let credentialID):
            PasskeyError(
                .server(status: status, message: message, code: code), error.description,
                credentialID: credentialID.flatMap { try? Base64URL.decode($0) })
        case .network: PasskeyError(.network, error.description)
        case .malformedResponse, .invalidArgument: PasskeyError(.failed(reason: error.reason), error.description)
        }
    }
}
