import Foundation
import PasskeyAuthenticator
import PasskeyClient
import Testing

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

    @Test("ASAuthorizationError codes, WKErrorDomain 8/31, URL errors and the known texts", arguments: [
        (error(authorization, 1001), PasskeyError.Kind.cancelled, "NotAllowedError"),
        (error(authorization, 1005), .noCredentials, "NotAllowedError"),
        (error(authorization, 1006), .excludedCredentialMatched, "InvalidStateError"),
        (error(authorization, 1004), .failed(reason: "authorizationFailed"), "UnknownError"),
        (error(authorization, 1002), .failed(reason: "invalidResponse"), "UnknownError"),
        (error(authorization, 1003), .failed(reason: "notHandled"), "UnknownError"),
        (error(authorization, 1000), .failed(reason: "authorizationError1000"), "UnknownError"),
        (error(authorization, 1004, reason: "Application with identifier ABCDE12345.com.example.app is not associated with domain example.com"), .domainNotAssociated, "SecurityError"),
        (error(authorization, 1004, reason: "Unable to verify webcredentials association of ABCDE12345.com.example.app with domain example.com. Please try again in a few seconds."), .domainNotAssociated, "SecurityError"),
        (error(authorization, 1001, description: "No credentials available for login."), .noCredentials, "NotAllowedError"),
        (error(webKit, 8, description: "At least one credential matches an entry of the excludeCredentials list in the platform attached authenticator."), .excludedCredentialMatched, "InvalidStateError"),
        (error(webKit, 31, description: "This request has been cancelled by the user."), .cancelled, "NotAllowedError"),
        (error(webKit, 31, description: "Operation timed out."), .timeout, "NotAllowedError"),
        (error(webKit, 4), .failed(reason: "webKitError4"), "UnknownError"),
        (error(NSURLErrorDomain, NSURLErrorNotConnectedToInternet), .network, "NetworkError"),
        (error(NSURLErrorDomain, NSURLErrorCancelled), .cancelled, "NotAllowedError"),
        (error("SomeOtherDomain", 7, description: "boom"), .failed(reason: "unknown"), "UnknownError"),
    ])
    func classify(_ error: NSError, _ kind: PasskeyError.Kind, _ name: String) {
        let classified = PasskeyErrorClassifier.classify(error)
        #expect(classified.kind == kind, "\(error)")
        #expect(classified.name == name)
        #expect(!classified.message.isEmpty)
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
        let server = PasskeyErrorClassifier.classify(RelyingPartyClientError.server(status: 400, message: "challenge expired", code: "challengeMismatch"))
        #expect(server.kind == .server(status: 400, message: "challenge expired", code: "challengeMismatch") && server.code == "server")
        #expect(PasskeyErrorClassifier.classify(CancellationError()).kind == .cancelled)
        let already = PasskeyError(.timeout, "late")
        #expect(PasskeyErrorClassifier.classify(already) == already)
    }
}
