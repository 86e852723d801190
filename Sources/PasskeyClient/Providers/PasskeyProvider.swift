public import PasskeyModel

/// Something that performs WebAuthn ceremonies from L3 options JSON: `SoftwarePasskeyProvider` (in the
/// `PasskeySoftwareProvider` product, which brings the software authenticator) on any platform,
/// `PasskeysManager` (AuthenticationServices) on Apple platforms. ``PasskeyCoordinator`` and ``PasskeyBridge`` run
/// over it.
public protocol PasskeyProvider: Sendable {
    /// `navigator.credentials.create()`: `PublicKeyCredentialCreationOptionsJSON` in, `RegistrationResponseJSON` out.
    func create(_ options: JSONObject, mediation: PasskeyMediation) async throws(PasskeyError) -> JSONObject
    /// `navigator.credentials.get()`: `PublicKeyCredentialRequestOptionsJSON` in, `AuthenticationResponseJSON` out.
    func get(_ options: JSONObject, mediation: PasskeyMediation) async throws(PasskeyError) -> JSONObject
    /// Forgets a credential this provider holds: the rollback when the relying party refused a new credential, and
    /// the local half of removing one. Providers that cannot delete credentials (the platform's, which users manage
    /// in their password manager) do nothing.
    func forget(credentialID: [UInt8]) async throws(PasskeyError)
}

extension PasskeyProvider {
    /// ``create(_:mediation:)`` with a modal sheet, as a plain `navigator.credentials.create()` call.
    public func create(_ options: JSONObject) async throws(PasskeyError) -> JSONObject { try await create(options, mediation: .modal) }
    /// ``get(_:mediation:)`` with a modal sheet, as a plain `navigator.credentials.get()` call.
    public func get(_ options: JSONObject) async throws(PasskeyError) -> JSONObject { try await get(options, mediation: .modal) }
    /// Does nothing: the default for providers whose credentials the user manages elsewhere.
    public func forget(credentialID: [UInt8]) async throws(PasskeyError) {}
}

/// How a ceremony meets the user (Credential Management's `CredentialMediationRequirement`, WebAuthn L3 §5.1.4.1).
public enum PasskeyMediation: String, Sendable, CaseIterable {
    /// A modal sheet (the `optional` mediation of a plain `get()`/`create()` call).
    case modal = "optional"
    /// Only credentials that are available at once, without a sheet for other devices; "no credentials" otherwise
    /// (AuthenticationServices' `preferImmediatelyAvailableCredentials`).
    case immediate
    /// AutoFill for sign-in (the keyboard's QuickType bar, `mediation: "conditional"` on the web); for
    /// registration, the conditional create that upgrades a password account without a sheet (L3 §5.1.3, iOS 18).
    case conditional
}
