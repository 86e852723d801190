import PasskeyRelyingParty

/// SQLite's pending ceremonies: in memory (``MemoryCeremonyStore``: the file has one server), and a new account's
/// ceremony kept only while its name is free in the file (``NameCheckingCeremonyStore``), judged by one read on a
/// reader connection: the exact name, its ``UsernameKey`` and its ``ConfusabilityKey``. Without it a
/// look-alike of a taken name would begin a registration and be refused only when it finished.
final class SQLiteCeremonyStore: NameCheckingCeremonyStore {
    private let memory: MemoryCeremonyStore
    /// Whether no account has the name, its lookup key or its confusability key.
    private let nameIsFree: @Sendable (String, UsernameKey) async throws -> Bool

    /// At most `capacity` ceremonies wait in memory (``MemoryCeremonyStore/init(capacity:)``).
    init(capacity: Int, nameIsFree: @escaping @Sendable (String, UsernameKey) async throws -> Bool) {
        self.memory = MemoryCeremonyStore(capacity: capacity)
        self.nameIsFree = nameIsFree
    }

    func insert(_ ceremony: PendingCeremony, now: Int64) async throws { try await memory.insert(ceremony, now: now) }

    func insertIfNameFree(_ ceremony: PendingCeremony, name: String, key: UsernameKey, now: Int64) async throws -> Bool {
        // The read and the insert are two steps: a sign-up that takes the name meanwhile is refused when the account
        // is stored (the users table's unique indexes), as the protocol allows.
        guard try await nameIsFree(name, key) else { return false }
        try await memory.insert(ceremony, now: now)
        return true
    }

    func take(challenge: String, kind: PendingCeremony.Kind, now: Int64) async throws -> PendingCeremony? {
        try await memory.take(challenge: challenge, kind: kind, now: now)
    }

    func removeAll(userHandle: [UInt8]) async throws { try await memory.removeAll(userHandle: userHandle) }

    func purgeExpired(now: Int64) async throws { try await memory.purgeExpired(now: now) }
}
