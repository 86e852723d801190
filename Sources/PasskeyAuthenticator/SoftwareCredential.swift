import PasskeyCore

/// A credential held by the software authenticator (CTAP2 §6.1 "credential source").
public struct SoftwareCredential: Sendable {
    public let id: [UInt8]
    public let rpID: String
    public let userHandle: [UInt8]
    public let privateKey: CredentialPrivateKey
    /// The signature counter (CTAP2 §6.1.1); stays 0 when the authenticator keeps no counter.
    public internal(set) var signCount: UInt32
    public let backupEligible: Bool

    public init(id: [UInt8], rpID: String, userHandle: [UInt8], privateKey: CredentialPrivateKey, signCount: UInt32 = 0, backupEligible: Bool = false) {
        self.id = id
        self.rpID = rpID
        self.userHandle = userHandle
        self.privateKey = privateKey
        self.signCount = signCount
        self.backupEligible = backupEligible
    }
}
