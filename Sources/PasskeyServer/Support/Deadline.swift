import Synchronization

/// The operation did not finish within its time limit.
struct DeadlineExceeded: Error {}

/// Runs `operation` and returns its result, or throws ``DeadlineExceeded`` once `limit` has passed, even when
/// `operation` ignores cancellation (a query waiting on a silent network does): the operation then runs on in the
/// background until it ends by itself. For the readiness probe and metadata downloads, whose answer must come on time (PostgreSQL operations
/// are bounded by their pool's watchdog, which closes a connection kept past its limit: `LoopConnectionPool`).
func answerByDeadline<T: Sendable>(_ limit: Duration, _ operation: @escaping @Sendable () async throws -> T) async throws -> T {
    let waiter = FirstAnswer<T>()
    return try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
        waiter.set(continuation)
        let timer = Task {
            try await Task.sleep(for: limit)
            waiter.answer(.failure(DeadlineExceeded()))
        }
        Task {
            do { waiter.answer(.success(try await operation())) } catch { waiter.answer(.failure(error)) }
            // An answer in time needs no timer sleeping out the rest of the limit.
            timer.cancel()
        }
    }
}

/// Resumes a continuation with the first answer offered; later answers are dropped.
private final class FirstAnswer<T: Sendable>: Sendable {
    private let continuation = Mutex<CheckedContinuation<T, any Error>?>(nil)

    func set(_ waiting: CheckedContinuation<T, any Error>) { continuation.withLock { $0 = waiting } }

    func answer(_ result: Result<T, any Error>) {
        let waiting = continuation.withLock { stored in
            defer { stored = nil }
            return stored
        }
        waiting?.resume(with: result)
    }
}
