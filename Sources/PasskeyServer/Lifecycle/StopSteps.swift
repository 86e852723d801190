import Logging
import ServiceLifecycle

/// The first step of a stop: marks ``StopState`` (so `/readyz` answers 503 at once), arms the ``StopDeadline`` and
/// says so in the log.
///
/// Last in ``PasskeysServer/run(_:logger:)``'s service group, so the group (which shuts services down in reverse
/// order) tells it first.
struct StopAnnouncement: Service {
    let state: StopState
    let deadline: StopDeadline
    let drain: Duration
    let logger: Logger

    func run() async throws {
        // Until the stop begins; a cancelled group (never a graceful stop) ends here too.
        try? await gracefulShutdown()
        guard !Task.isCancelled else { return }
        state.begin()
        deadline.arm()
        let taking = drain > .zero ? "new requests are still taken for \(drain), " : ""
        logger.notice(
            "passkeys serve: stopping: /readyz answers 503, background work is cancelled, \(taking)requests in flight have \(deadline.requestsDeadline) to finish"
        )
    }
}

/// Keeps the listener open for `duration` after the stop began, with `/readyz` already 503, so a load balancer that
/// polls it moves traffic away before connections are refused (`--shutdown-drain`).
///
/// Between the background services and the HTTP server in the group: those are cancelled before it waits, and the
/// server is told to stop taking connections after.
struct DrainDelay: Service {
    let duration: Duration

    func run() async throws {
        try? await gracefulShutdown()
        // Cancellation (the grace ran out) ends the wait early.
        try? await Task.sleep(for: duration)
    }
}
