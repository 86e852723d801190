public import X509

/// A registration that passed verification: what the relying party stores as the credential record
/// (WebAuthn L3 §7.1 step 27), plus what it may show or log about the attestation.
public struct VerifiedRegistration: Sendable {
    /// The new credential's ID: store it, unique across all accounts, and list it in `allowCredentials` and
    /// `excludeCredentials` later.
    public let credentialID: [UInt8]
    /// The credential public key; store `publicKey.coseBytes` and rebuild the key from them for each sign-in.
    public let publicKey: CredentialPublicKey
    /// The initial signature counter (often 0): store it as the baseline for §7.2 step 22.
    public let signCount: UInt32
    /// The attestation statement format identifier, such as `packed` or `none` (§8).
    public let format: String
    /// The kind of attestation the statement turned out to be (§6.5.3), which decides what ``trusted`` can mean.
    public let attestationType: AttestationType
    /// The attestation chain ends in a configured trust anchor.
    public let trusted: Bool
    /// The attestation certificates (`x5c`), leaf first; empty for `none` and self attestation.
    public let trustPath: [Certificate]
    /// The authenticator model's AAGUID from attested credential data; all zeroes when undisclosed. Unverified unless
    /// ``trusted``.
    public let aaguid: AAGUID
    /// Whether the authenticator verified the user while creating the credential (UV).
    public let userVerified: Bool
    /// BE: whether the credential may be synced or backed up. Store it: it must not change in later assertions (§6.1.3,
    /// §7.2 step 19).
    public let backupEligible: Bool
    /// BS: whether the credential is backed up now.
    public let backupState: Bool
    /// `response.transports`: how the client reached the authenticator. Store them and send them back in
    /// `allowCredentials`, so the client can skip transports that cannot work.
    public let transports: [String]
    /// The parsed client data, for logs and display.
    public let clientData: CollectedClientData
    /// The parsed authenticator data, including extension outputs a relying party may read.
    public let authenticatorData: AuthenticatorData
    /// The authenticator model's name from FIDO metadata, when metadata is configured and lists it and the name passes
    /// `UserFacingName`'s rules (a name that does not is left out, not shown or stored).
    public let authenticatorDescription: String?
}
