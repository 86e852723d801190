import Foundation
import PasskeyAuthenticator
import Testing

@testable import PasskeyClient

@Suite("PasskeyErrorClassifier: platform NSErrors to typed cases")
struct ErrorClassifierTests {
    static let authorization = PasskeyErrorClassifier.authorizationErrorDomain
    static let webKit = PasskeyErrorClassifier.webKitErrorDomain

    static func error(_ domain: String, _ code: Int, reason: String? = nil, description: String? = nil) -> NSError {
        var info: [String: Any] = [:]
        if let reason { info[NSLocalizedFailureReasonErrorKey] = reason }
        if let description { info[NSLocalizedDescriptionKey] = description }
        return NSError(domain: domain, code: code, userInfo: info)
    }

    static let japanese = "操作を完了できませんでした。"

    @Test(
        "every ASAuthorizationError.Code by its number, whatever the message's language",
        arguments: [
            (1000, PasskeyError.Kind.failed(reason: "authorizationUnknown"), "UnknownError"),
            (1001, .cancelled, "NotAllowedError"),
            (1002, .failed(reason: "invalidResponse"), "UnknownError"),
            (1003, .failed(reason: "notHandled"), "UnknownError"),
            (1004, .failed(reason: "authorizationFailed"), "UnknownError"),
            (1005, .noCredentials, "NotAllowedError"),
            (1006, .excludedCredentialMatched, "InvalidStateError"),
            (1007, .failed(reason: "credentialImport"), "UnknownError"),
            (1008, .failed(reason: "credentialExport"), "UnknownError"),
            (1009, .failed(reason: "preferSignInWithApple"), "NotAllowedError"),
            (1010, .failed(reason: "deviceNotConfiguredForPasskeyCreation"), "NotAllowedError"),
            (1011, .failed(reason: "authorizationError1011"), "UnknownError"),
        ])
    func authorizationCode(_ code: Int, _ kind: PasskeyError.Kind, _ name: String) {
        for message in [nil, Self.japanese, "Die Anfrage ist fehlgeschlagen."] {
            let classified = PasskeyErrorClassifier.classify(Self.error(Self.authorization, code, description: message))
            #expect(classified.kind == kind, "\(code) \(message ?? "")")
            #expect(classified.name == name)
            #expect(!classified.message.isEmpty)
        }
    }

    @Test("the classifier knows exactly the codes 1000 to 1010")
    func codeTable() {
        #expect(AuthorizationCode.allCases.map(\.rawValue) == Array(1000...1010))
    }

    @Test(
        "WKErrorDomain codes, URL errors and other domains",
        arguments: [
            (error(webKit, 8, description: "既に登録されています"), PasskeyError.Kind.excludedCredentialMatched, "InvalidStateError"),
            (error(webKit, 31, description: "操作がキャンセルされました"), .cancelled, "NotAllowedError"),
            (error(webKit, 4), .failed(reason: "webKitError4"), "UnknownError"),
            (error(NSURLErrorDomain, NSURLErrorNotConnectedToInternet), .network, "NetworkError"),
            (error(NSURLErrorDomain, NSURLErrorCancelled), .cancelled, "NotAllowedError"),
            (error("SomeOtherDomain", 7, description: "boom"), .failed(reason: "unknown"), "UnknownError"),
        ])
    func otherDomains(_ error: NSError, _ kind: PasskeyError.Kind, _ name: String) {
        let classified = PasskeyErrorClassifier.classify(error)
        #expect(classified.kind == kind, "\(error)")
        #expect(classified.name == name)
    }

    @Test(
        "English texts only sharpen what the code leaves open",
        arguments: [
            (
                error(
                    authorization, 1004, reason: "Application with identifier ABCDE12345.com.example.app is not associated with domain example.com"),
                PasskeyError.Kind.domainNotAssociated, "SecurityError"
            ),
            (
                error(
                    authorization, 1004,
                    reason:
                        "Unable to verify webcredentials association of ABCDE12345.com.example.app with domain example.com. Please try again in a few seconds."
                ), .domainNotAssociated, "SecurityError"
            ),
            (
                error(authorization, 1000, reason: "Application with identifier X is not associated with domain example.com"), .domainNotAssociated,
                "SecurityError"
            ),
            (error(authorization, 1001, description: "No credentials available for login."), .noCredentials, "NotAllowedError"),
            (error(webKit, 31, description: "Operation timed out."), .timeout, "NotAllowedError"),
            // A code that already says what happened is not overridden by words.
            (
                error(authorization, 1006, reason: "Application with identifier X is not associated with domain example.com"),
                .excludedCredentialMatched, "InvalidStateError"
            ),
            (error(authorization, 1005, description: "Operation timed out."), .noCredentials, "NotAllowedError"),
            // The same causes on a device set to Japanese: the code's answer, never a guess.
            (error(authorization, 1004, reason: "アプリケーションはドメインに関連付けられていません"), .failed(reason: "authorizationFailed"), "UnknownError"),
            (error(authorization, 1001, description: "利用可能な認証情報がありません"), .cancelled, "NotAllowedError"),
        ])
    func texts(_ error: NSError, _ kind: PasskeyError.Kind, _ name: String) {
        let classified = PasskeyErrorClassifier.classify(error)
        #expect(classified.kind == kind, "\(error)")
        #expect(classified.name == name)
    }

    @Test("a failed authorization carrying a WebKit error is classified by the WebKit code")
    func underlying() {
        let webKitError = Self.error(Self.webKit, 8, description: "既に登録されています")
        let failed = NSError(domain: Self.authorization, code: 1004, userInfo: [NSUnderlyingErrorKey: webKitError])
        #expect(PasskeyErrorClassifier.classify(failed).kind == .excludedCredentialMatched)
    }

    @Test("the failure reason is the message when the platform gives one")
    func message() {
        let reason = "Application with identifier X is not associated with domain example.com"
        #expect(PasskeyErrorClassifier.classify(Self.error(Self.authorization, 1004, reason: reason)).message == reason)
    }

    @Test("software authenticator, API client and Swift cancellation errors")
    func swiftErrors() {
        #expect(PasskeyErrorClassifier.classify(WebAuthnClientError(.notAllowed, .noCredentials, "none")).kind == .noCredentials)
        #expect(PasskeyErrorClassifier.classify(WebAuthnClientError(.notAllowed, .timeout, "late")).kind == .timeout)
        let rpID = PasskeyErrorClassifier.classify(WebAuthnClientError(.security, .rpIdNotAllowed, "no"))
        #expect(rpID.kind == .failed(reason: "rpIdNotAllowed") && rpID.name == "SecurityError" && rpID.code == "rpIdNotAllowed")
        let server = PasskeyErrorClassifier.classify(
            RelyingPartyClientError.server(status: 400, message: "challenge expired", code: "challengeMismatch"))
        #expect(server.kind == .server(status: 400, message: "challenge expired", code: "challengeMismatch") && server.code == "server")
        #expect(PasskeyErrorClassifier.classify(CancellationError()).kind == .cancelled)
        let already = PasskeyError(.timeout, "late")
        #expect(PasskeyErrorClassifier.classify(already) == already)
    }
}
