/// A ``CeremonyStore`` in the same database as the app's accounts, which can claim a sign-in's ceremony and read
/// the credential its response names in one step: one round trip to the database instead of two.
///
/// ``Passkeys`` uses it on its own when its `ceremonies` conform with the accounts' user type: a sign-in finished
/// without a caller-kept ceremony then claims the ceremony and reads the credential through
/// ``takeAuthentication(challenge:credentialID:now:)`` instead of ``CeremonyStore/take(challenge:kind:now:)`` followed
/// by ``PasskeyAccounts/credential(id:)``. What the caller sees does not change: the credential is used only after
/// the client data has verified (§7.2 steps 8–18), exactly as when it is read afterwards.
///
/// Conform only a store whose credentials are the ones ``PasskeyAccounts/credential(id:)`` would return.
public protocol CredentialReadingCeremonyStore<User>: CeremonyStore {
    /// The app's user type, the same as its ``PasskeyAccounts/User``.
    associatedtype User: PasskeyUser

    /// Removes and returns the sign-in ceremony with this challenge if it has not expired, with the credential whose
    /// ID is `credentialID` and the account that owns it (nil when no such credential is stored). Atomic like
    /// ``CeremonyStore/take(challenge:kind:now:)``: of any number of concurrent calls for one challenge, exactly one
    /// gets the ceremony; the others, and every call for an unknown or expired challenge, get nil. A registration
    /// ceremony with this challenge is neither returned nor removed; an expired sign-in ceremony is removed and nil
    /// returned.
    func takeAuthentication(challenge: String, credentialID: [UInt8], now: Int64) async throws -> ClaimedAuthentication<User>?
}

/// A sign-in ceremony claimed from a ``CredentialReadingCeremonyStore``, with the credential the response names.
public struct ClaimedAuthentication<User: PasskeyUser>: Sendable {
    /// The claimed ceremony; it is no longer pending.
    public var ceremony: PendingCeremony
    /// The credential with the response's ID and its owner; nil when no such credential is stored.
    public var credential: (credential: CredentialRecord, user: User)?

    /// - Parameters:
    ///   - ceremony: the claimed ceremony.
    ///   - credential: the stored credential and its owner, or nil.
    public init(ceremony: PendingCeremony, credential: (credential: CredentialRecord, user: User)?) {
        self.ceremony = ceremony
        self.credential = credential
    }
}
