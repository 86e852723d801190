#if canImport(AuthenticationServices) && (os(iOS) || os(macOS) || APPLE_SDK_STUBS)
import AuthenticationServices
import CryptoKit
import Foundation
import PasskeyModel

// Field copies between the platform-independent request/result values and AuthenticationServices, for
// PasskeysManager. Nothing is decided here: which providers, algorithms and extension inputs to use was decided when
// the Platform*Request was built; the L3 JSON is written by the Platform*Result.

extension PlatformRegistrationRequest {
    func authorizationRequests() throws(PasskeyError) -> [ASAuthorizationRequest] {
        var requests: [ASAuthorizationRequest] = []
        if authenticators.contains(.platform) {
            let request = ASAuthorizationPlatformPublicKeyCredentialProvider(relyingPartyIdentifier: relyingPartyID)
                .createCredentialRegistrationRequest(
                    challenge: Data(options.challengeBytes), name: options.userName, userID: Data(options.userHandle))
            request.userVerificationPreference = .init(rawValue: options.userVerification.rawValue)
            request.attestationPreference = .init(rawValue: options.attestation)
            // excludedCredentials: iOS 17.4, Mac Catalyst 16.6, macOS 13.5 (below our macOS 14 minimum).
            if #available(iOS 17.4, *) {
                request.excludedCredentials = options.excludeCredentials.map { .init(credentialID: Data($0.id)) }
            }
            if let largeBlob = options.largeBlob { request.largeBlob = largeBlob == .required ? .supportRequired : .supportPreferred }
            if #available(iOS 18.0, macOS 15.0, *) {
                if let eval = options.prf?.eval {
                    request.prf = .inputValues(PRFInputs.Values.platform(eval))
                } else if options.prf != nil {
                    request.prf = .checkForSupport
                }
                if conditional { request.requestStyle = .conditional }
            } else if conditional {
                throw PasskeyError(.failed(reason: "notSupported"), "conditional registration needs iOS 18 or macOS 15", name: "NotSupportedError")
            }
            requests.append(request)
        }
        if authenticators.contains(.securityKey) {
            let request = ASAuthorizationSecurityKeyPublicKeyCredentialProvider(relyingPartyIdentifier: relyingPartyID)
                .createCredentialRegistrationRequest(
                    challenge: Data(options.challengeBytes), displayName: options.userDisplayName, name: options.userName,
                    userID: Data(options.userHandle))
            request.credentialParameters = options.algorithms.map { .init(algorithm: .init(rawValue: Int($0.rawValue))) }
            request.userVerificationPreference = .init(rawValue: options.userVerification.rawValue)
            request.attestationPreference = .init(rawValue: options.attestation)
            request.residentKeyPreference = .init(rawValue: options.residentKeyRequirement.rawValue)
            request.excludedCredentials = options.excludeCredentials.map(\.securityKeyDescriptor)
            requests.append(request)
        }
        return requests
    }
}

extension PlatformAssertionRequest {
    func authorizationRequests() -> [ASAuthorizationRequest] {
        var requests: [ASAuthorizationRequest] = []
        if authenticators.contains(.platform) {
            let request = ASAuthorizationPlatformPublicKeyCredentialProvider(relyingPartyIdentifier: relyingPartyID).createCredentialAssertionRequest(
                challenge: Data(options.challengeBytes))
            request.allowedCredentials = options.allowCredentials.map { .init(credentialID: Data($0.id)) }
            request.userVerificationPreference = .init(rawValue: options.userVerification.rawValue)
            switch options.largeBlob {
            case .read?: request.largeBlob = .read
            case .write(let blob)?: request.largeBlob = .write(Data(blob))
            case nil: break
            }
            if #available(iOS 18.0, macOS 15.0, *), let prf = options.prf {
                let byCredential = Dictionary(uniqueKeysWithValues: prf.evalByCredential.map { (Data($0.key), PRFInputs.Values.platform($0.value)) })
                if let eval = prf.eval {
                    request.prf = .inputValues(PRFInputs.Values.platform(eval), perCredentialInputValues: byCredential.isEmpty ? nil : byCredential)
                } else {
                    request.prf = .perCredentialInputValues(byCredential)
                }
            }
            requests.append(request)
        }
        if authenticators.contains(.securityKey) {
            let request = ASAuthorizationSecurityKeyPublicKeyCredentialProvider(relyingPartyIdentifier: relyingPartyID)
                .createCredentialAssertionRequest(challenge: Data(options.challengeBytes))
            request.allowedCredentials = options.allowCredentials.map(\.securityKeyDescriptor)
            request.userVerificationPreference = .init(rawValue: options.userVerification.rawValue)
            requests.append(request)
        }
        return requests
    }
}

