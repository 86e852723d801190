public import Foundation
import Synchronization

/// The clock of an app under a scenario that needs time to pass: the real time plus what the scenario has moved it
/// forward by, so a scenario steps past the reverification window at once instead of sleeping through it.
///
/// A scenario that sleeps is at the mercy of the machine: on a loaded 2-core runner the steps *inside* a short window
/// can take longer than the window, and a long one makes the suite slow. Moving the clock is exact both ways. Give the
/// app's relying party ``now()`` as its clock and pass the same instance to ``RouteScenarios/Scenario/run(_:clock:)``:
///
/// ```swift
/// let clock = ScenarioClock()
/// relyingParty.clock = clock.now
/// try await scenario.run(transport, clock: clock)
/// ```
///
/// One per run: scenarios run in parallel, and one run's step forward must not shorten another's window.
public final class ScenarioClock: Sendable {
    private let offset = Mutex<Duration>(.zero)

    /// A clock at the real time, not moved yet.
    public init() {}

    /// The real time, moved forward by every ``advance(by:)`` so far.
    @Sendable public func now() -> Date {
        let (seconds, attoseconds) = offset.withLock { $0 }.components
        return Date().addingTimeInterval(Double(seconds) + Double(attoseconds) / 1e18)
    }

    /// Moves the time forward by `duration`, at once.
    public func advance(by duration: Duration) {
        offset.withLock { $0 += duration }
    }
}
