import PasskeyRelyingParty
import Synchronization

/// The ceremonies each client has begun and that may still be pending, oldest first, so that one client's flood
/// pushes out only its own oldest ceremonies, and a full store makes room from whoever holds the most.
///
/// A finished ceremony stays listed until it expires or is pushed out (the route group does not see which challenge
/// a result used); taking it from the store then finds nothing, which is harmless. Memory is bounded: at most
/// `perClient` entries for each of at most `maximumClients` clients; past that, new clients are not listed (their
/// ceremonies are still bounded by the store and by the rate limiter) until listed clients' ceremonies expire.
final class CeremonyQuota: Sendable {
    struct Held: Sendable {
        let challenge: String
        let kind: PendingCeremony.Kind
        let expiresAt: Int64
    }

    private struct Table {
        var clients: [String: [Held]] = [:]
        var lastSweep: Int64?
    }

    let perClient: Int
    let maximumClients: Int
    private let table = Mutex(Table())

    init(perClient: Int, maximumClients: Int) {
        self.perClient = max(1, perClient)
        self.maximumClients = max(1, maximumClients)
    }

    /// Lists `held` for `client`; returns the client's ceremonies beyond its quota, oldest first, for the caller to
    /// take out of the store.
    func record(_ held: Held, for client: String, now: Int64) -> [Held] {
        table.withLock { table in
            if table.clients[client] == nil, table.clients.count >= maximumClients {
                // A pass over the table, so at most once a second however many new clients arrive.
                guard table.lastSweep.map({ now &- $0 >= 1000 }) ?? true else { return [] }
                table.lastSweep = now
                table.clients = table.clients.compactMapValues { list in
                    let live = list.filter { $0.expiresAt > now }
                    return live.isEmpty ? nil : live
                }
                guard table.clients.count < maximumClients else { return [] }
            }
            var list = (table.clients[client] ?? []).filter { $0.expiresAt > now }
            list.append(held)
            let excess = max(0, list.count - perClient)
            let evicted = Array(list.prefix(excess))
            table.clients[client] = Array(list.dropFirst(excess))
            return evicted
        }
    }

    /// Removes and returns the oldest ceremonies of the client holding the most (up to `count` of them), to make room
    /// in a full store; empty when nobody holds any.
    func takeFromLargestHolder(count: Int) -> [Held] {
        table.withLock { table in
            guard let (client, list) = table.clients.max(by: { $0.value.count < $1.value.count }), !list.isEmpty else { return [] }
            let taken = Array(list.prefix(count))
            let rest = Array(list.dropFirst(count))
            table.clients[client] = rest.isEmpty ? nil : rest
            return taken
        }
    }
}
