import ServiceLifecycle

/// Removes expired ceremonies and sessions once a minute, so abandoned ceremonies do not accumulate.
struct ExpiryPurger: Service {
    let store: any Store
    let clock: @Sendable () -> Int64

    func run() async throws {
        // Graceful shutdown cancels the loop, which interrupts the sleep at once; that is a normal end.
        do {
            try await cancelWhenGracefulShutdown {
                while !Task.isCancelled {
                    try? await store.purgeExpired(now: clock())
                    try await Task.sleep(for: .seconds(60))
                }
            }
        } catch is CancellationError {
            return
        }
    }
}
