public import X509

/// A registration that passed verification: what the relying party stores as the credential record
/// (WebAuthn L3 §7.1 step 27), plus what it may show or log about the attestation.
public struct VerifiedRegistration: Sendable {
    public let credentialID: [UInt8]
    public let publicKey: CredentialPublicKey
    public let signCount: UInt32
    public let format: String
    public let attestationType: AttestationType
    /// The attestation chain ends in a configured trust anchor.
    public let trusted: Bool
    public let trustPath: [Certificate]
    public let aaguid: AAGUID
    public let userVerified: Bool
    public let backupEligible: Bool
    public let backupState: Bool
    public let transports: [String]
    public let clientData: CollectedClientData
    public let authenticatorData: AuthenticatorData
    /// The authenticator model's name from FIDO metadata, when metadata is configured and lists it.
    public let authenticatorDescription: String?
}
