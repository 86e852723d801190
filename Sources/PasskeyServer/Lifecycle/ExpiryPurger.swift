import ServiceLifecycle

/// Removes expired ceremonies and sessions once a minute, so abandoned ceremonies do not accumulate, and audit entries
/// older than the retention (`--audit-retention`).
struct ExpiryPurger: Service {
    let store: any DatabaseStore
    let clock: @Sendable () -> Int64
    /// How long audit entries are kept, in days.
    var auditRetentionDays = ServerConfiguration.defaultAuditRetentionDays

    func run() async throws {
        // Graceful shutdown cancels the loop, which interrupts the sleep at once; that is a normal end.
        do {
            try await cancelWhenGracefulShutdown {
                while !Task.isCancelled {
                    let now = clock()
                    try? await store.purgeExpired(now: now)
                    _ = try? await store.pruneAudit(before: now - Int64(auditRetentionDays) * 86_400_000)
                    try await Task.sleep(for: .seconds(60))
                }
            }
        } catch is CancellationError {
            return
        }
    }
}
