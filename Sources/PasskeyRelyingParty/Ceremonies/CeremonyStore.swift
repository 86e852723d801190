/// Where begun ceremonies wait for their result: the challenge the relying party issued and what it decided when it
/// issued it (WebAuthn L3 §13.4.3: the RP keeps the challenge it sent and checks the returned one against it).
///
/// Two implementations, chosen by the database: ``MemoryCeremonyStore`` when the store is one SQLite file (one
/// process owns it, so nothing needs to be shared, and a sign-in writes no ceremony rows), and the `ceremonies` table
/// on PostgreSQL, where several instances share one database and a ceremony begun on one may finish on another.
public protocol CeremonyStore: Sendable {
    /// Keeps a begun ceremony until it is taken or expires; `now` is the relying party's clock.
    func insert(_ ceremony: PendingCeremony, now: Int64) async throws
    /// Removes and returns the ceremony with this challenge and kind if it has not expired. Atomic: of any number of
    /// concurrent calls for one challenge, exactly one gets it (a challenge is used at most once).
    func take(challenge: String, kind: PendingCeremony.Kind, now: Int64) async throws -> PendingCeremony?
    /// Forgets the ceremonies begun for an account that is being deleted.
    func removeAll(userHandle: [UInt8]) async throws
    /// Removes ceremonies whose time is up.
    func purgeExpired(now: Int64) async throws
}
