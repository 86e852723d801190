#if canImport(AuthenticationServices) && (os(iOS) || os(macOS) || APPLE_SDK_STUBS)
public import AuthenticationServices
public import Foundation
public import PasskeyModel

/// Passkeys through AuthenticationServices, as a ``PasskeyProvider``: a thin adapter. Request decisions live in
/// ``PlatformRegistrationRequest`` / ``PlatformAssertionRequest``, the L3 JSON in ``PlatformRegistrationResult`` /
/// ``PlatformAssertionResult``, and error mapping in ``PasskeyErrorClassifier``; this file only copies fields.
///
/// One request is in flight at a time: a modal request replaces a waiting AutoFill one, anything else is refused.
@MainActor
public final class PasskeysManager: NSObject, PasskeyProvider, ASAuthorizationControllerDelegate,
    ASAuthorizationControllerPresentationContextProviding
{
    /// The RP ID used when options carry none: the domain in the app's `webcredentials:` Associated Domains entry.
    public nonisolated let relyingPartyID: String
    private let anchor: @MainActor () -> ASPresentationAnchor
    private var controller: ASAuthorizationController?
    private var continuation: CheckedContinuation<ASAuthorization, any Error>?
    private var waitingForAutoFill = false

    /// A provider for the app's relying party.
    ///
    /// - Parameters:
    ///   - relyingPartyID: the RP ID used when options carry none.
    ///   - anchor: the window sheets are presented over.
    public init(relyingPartyID: String, anchor: @escaping @MainActor () -> ASPresentationAnchor) {
        self.relyingPartyID = relyingPartyID
        self.anchor = anchor
        if #available(iOS 26.0, macOS 26.0, *) {
            assert(AuthorizationCode.matchesSDK, "PasskeyErrorClassifier's ASAuthorizationError codes differ from the SDK's")
        }
    }

    /// Creates a passkey with AuthenticationServices: the platform provider, a security key, or both, as the options'
    /// `authenticatorAttachment` allows; `.conditional` is iOS 18's conditional create (no sheet).
    public nonisolated func create(_ options: JSONObject, mediation: PasskeyMediation) async throws(PasskeyError) -> JSONObject {
        try await register(PlatformRegistrationRequest(options: options, defaultRelyingPartyID: relyingPartyID, mediation: mediation))
    }

    /// Signs in with AuthenticationServices: a sheet, only immediately available credentials, or AutoFill
    /// (`.conditional`, which waits for the user to pick a passkey from the keyboard; on macOS and Mac Catalyst it
    /// fails with `NotSupportedError`).
    public nonisolated func get(_ options: JSONObject, mediation: PasskeyMediation) async throws(PasskeyError) -> JSONObject {
        try await authenticate(PlatformAssertionRequest(options: options, defaultRelyingPartyID: relyingPartyID, mediation: mediation))
    }

    /// Ends the request in flight, if any; its caller gets ``PasskeyError/Kind/cancelled``.
    public func cancel() {
        guard let controller else { return }
        finish(controller, .failure(PasskeyError(.cancelled, "the request was cancelled")))
        controller.cancel()
    }

    private func register(_ request: PlatformRegistrationRequest) async throws(PasskeyError) -> JSONObject {
        // A conditional create is started like a modal one; its requestStyle keeps the sheet away.
        let credential = try await perform(try request.authorizationRequests(), mediation: .modal).credential
        return try PlatformRegistrationResult(credential, request: request).json()
    }

    private func authenticate(_ request: PlatformAssertionRequest) async throws(PasskeyError) -> JSONObject {
        try PlatformAssertionResult(try await perform(request.authorizationRequests(), mediation: request.mediation).credential, request: request)
            .json()
    }

    private func perform(_ requests: [ASAuthorizationRequest], mediation: PasskeyMediation) async throws(PasskeyError) -> ASAuthorization {
        if controller != nil {
            guard waitingForAutoFill, mediation != .conditional else {
                throw PasskeyError(.failed(reason: "requestInProgress"), "another passkey request is in progress", name: "InvalidStateError")
            }
            cancel()
        }
        let controller = ASAuthorizationController(authorizationRequests: requests)
        controller.delegate = self
        controller.presentationContextProvider = self
        do {
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    self.controller = controller
                    self.continuation = continuation
                    self.waitingForAutoFill = mediation == .conditional
                    switch mediation {
                    case .modal: controller.performRequests()
                    case .immediate: controller.performRequests(options: .preferImmediatelyAvailableCredentials)
                    // AuthenticationServices has no AutoFill request on macOS or Mac Catalyst (the header marks
                    // performAutoFillAssistedRequests unavailable on both): the answer is NotSupportedError, as
                    // PublicKeyCredential.isConditionalMediationAvailable() false would tell a page.
                    #if os(macOS) || targetEnvironment(macCatalyst)
                    case .conditional:
                        finish(
                            controller,
                            .failure(
                                PasskeyError(
                                    .failed(reason: "notSupported"), "AutoFill sign-in is not available on macOS or Mac Catalyst",
                                    name: "NotSupportedError")))
                    #else
                    case .conditional: controller.performAutoFillAssistedRequests()
                    #endif
                    }
                }
            } onCancel: {
                Task { @MainActor in self.cancel() }
            }
        } catch {
            throw PasskeyErrorClassifier.classify(error)
        }
    }

    private func finish(_ controller: ASAuthorizationController, _ result: Result<ASAuthorization, any Error>) {
        guard controller === self.controller, let continuation else { return }
        self.controller = nil
        self.continuation = nil
        continuation.resume(with: result)
    }

    /// `ASAuthorizationControllerDelegate`: the request in flight succeeded.
    public func authorizationController(controller: ASAuthorizationController, didCompleteWithAuthorization authorization: ASAuthorization) {
        finish(controller, .success(authorization))
    }
    /// `ASAuthorizationControllerDelegate`: the request in flight failed; ``PasskeyErrorClassifier`` names why.
    public func authorizationController(controller: ASAuthorizationController, didCompleteWithError error: any Error) {
        finish(controller, .failure(error))
    }
    /// `ASAuthorizationControllerPresentationContextProviding`: the window from the `anchor` given at creation.
    public func presentationAnchor(for controller: ASAuthorizationController) -> ASPresentationAnchor { anchor() }
}
#endif
