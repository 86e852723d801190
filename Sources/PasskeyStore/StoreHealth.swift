public import Logging
import Synchronization

/// Whether the database answered last time, so an outage is logged once when it starts and once when it ends — not
/// once per request — and counted for `/metrics`.
public final class StoreHealth: Sendable {
    private struct State {
        var down = false
        var errors = 0
    }

    private let state = Mutex(State())
    private let logger: Logger

    public init(logger: Logger) {
        self.logger = logger
    }

    /// Store errors that meant the database was out of reach, since start.
    public var unavailableCount: Int { state.withLock { $0.errors } }
    public var isDown: Bool { state.withLock { $0.down } }

    func succeeded() {
        let recovered = state.withLock { state in
            defer { state.down = false }
            return state.down
        }
        if recovered { logger.notice("the database answers again") }
    }

    func failed(_ error: StoreUnavailable) {
        let started = state.withLock { state in
            state.errors += 1
            defer { state.down = true }
            return !state.down
        }
        if started { logger.error("the database is unavailable; answering 503 until it is back", metadata: ["reason": "\(error.reason)"]) }
    }
}
