public import PasskeyRelyingParty

/// A ``Store`` on a database several instances share, which keeps per-client limits where all of them count
/// (``PostgresStore``). A ``RelyingParty`` over one moves its limits there (``ClusterLimits``).
public protocol SharedLimitStore: Store {
    /// A rate limiter whose buckets every instance shares; limiters of one `budget` draw from one bucket per client.
    func sharedRateLimiter(budget: String, rate: Double, burst: Double) -> any ClientRateLimiter
    /// A ceremony quota every instance shares.
    func sharedCeremonyQuota(perClient: Int) -> any ClientCeremonyQuota
}
