import Crypto
import Foundation
import PasskeyCore
public import PasskeyRelyingParty
import Synchronization

/// A ``ClientRateLimiter`` whose buckets are rows of PostgreSQL's unlogged `rate_buckets` table, so every instance on
/// the database draws from one bucket per client: a client spread over the instances gets what one
/// instance would give it, not that much per instance.
///
/// Tokens are leased: one statement (``TakeTokensStatement``) takes up to ``leaseSize`` of a client's tokens, and this
/// instance spends them locally for ``leaseSeconds``; what is left then is lost (the client gets less, never more).
/// This instance also keeps:
/// - **Refusals**: a client refused is refused here without a statement until the database said a token would be
///   back; a flood from one address costs the database one statement per refill, not one per request.
/// - **Refunds** (a result that succeeded gives its failure token back) are added to the client's next statement on
///   this instance rather than sent on their own, so a successful result costs one statement, not two. A refund that
///   never finds a next statement is lost, which leaves the client one token short until its bucket refills (a
///   bucket refills completely in `burst / rate` seconds, after which the refund is dropped).
///
/// Both are bounded: at most ``capacity`` clients are remembered, and past that new ones are not (each request then
/// costs its statement, and a refund is lost). Keys longer than ``SharedLimitKey/maximumLength`` bytes are stored as
/// their hash, so no input grows a row.
///
/// The table is unlogged: its rows are not written to the WAL, and PostgreSQL empties it after a crash, which gives
/// every client a full bucket again (docs/deploy.md); the ExpiryPurger removes buckets that have refilled.
public final class PostgresRateLimiter: ClientRateLimiter {
    public let rate: Double
    public let burst: Double
    /// Which limit the buckets belong to, the first column of their key.
    public let budget: String
    /// The most clients this instance remembers refusals and refunds for.
    public let capacity: Int
    /// Tokens taken from the database at once: an eighth of the burst, at least one.
    let leaseSize: Double
    /// How long leased tokens may be spent here.
    static let leaseSeconds = 1.0
    private let connections: PostgresConnections
    private let local: Mutex<LocalMemory>

    /// - Parameters:
    ///   - budget: names the limit in the table; limiters with one name share their buckets.
    ///   - rate: tokens per second (at least one a day).
    ///   - burst: the most tokens a bucket holds (at least 1).
    init(connections: PostgresConnections, budget: String, rate: Double, burst: Double, capacity: Int = 100_000) {
        self.connections = connections
        self.budget = budget
        self.rate = max(rate, 1.0 / Double(TakeTokensStatement.maximumKeep))
        self.burst = max(burst, 1)
        self.capacity = max(1, capacity)
        leaseSize = max(1, (max(burst, 1) / 8).rounded(.down))
        local = Mutex(LocalMemory())
    }

    public func allow(_ client: String) async throws -> Bool {
        let key = SharedLimitKey.bounded(client)
        let now = ProcessInfo.processInfo.systemUptime
        let credit: Double
        switch local.withLock({ $0.admit(key, now: now) }) {
        case .granted: return true
        case .refused: return false
        case .ask(let owed): credit = owed
        }
        let answer = try await connections.execute(
            TakeTokensStatement(budget: budget, client: key, rate: rate, burst: burst, credit: credit, want: leaseSize)
        ).first
        guard let answer, answer.granted >= 1 else {
            let wait = answer?.wait ?? 1 / rate
            local.withLock { $0.refuse(key, until: now + wait, capacity: capacity, now: now, horizon: burst / rate) }
            return false
        }
        if answer.granted > 1 {
            local.withLock {
                $0.lease(key, tokens: answer.granted - 1, until: now + Self.leaseSeconds, capacity: capacity, now: now, horizon: burst / rate)
            }
        }
        return true
    }

    public func refund(_ client: String) async {
        let key = SharedLimitKey.bounded(client)
        let now = ProcessInfo.processInfo.systemUptime
        local.withLock { $0.credit(key, burst: burst, lease: leaseSize, capacity: capacity, now: now, horizon: burst / rate) }
    }

    /// How many clients this instance remembers a refusal or a refund for.
    var rememberedClients: Int { local.withLock { $0.entries.count } }

    /// What this instance remembers of clients between statements.
    private struct LocalMemory {
        struct Entry {
            /// Refused without a statement until then (uptime seconds).
            var refusedUntil: Double = 0
            /// Tokens given back, for the next statement.
            var credit: Double = 0
            /// When the last refund came; a credit older than a full refill is moot.
            var creditedAt: Double = 0
            /// Leased tokens left to spend here, until ``allowanceUntil``.
            var allowance: Double = 0
            var allowanceUntil: Double = 0
        }

        enum Admission {
            case granted, refused
            case ask(credit: Double)
        }

        var entries: [String: Entry] = [:]
        var lastSweep = -Double.infinity

        /// Spends a leased token, refuses, or says to ask the database with the credit to send (taken out of memory).
        mutating func admit(_ key: String, now: Double) -> Admission {
            guard var entry = entries[key] else { return .ask(credit: 0) }
            if entry.allowance >= 1, entry.allowanceUntil > now {
                entry.allowance -= 1
                entries[key] = entry
                return .granted
            }
            if entry.credit == 0, entry.refusedUntil > now { return .refused }
            entries[key] = nil
            return .ask(credit: entry.credit)
        }

        mutating func lease(_ key: String, tokens: Double, until: Double, capacity: Int, now: Double, horizon: Double) {
            update(key, capacity: capacity, now: now, horizon: horizon) { entry in
                entry.allowance = tokens
                entry.allowanceUntil = until
            }
        }

        mutating func refuse(_ key: String, until: Double, capacity: Int, now: Double, horizon: Double) {
            update(key, capacity: capacity, now: now, horizon: horizon) { $0.refusedUntil = until }
        }

        mutating func credit(_ key: String, burst: Double, lease: Double, capacity: Int, now: Double, horizon: Double) {
            update(key, capacity: capacity, now: now, horizon: horizon) { entry in
                if entry.allowanceUntil > now, entry.allowance < lease {
                    entry.allowance += 1
                } else {
                    entry.credit = min(burst, entry.credit + 1)
                    entry.creditedAt = now
                }
            }
        }

        private mutating func update(_ key: String, capacity: Int, now: Double, horizon: Double, _ change: (inout Entry) -> Void) {
            if entries[key] == nil, entries.count >= capacity {
                // A pass over the table, so at most once a second however many new clients arrive.
                guard now - lastSweep >= 1 else { return }
                lastSweep = now
                entries = entries.filter { _, entry in
                    entry.refusedUntil > now || entry.allowanceUntil > now || (entry.credit > 0 && now - entry.creditedAt < horizon)
                }
                guard entries.count < capacity else { return }
            }
            var entry = entries[key] ?? Entry()
            change(&entry)
            entries[key] = entry
        }
    }
}

/// The key a shared limit stores for a client: the client's key itself when it is at most ``maximumLength`` bytes
/// (addresses, `/64` prefixes, most names' ``UsernameKey``), else `sha256:` and its SHA-256 in base64url, so a row's
/// size has a bound whatever a request sends and distinct keys stay distinct.
enum SharedLimitKey {
    static let maximumLength = 64

    static func bounded(_ key: String) -> String {
        guard key.utf8.count > maximumLength else { return key }
        return "sha256:" + Base64URL.encode(Array(SHA256.hash(data: Array(key.utf8))))
    }
}
