import Logging
import PasskeyRelyingParty
import ServiceLifecycle

/// Runs a ``MetadataRefresher`` beside the HTTP server until shutdown.
struct MetadataRefreshService: Service {
    let refresher: MetadataRefresher

    func run() async throws {
        // Graceful shutdown cancels the loop, which interrupts the sleep at once.
        await cancelWhenGracefulShutdown {
            await refresher.run()
        }
    }

    /// The log line for each event: problems as warnings, news as notices (both shown at the default level).
    static func log(_ event: MetadataRefreshEvent, to logger: Logger) {
        switch event {
        case .loadedFromCache, .updated, .recovered: logger.notice("\(event)")
        case .cacheRefused, .failed, .stale, .cacheWriteFailed: logger.warning("\(event)")
        }
    }
}
