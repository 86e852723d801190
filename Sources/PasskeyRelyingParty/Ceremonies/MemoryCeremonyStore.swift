import Synchronization

/// Pending ceremonies in this process's memory, for a server that owns its SQLite file.
///
/// Single use and expiry hold as in the database: ``take(challenge:kind:now:)`` removes the entry under the lock,
/// and an expired entry is never returned. The table is bounded: when it is full, expired entries are swept, and if
/// none has expired a new ceremony is refused as the store being busy (503), so a flood of `options` requests from
/// many addresses costs a bounded amount of memory (each entry is a few hundred bytes; the default bound is ~100 MiB).
/// A restart forgets the ceremonies in flight; their users begin again, as after any expiry.
public final class MemoryCeremonyStore: CeremonyStore {
    private struct Key: Hashable {
        let challenge: String
        let kind: PendingCeremony.Kind
    }

    private struct Table {
        var entries: [Key: PendingCeremony] = [:]
        var lastSweep: Int64?
    }

    private let table = Mutex(Table())
    /// The most ceremonies held at once.
    public let capacity: Int

    /// - Parameter capacity: the most ceremonies held at once; at least 1.
    public init(capacity: Int = 250_000) {
        self.capacity = max(1, capacity)
    }

    /// How many ceremonies are held now, expired ones not yet swept included.
    public var count: Int { table.withLock { $0.entries.count } }

    public func insert(_ ceremony: PendingCeremony, now: Int64) async throws {
        let stored = table.withLock { table -> Bool in
            // A sweep is a pass over the table, so a full table is swept at most once a second; between sweeps
            // newcomers are refused at the cost of one comparison.
            if table.entries.count >= capacity, table.lastSweep.map({ now &- $0 >= 1000 }) ?? true {
                table.lastSweep = now
                Self.sweep(&table, now: now)
            }
            guard table.entries.count < capacity else { return false }
            table.entries[Key(challenge: ceremony.challenge, kind: ceremony.kind)] = ceremony
            return true
        }
        guard stored else { throw StoreUnavailable(reason: "\(capacity) ceremonies are pending, none expired; try again shortly") }
    }

    public func take(challenge: String, kind: PendingCeremony.Kind, now: Int64) async throws -> PendingCeremony? {
        let taken = table.withLock { $0.entries.removeValue(forKey: Key(challenge: challenge, kind: kind)) }
        guard let taken, taken.expiresAt > now else { return nil }
        return taken
    }

    public func removeAll(userHandle: [UInt8]) async throws {
        table.withLock { table in table.entries = table.entries.filter { $0.value.userHandle != userHandle } }
    }

    public func purgeExpired(now: Int64) async throws {
        table.withLock { Self.sweep(&$0, now: now) }
    }

    private static func sweep(_ table: inout Table, now: Int64) {
        table.entries = table.entries.filter { $0.value.expiresAt > now }
    }
}
