import Logging
import ServiceLifecycle

/// Refreshes the signing keys every 10 seconds (``SigningKeyRing/refresh()``): a successor made by another instance is
/// in memory well before it signs, keys past their publication leave the JWKS on time, a key withdrawn by `passkeys
/// keys retire` stops signing on every instance within 10 seconds, and plain keys are sealed once a key-encryption key
/// is configured. A refresh is one read of the keys per algorithm when nothing changed. A failed refresh (the database away) keeps the keys in memory and is logged once until it works
/// again.
struct SigningKeyRotationService: Service {
    let keys: SigningKeyRing
    /// What is read again with the keys: the rotatable secrets' versions (the login-ticket key's).
    var secrets: [@Sendable () async throws -> Void] = []
    let logger: Logger
    static let interval = Duration.seconds(10)

    func run() async throws {
        do {
            try await cancelWhenGracefulShutdown {
                var failing = false
                while !Task.isCancelled {
                    try await Task.sleep(for: Self.interval)
                    do {
                        try await keys.refresh()
                        for refresh in secrets { try await refresh() }
                        if failing { logger.notice("signing keys: refreshed again") }
                        failing = false
                    } catch is CancellationError {
                        throw CancellationError()
                    } catch {
                        if !failing { logger.error("signing keys: refresh failed, keeping the keys in memory", metadata: ["error": "\(error)"]) }
                        failing = true
                    }
                }
            }
        } catch is CancellationError {
            return
        }
    }
}
