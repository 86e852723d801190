import Synchronization

/// Answers operations that overrun a time limit, like ``answerByDeadline(_:_:)``, with one timer for all of them
/// instead of a sleeping task per operation.
///
/// A PostgreSQL sign-in runs four store operations; a sleeping timer task each (started, then cancelled, which wakes
/// it once more to end) was work on every one of them for a limit that is almost never reached. Here an operation
/// costs a lock to register and one to leave, and a single task looks for overdue operations every `resolution`
/// while any is registered, so an overdue one is answered between `limit` and `limit + resolution` after it began.
final class DeadlineWatch: Sendable {
    private struct Entry {
        let deadline: ContinuousClock.Instant
        let waiter: any Expirable
    }

    private struct State {
        var entries: [UInt64: Entry] = [:]
        var nextID: UInt64 = 0
        var sweeping = false
    }

    /// The longest an operation may take.
    let limit: Duration
    /// How often overdue operations are looked for.
    let resolution: Duration
    private let state = Mutex(State())

    init(limit: Duration, resolution: Duration) {
        self.limit = limit
        self.resolution = resolution
    }

    /// Runs `operation` and returns its result, or throws ``DeadlineExceeded`` once ``limit`` (up to ``resolution``
    /// more) has passed, even when `operation` ignores cancellation: it then runs on in the background until it
    /// ends by itself.
    func run<T: Sendable>(_ operation: @escaping @Sendable () async throws -> T) async throws -> T {
        let waiter = FirstAnswer<T>()
        return try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
            waiter.set(continuation)
            let id = register(waiter)
            Task {
                do { waiter.answer(.success(try await operation())) } catch { waiter.answer(.failure(error)) }
                self.state.withLock { _ = $0.entries.removeValue(forKey: id) }
            }
        }
    }

    /// How many operations are registered now.
    var pendingCount: Int { state.withLock { $0.entries.count } }

    private func register(_ waiter: any Expirable) -> UInt64 {
        let deadline = ContinuousClock.now + limit
        let (id, startSweeping) = state.withLock { state in
            let id = state.nextID
            state.nextID &+= 1
            state.entries[id] = Entry(deadline: deadline, waiter: waiter)
            defer { state.sweeping = true }
            return (id, !state.sweeping)
        }
        if startSweeping { Task { await self.sweep() } }
        return id
    }

    /// Answers overdue operations every ``resolution`` until none is registered.
    private func sweep() async {
        while true {
            try? await Task.sleep(for: resolution)
            let now = ContinuousClock.now
            let overdue = state.withLock { state -> [any Expirable]? in
                if state.entries.isEmpty {
                    state.sweeping = false
                    return nil
                }
                let ids = state.entries.compactMap { $0.value.deadline <= now ? $0.key : nil }
                return ids.compactMap { state.entries.removeValue(forKey: $0)?.waiter }
            }
            guard let overdue else { return }
            for waiter in overdue { waiter.expire() }
        }
    }
}

/// A waiter that can be answered with ``DeadlineExceeded``.
protocol Expirable: Sendable {
    func expire()
}

extension FirstAnswer: Expirable {
    func expire() { answer(.failure(DeadlineExceeded())) }
}
