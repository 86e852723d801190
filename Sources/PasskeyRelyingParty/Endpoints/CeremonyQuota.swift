import Synchronization

/// The ceremonies each client has begun and that may still be pending, oldest first, in this process's memory (the
/// default ``ClientCeremonyQuota``), so that one client's flood pushes out only its own oldest ceremonies, and a full
/// store makes room from whoever holds the most.
///
/// A finished ceremony stays listed until it expires or is pushed out (the route group does not see which challenge
/// a result used); taking it from the store then finds nothing, which is harmless. Memory is bounded: at most
/// `perClient` entries for each of at most `maximumClients` clients; past that, new clients are not listed (their
/// ceremonies are still bounded by the store and by the rate limiter) until listed clients' ceremonies expire.
package final class CeremonyQuota: ClientCeremonyQuota {
    package typealias Held = CountedCeremony

    private struct Client {
        var held: [Held]
        /// When the client last began a ceremony, in the order of `Table.serial`.
        var lastActive: UInt64
    }

    private struct Table {
        var clients: [String: Client] = [:]
        var serial: UInt64 = 0
        var lastSweep: Int64?
    }

    package let perClient: Int
    package let maximumClients: Int
    private let table = Mutex(Table())

    package init(perClient: Int, maximumClients: Int) {
        self.perClient = max(1, perClient)
        self.maximumClients = max(1, maximumClients)
    }

    /// Lists `held` for `client`; returns the client's ceremonies beyond its quota, oldest first, for the caller to
    /// take out of the store.
    package func record(_ held: Held, for client: String, now: Int64) -> [Held] {
        table.withLock { table in
            if table.clients[client] == nil, table.clients.count >= maximumClients {
                // A pass over the table, so at most once a second however many new clients arrive.
                guard table.lastSweep.map({ now &- $0 >= 1000 }) ?? true else { return [] }
                table.lastSweep = now
                table.clients = table.clients.compactMapValues { entry in
                    let live = entry.held.filter { $0.expiresAt > now }
                    return live.isEmpty ? nil : Client(held: live, lastActive: entry.lastActive)
                }
                guard table.clients.count < maximumClients else { return [] }
            }
            table.serial &+= 1
            var list = (table.clients[client]?.held ?? []).filter { $0.expiresAt > now }
            list.append(held)
            let excess = max(0, list.count - perClient)
            table.clients[client] = Client(held: Array(list.dropFirst(excess)), lastActive: table.serial)
            return Array(list.prefix(excess))
        }
    }

    /// Removes and returns the oldest ceremony of the client holding the most, to make room in a full store; among
    /// clients holding as many, the one that began a ceremony most recently (a flooder is busy; the client it would
    /// displace has been waiting). Nil when nobody holds any.
    package func takeFromLargestHolder(now: Int64) -> Held? {
        table.withLock { table in
            let largest = table.clients.max { lhs, rhs in
                (lhs.value.held.count, lhs.value.lastActive) < (rhs.value.held.count, rhs.value.lastActive)
            }
            guard let (client, entry) = largest, let oldest = entry.held.first else { return nil }
            let rest = Array(entry.held.dropFirst())
            table.clients[client] = rest.isEmpty ? nil : Client(held: rest, lastActive: entry.lastActive)
            return oldest
        }
    }
}
