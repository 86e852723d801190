public import PasskeyRelyingParty
import SQLKit

/// The per-client limits of every instance on the database: rate limits and budgets as token buckets in
/// `rate_buckets`, the ceremony quota in `ceremony_quota`, both unlogged tables.
extension PostgresStore: SharedLimitStore {
    /// A rate limiter whose buckets every instance on this database shares: limiters of one `budget` draw from one
    /// bucket per client. An app's route group on this database may use it for its ``PasskeyRouteLimits``.
    public func sharedRateLimiter(budget: String, rate: Double, burst: Double) -> any ClientRateLimiter {
        PostgresRateLimiter(connections: connections, budget: budget, rate: rate, burst: burst)
    }

    /// A ceremony quota every instance on this database shares: at most `perClient` waiting ceremonies per client.
    public func sharedCeremonyQuota(perClient: Int) -> any ClientCeremonyQuota {
        PostgresCeremonyQuota(connections: connections, perClient: max(1, perClient))
    }

    /// Removes buckets that have refilled (no different from none, by the database's clock) and the quota's rows of
    /// expired ceremonies.
    func purgeLimits(now: Int64) async throws {
        try await connections.with { db in
            try await db.raw("DELETE FROM rate_buckets WHERE full_at <= extract(epoch FROM statement_timestamp())").run()
            try await db.raw("DELETE FROM ceremony_quota WHERE expires_at <= \(bind: now)").run()
        }
    }
}
