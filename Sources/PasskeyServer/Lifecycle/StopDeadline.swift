import Foundation
import Logging
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The bound on a stop: the process ends within `grace` of the signal, whatever still runs.
///
/// Requests in flight have ``requestsDeadline`` (the grace less ``reserve``); the service group then cancels what
/// still runs, and the store gets ``storeCloseLimit`` to close. Should anything ignore its cancellation, a thread of
/// its own (not a task, which a starved concurrency pool might never run) logs and ends the process at the grace.
final class StopDeadline: Sendable {
    /// The end of the grace kept for cancelling what is left and closing the store.
    static let reserve = Duration.seconds(1)
    /// How long the store may take to close after the services ended.
    static let storeCloseLimit = Duration.milliseconds(500)

    let grace: Duration
    private let logger: Logger
    private let armed = Atomic(false)

    /// `grace` is at least twice ``reserve`` (the command refuses less).
    init(grace: Duration, logger: Logger) {
        self.grace = grace
        self.logger = logger
    }

    /// How long requests in flight have to finish before they are cancelled.
    var requestsDeadline: Duration { grace - Self.reserve }

    /// Starts the clock (once): the stop has begun.
    func arm() {
        guard armed.compareExchange(expected: false, desired: true, ordering: .relaxed).exchanged else { return }
        let grace = grace, requests = requestsDeadline, logger = logger
        Thread.detachNewThread {
            Thread.sleep(forTimeInterval: Self.seconds(requests))
            logger.warning("passkeys serve: requests still in flight after \(requests): cancelling them")
            Thread.sleep(forTimeInterval: Self.seconds(grace - requests))
            logger.error("passkeys serve: not stopped within the grace of \(grace): exiting now")
            _exit(1)
        }
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
