public import PasskeyModel

/// Which of Apple's credential providers a request goes to: the platform one (iCloud Keychain and other passkey
/// managers, phones over hybrid) or external security keys.
public enum PlatformAuthenticator: Sendable, Equatable {
    /// The platform provider: iCloud Keychain, a third-party passkey manager, or a phone over hybrid.
    case platform
    /// An external FIDO security key (USB, NFC, Bluetooth).
    case securityKey
}

/// Creation options and the decisions a platform API needs on top of them (AuthenticationServices'
/// `ASAuthorization…PublicKeyCredentialRegistrationRequest`): made here, so they are tested on any platform and the
/// Apple adapter only copies fields.
public struct PlatformRegistrationRequest: Sendable {
    /// The typed options: raw `user.id` bytes (`userHandle`, never the base64url text: iOS returns exactly these bytes
    /// as `userID` at sign-in), the challenge's bytes, algorithms for security keys (platform passkeys are always
    /// ES256), exclusions, preferences and extension inputs.
    public let options: CreationOptions
    /// `rp.id`, or the app's own RP ID when the options carry none.
    public let relyingPartyID: String
    /// The providers to ask, from `authenticatorSelection.authenticatorAttachment` (L3 §5.4.5).
    public let authenticators: [PlatformAuthenticator]
    /// A conditional create (L3 §5.1.3, iOS 18 `requestStyle = .conditional`): upgrade a password account without a sheet.
    public let conditional: Bool

    /// Reads creation options JSON and decides which providers to ask.
    ///
    /// - Parameters:
    ///   - json: `PublicKeyCredentialCreationOptionsJSON` as the relying party sent it.
    ///   - defaultRelyingPartyID: used when the options have no `rp.id` (an app has no origin to default to).
    ///   - mediation: ``PasskeyMediation/conditional`` for a conditional create, which asks the platform provider only.
    /// - Throws: ``PasskeyError`` for options `create()` would refuse, a conditional create that asks for a
    ///   cross-platform authenticator, or a platform-only request without ES256 (Apple's passkeys use nothing else).
    public init(options json: JSONObject, defaultRelyingPartyID: String, mediation: PasskeyMediation) throws(PasskeyError) {
        do { options = try CreationOptions(json) } catch { throw PasskeyErrorClassifier.classify(error) }
        relyingPartyID = options.rpID ?? defaultRelyingPartyID
        conditional = mediation == .conditional
        switch (options.authenticatorAttachment, conditional) {
        case (_, true), ("platform"?, _): authenticators = [.platform]
        case ("cross-platform"?, _): authenticators = [.securityKey]
        default: authenticators = [.platform, .securityKey]
        }
        if conditional && options.authenticatorAttachment == "cross-platform" {
            throw PasskeyError(
                .failed(reason: "invalidOptions"),
                "a conditional create makes a platform passkey; the options ask for a cross-platform authenticator", name: "NotSupportedError")
        }
        // Apple's platform passkeys are ES256 only.
        if authenticators == [.platform] && !options.algorithms.contains(.es256) {
            throw PasskeyError(
                .failed(reason: "unsupportedAlgorithm"), "platform passkeys use ES256 (-7), which pubKeyCredParams does not list",
                name: "NotSupportedError")
        }
    }
}

/// Request options and the decisions a platform API needs on top of them
/// (`ASAuthorization…PublicKeyCredentialAssertionRequest`).
public struct PlatformAssertionRequest: Sendable {
    /// The typed options: the challenge's bytes, allowed credentials with their transports, extension inputs.
    public let options: RequestOptions
    /// `rpId`, or the app's own RP ID when the options carry none.
    public let relyingPartyID: String
    /// The providers to ask: only the platform for AutoFill and immediate requests; for a modal one, whichever sides
    /// the allowed credentials' transports leave possible.
    public let authenticators: [PlatformAuthenticator]
    /// How the request meets the user: a sheet, only immediately available credentials, or AutoFill.
    public let mediation: PasskeyMediation

    /// Reads request options JSON and decides which providers to ask.
    ///
    /// - Parameters:
    ///   - json: `PublicKeyCredentialRequestOptionsJSON` as the relying party sent it.
    ///   - defaultRelyingPartyID: used when the options have no `rpId` (an app has no origin to default to).
    ///   - mediation: how the request meets the user.
    /// - Throws: ``PasskeyError`` for options `get()` would refuse (`invalidOptions`).
    public init(options json: JSONObject, defaultRelyingPartyID: String, mediation: PasskeyMediation) throws(PasskeyError) {
        do { options = try RequestOptions(json) } catch { throw PasskeyErrorClassifier.classify(error) }
        relyingPartyID = options.rpID ?? defaultRelyingPartyID
        self.mediation = mediation
        authenticators = Self.authenticators(for: options.allowCredentials, mediation: mediation)
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
