import Synchronization

/// Whether the process has begun to stop (SIGTERM or SIGINT): from then on `/readyz` answers 503 `stopping`, so a load
/// balancer that polls it sends no new traffic here, while requests in flight finish (``PasskeysServer/run(_:logger:)``).
final class StopState: Sendable {
    private let begun = Atomic(false)

    /// True once the stop has begun; it never turns back.
    var hasBegun: Bool { begun.load(ordering: .acquiring) }

    func begin() { begun.store(true, ordering: .releasing) }
}
