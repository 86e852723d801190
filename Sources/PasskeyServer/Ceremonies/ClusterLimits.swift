import PasskeyRelyingParty

/// The limits of `passkeys serve` over a ``SharedLimitStore``: each in-memory ``RateLimiter`` becomes the store's
/// shared limiter with the same rate and burst, and the ceremony quota the store's, so the options rate, the failed
/// results, the taken names, the recovery budgets and the waiting ceremonies hold for the cluster. A limiter
/// or quota that is not the in-memory one (an embedder's own) is kept as given. Limits that are off stay off, with no
/// statement.
enum ClusterLimits {
    /// The names of the budgets in the store, one per limit.
    enum Budget: String {
        case options, failedResults = "failed-results", takenNames = "taken-names"
        case recoveryName = "recovery-name", recoveryClient = "recovery-client"
    }

    static func shared(_ limits: PasskeyRouteLimits, in store: any SharedLimitStore) -> PasskeyRouteLimits {
        var shared = limits
        shared.optionsLimiter = limits.optionsLimiter.map { share($0, as: .options, in: store) }
        shared.failedResultLimiter = limits.failedResultLimiter.map { share($0, as: .failedResults, in: store) }
        shared.takenNameLimiter = limits.takenNameLimiter.map { share($0, as: .takenNames, in: store) }
        shared.recovery = Self.shared(limits.recovery, in: store)
        if limits.ceremonyQuota == nil { shared.ceremonyQuota = store.sharedCeremonyQuota(perClient: limits.pendingCeremoniesPerClient) }
        return shared
    }

    static func shared(_ limits: RecoveryLimits, in store: any SharedLimitStore) -> RecoveryLimits {
        RecoveryLimits(
            perAccount: share(limits.perAccount, as: .recoveryName, in: store), perClient: share(limits.perClient, as: .recoveryClient, in: store),
            sessionLifetime: limits.sessionLifetime)
    }

    private static func share(_ limiter: any ClientRateLimiter, as budget: Budget, in store: any SharedLimitStore) -> any ClientRateLimiter {
        guard let memory = limiter as? RateLimiter else { return limiter }
        return store.sharedRateLimiter(budget: budget.rawValue, rate: memory.rate, burst: memory.burst)
    }
}