extension PlatformRegistrationResult {
    init(_ credential: any ASAuthorizationCredential, request: PlatformRegistrationRequest) throws(PasskeyError) {
        guard let created = credential as? any ASAuthorizationPublicKeyCredentialRegistration, let attestationObject = created.rawAttestationObject
        else {
            throw PasskeyError(.failed(reason: "invalidResponse"), "the platform returned no attestation object")
        }
        let platform = credential as? ASAuthorizationPlatformPublicKeyCredentialRegistration, local = platform?.attachment == .platform
        self.init(
            credentialID: Array(created.credentialID), clientDataJSON: Array(created.rawClientDataJSON), attestationObject: Array(attestationObject),
            attachment: local ? "platform" : "cross-platform", transports: local ? ["hybrid", "internal"] : platform != nil ? ["hybrid"] : [])
        // Platform passkeys are always discoverable; a security key does not say.
        if request.options.credPropsRequested, platform != nil { residentKey = true }
        if request.options.largeBlob != nil { largeBlobSupported = platform?.largeBlob?.isSupported ?? false }
        if #available(iOS 18.0, macOS 15.0, *), request.options.prf != nil {
            prfEnabled = platform?.prf?.isSupported ?? false
            prfFirst = platform?.prf?.first.map(\.bytes)
            prfSecond = platform?.prf?.second.map(\.bytes)
        }
    }
}

extension PlatformAssertionResult {
    init(_ credential: any ASAuthorizationCredential, request: PlatformAssertionRequest) throws(PasskeyError) {
        // The headers declare these nonnull `Data`, Apple's documentation `Data!`: `as Data?` compiles against both.
        guard let asserted = credential as? any ASAuthorizationPublicKeyCredentialAssertion,
            let authenticatorData = asserted.rawAuthenticatorData as Data?, let signature = asserted.signature as Data?
        else {
            throw PasskeyError(.failed(reason: "invalidResponse"), "the platform returned no passkey assertion")
        }
        let platform = credential as? ASAuthorizationPlatformPublicKeyCredentialAssertion
        self.init(
            credentialID: Array(asserted.credentialID), clientDataJSON: Array(asserted.rawClientDataJSON),
            authenticatorData: Array(authenticatorData),
            signature: Array(signature), userID: (asserted.userID as Data?).map { Array($0) },
            attachment: platform?.attachment == .platform ? "platform" : "cross-platform")
        switch platform?.largeBlob?.result {
        case .read(let data)?: largeBlobRead = data.map { Array($0) }
        case .write(let success)?: largeBlobWritten = success
        default: break
        }
        if #available(iOS 18.0, macOS 15.0, *), let prf = platform?.prf {
            prfFirst = prf.first.bytes
            prfSecond = prf.second.map(\.bytes)
        }
    }
}

extension CredentialDescriptor {
    var securityKeyDescriptor: ASAuthorizationSecurityKeyPublicKeyCredentialDescriptor {
        .init(credentialID: Data(id), transports: transports.isEmpty ? [.usb, .nfc, .bluetooth] : transports.map { .init(rawValue: $0) })
    }
}

extension PRFInputs.Values {
    @available(iOS 18.0, macOS 15.0, *)
    static func platform(_ values: PRFInputs.Values) -> ASAuthorizationPublicKeyCredentialPRFAssertionInput.InputValues {
        .saltInput1(Data(values.first), saltInput2: values.second.map { Data($0) })
    }
}

extension AuthorizationCode {
    /// The SDK's `ASAuthorizationError.Code` cases by name, each with the classifier's case: a case the SDK renames
    /// or drops fails the Apple type-check, and ``matchesSDK`` compares the numbers on a device.
    @available(iOS 26.0, macOS 26.0, *)
    static var sdkCases: [(ASAuthorizationError.Code, AuthorizationCode)] {
        [
            (.unknown, .unknown), (.canceled, .canceled), (.invalidResponse, .invalidResponse), (.notHandled, .notHandled),
            (.failed, .failed), (.notInteractive, .notInteractive), (.matchedExcludedCredential, .matchedExcludedCredential),
            (.credentialImport, .credentialImport), (.credentialExport, .credentialExport),
            (.preferSignInWithApple, .preferSignInWithApple), (.deviceNotConfiguredForPasskeyCreation, .deviceNotConfiguredForPasskeyCreation),
        ]
    }

    @available(iOS 26.0, macOS 26.0, *)
    static var matchesSDK: Bool {
        sdkCases.count == allCases.count && sdkCases.allSatisfy { $0.0.rawValue == $0.1.rawValue }
    }
}

extension SymmetricKey {
    var bytes: [UInt8] { withUnsafeBytes { Array($0) } }
}
#endif
