public import PasskeyAuthenticator
public import PasskeyCore

/// Which of Apple's credential providers a request goes to: the platform one (iCloud Keychain and other passkey
/// managers, phones over hybrid) or external security keys.
public enum PlatformAuthenticator: Sendable, Equatable {
    case platform
    case securityKey
}

/// Creation options turned into what a platform API needs (AuthenticationServices'
/// `ASAuthorization…PublicKeyCredentialRegistrationRequest`), decided here so the decisions are tested on any
/// platform and the Apple adapter only copies fields.
public struct PlatformRegistrationRequest: Sendable {
    public let relyingPartyID: String
    public let challenge: [UInt8]
    /// Raw `user.id` bytes, never the base64url text: iOS returns exactly these bytes as `userID` at sign-in.
    public let userID: [UInt8]
    public let userName: String
    public let displayName: String
    /// The providers to ask, from `authenticatorSelection.authenticatorAttachment` (L3 §5.4.5).
    public let authenticators: [PlatformAuthenticator]
    /// COSE algorithms for security keys; platform passkeys are always ES256.
    public let algorithms: [COSEAlgorithm]
    public let excludedCredentials: [CredentialDescriptor]
    public let userVerification: UserVerificationRequirement
    public let residentKey: ResidentKeyRequirement
    public let attestation: String
    public let largeBlob: LargeBlobSupport?
    public let prf: PRFInputs?
    public let credPropsRequested: Bool
    /// A conditional create (L3 §5.1.3, iOS 18 `requestStyle = .conditional`): upgrade a password account without a sheet.
    public let conditional: Bool

    /// - Parameter defaultRelyingPartyID: used when the options have no `rp.id` (an app has no origin to default to).
    public init(options: JSONObject, defaultRelyingPartyID: String, mediation: PasskeyMediation) throws(PasskeyError) {
        let parsed: CreationOptions
        do { parsed = try CreationOptions(options) } catch { throw PasskeyErrorClassifier.classify(error) }
        relyingPartyID = parsed.rpID ?? defaultRelyingPartyID
        challenge = parsed.challengeBytes
        userID = parsed.userHandle
        userName = parsed.userName
        displayName = parsed.userDisplayName
        algorithms = parsed.algorithms
        excludedCredentials = parsed.excludeCredentials
        userVerification = parsed.userVerification
        residentKey = parsed.residentKeyRequirement
        attestation = parsed.attestation
        largeBlob = parsed.largeBlob
        prf = parsed.prf
        credPropsRequested = parsed.credPropsRequested
        conditional = mediation == .conditional
        switch (parsed.authenticatorAttachment, conditional) {
        case (_, true), ("platform"?, _): authenticators = [.platform]
        case ("cross-platform"?, _): authenticators = [.securityKey]
        default: authenticators = [.platform, .securityKey]
        }
        if conditional && parsed.authenticatorAttachment == "cross-platform" {
            throw PasskeyError(.failed(reason: "invalidOptions"), "a conditional create makes a platform passkey; the options ask for a cross-platform authenticator", name: "NotSupportedError")
        }
        // Apple's platform passkeys are ES256 only.
        if authenticators == [.platform] && !algorithms.contains(.es256) {
            throw PasskeyError(.failed(reason: "unsupportedAlgorithm"), "platform passkeys use ES256 (-7), which pubKeyCredParams does not list", name: "NotSupportedError")
        }
    }
}

/// Request options turned into what a platform API needs (`ASAuthorization…PublicKeyCredentialAssertionRequest`).
public struct PlatformAssertionRequest: Sendable {
    public let relyingPartyID: String
    public let challenge: [UInt8]
    public let allowedCredentials: [CredentialDescriptor]
    public let userVerification: UserVerificationRequirement
    public let authenticators: [PlatformAuthenticator]
    public let largeBlob: LargeBlobOperation?
    public let prf: PRFInputs?
    public let mediation: PasskeyMediation

    public init(options: JSONObject, defaultRelyingPartyID: String, mediation: PasskeyMediation) throws(PasskeyError) {
        let parsed: RequestOptions
        do { parsed = try RequestOptions(options) } catch { throw PasskeyErrorClassifier.classify(error) }
        relyingPartyID = parsed.rpID ?? defaultRelyingPartyID
        challenge = parsed.challengeBytes
        allowedCredentials = parsed.allowCredentials
        userVerification = parsed.userVerification
        largeBlob = parsed.largeBlob
        prf = parsed.prf
        self.mediation = mediation
        authenticators = Self.authenticators(for: parsed.allowCredentials, mediation: mediation)
    }

    /// AutoFill and "immediately available" requests can only offer the platform's own credentials. A modal request
    /// asks security keys too, unless every allowed credential's transports rule one side out.
    static func authenticators(for allowed: [CredentialDescriptor], mediation: PasskeyMediation) -> [PlatformAuthenticator] {
        guard mediation == .modal else { return [.platform] }
        let external: Set<String> = ["usb", "nfc", "ble", "smart-card"]
        let platform: Set<String> = ["internal", "hybrid"]
        guard !allowed.isEmpty, allowed.allSatisfy({ !$0.transports.isEmpty }) else { return [.platform, .securityKey] }
        let transports = Set(allowed.flatMap(\.transports))
        if transports.isDisjoint(with: platform) { return [.securityKey] }
        if transports.isDisjoint(with: external) { return [.platform] }
        return [.platform, .securityKey]
    }
}
