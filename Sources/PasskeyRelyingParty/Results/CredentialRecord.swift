/// A credential record (WebAuthn L3 §4) and what the passkey list shows.
public struct CredentialRecord: Sendable, Equatable {
    public let id: [UInt8]
    public let userHandle: [UInt8]
    public let publicKey: [UInt8]
    public var signCount: UInt32
    public let transports: [String]
    public let aaguid: String
    public let format: String
    public let attestationType: String
    public let backupEligible: Bool
    public var backupState: Bool
    public var name: String
    public let createdAt: Int64
    public var lastUsedAt: Int64?

    public init(
        id: [UInt8], userHandle: [UInt8], publicKey: [UInt8], signCount: UInt32, transports: [String], aaguid: String, format: String,
        attestationType: String, backupEligible: Bool, backupState: Bool, name: String, createdAt: Int64, lastUsedAt: Int64?
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
    }
}

