/// A credential record (WebAuthn L3 §4) and what the passkey list shows.
public struct CredentialRecord: Sendable, Equatable {
    /// The credential ID the authenticator chose (§4 "Credential ID"): at most 1023 bytes, unique across the relying party.
    public let id: [UInt8]
    /// The user handle of the account the credential belongs to.
    public let userHandle: [UInt8]
    /// The credential public key as the authenticator sent it, COSE_Key bytes (§6.5.1.1).
    public let publicKey: [UInt8]
    /// The last signature counter seen (§6.1.1); zero for authenticators that keep none.
    public var signCount: UInt32
    /// Transports the client reported at registration (`internal`, `hybrid`, `usb`, …), as hints for later ceremonies.
    public let transports: [String]
    /// The authenticator model's AAGUID (§6.5.1), lowercase UUID text; all zeros when the authenticator hides it.
    public let aaguid: String
    /// The attestation statement format registered with (`none`, `packed`, `apple`, …; §8).
    public let format: String
    /// The attestation type the verifier established (§6.5.3): `None`, `Self`, `Basic`, `AttCA` or `AnonCA`.
    public let attestationType: String
    /// BE (§6.1.3): whether the credential may ever be synced; fixed for its life, so a change is refused at sign-in.
    public let backupEligible: Bool
    /// BS (§6.1.3): whether the credential was backed up at its last ceremony.
    public var backupState: Bool
    /// A name for people to tell their passkeys apart; the authenticator's name until the user renames it.
    public var name: String
    /// When it was registered, in milliseconds since 1970.
    public let createdAt: Int64
    /// When it last signed in, in milliseconds since 1970; nil before its first sign-in.
    public var lastUsedAt: Int64?
    /// WebAuthn L3 §4 credential record `uvInitialized`: whether this passkey has ever verified its user (the UV flag
    /// at registration or in any assertion since). Set at registration from the UV flag and turned true, never back,
    /// by the first assertion that carries UV. A step-up asks for UV only of accounts whose passkeys have all shown it,
    /// and a ceremony with a passkey that has shown UV counts as a verification only with UV
    /// (``VerifiedSignIn/countsAsVerification``). Records whose history is unknown should say true: the safe side.
    public var uvInitialized: Bool

    /// A record with every member given, as read back from storage.
    public init(
        id: [UInt8], userHandle: [UInt8], publicKey: [UInt8], signCount: UInt32, transports: [String], aaguid: String, format: String,
        attestationType: String, backupEligible: Bool, backupState: Bool, name: String, createdAt: Int64, lastUsedAt: Int64?,
        uvInitialized: Bool = true
    ) {
        self.id = id
        self.userHandle = userHandle
        self.publicKey = publicKey
        self.signCount = signCount
        self.transports = transports
        self.aaguid = aaguid
        self.format = format
        self.attestationType = attestationType
        self.backupEligible = backupEligible
        self.backupState = backupState
        self.name = name
        self.createdAt = createdAt
        self.lastUsedAt = lastUsedAt
        self.uvInitialized = uvInitialized
    }
}
