import Synchronization

/// The challenges of sealed ceremonies already used in this process, each kept until its ceremony would have expired
/// (after that the sealed ceremony is refused as expired anyway), so a sealed ceremony finishes once (§13.4.3).
///
/// Bounded like ``MemoryCeremonyStore``: when full, expired entries are swept (at most once a second), and if none
/// has expired the finish is refused as the store being busy (503) rather than forgetting a used challenge, which
/// would let it be used again.
final class UsedChallenges: Sendable {
    private struct Table {
        var expiries: [String: Int64] = [:]
        var lastSweep: Int64?
    }

    private let table = Mutex(Table())
    let capacity: Int

    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// Marks `challenge` used until `expiresAt`; false when it was used already. Atomic: of concurrent calls for one
    /// challenge, exactly one gets true.
    func claim(_ challenge: String, expiresAt: Int64, now: Int64) throws(StoreUnavailable) -> Bool {
        let outcome = table.withLock { table -> Bool? in
            if let expiry = table.expiries[challenge], expiry > now { return false }
            if table.expiries.count >= capacity, table.lastSweep.map({ now &- $0 >= 1000 }) ?? true {
                table.lastSweep = now
                table.expiries = table.expiries.filter { $0.value > now }
            }
            guard table.expiries.count < capacity else { return nil }
            table.expiries[challenge] = expiresAt
            return true
        }
        guard let outcome else {
            throw StoreUnavailable(reason: "\(capacity) sealed ceremonies were used and none has expired yet; try again shortly")
        }
        return outcome
    }

    /// How many challenges are remembered, expired ones not yet swept included.
    var count: Int { table.withLock { $0.expiries.count } }
}
