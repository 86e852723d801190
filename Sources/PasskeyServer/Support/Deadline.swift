import Synchronization

/// The operation did not finish within its time limit.
struct DeadlineExceeded: Error {}

/// Runs `operation` and returns its result, or throws ``DeadlineExceeded`` once `limit` has passed, even when
/// `operation` ignores cancellation (a query waiting on a silent network does): the operation then runs on in the
/// background until it ends by itself. For the readiness probe and metadata downloads, whose answer must come on time (PostgreSQL operations
/// are bounded by their pool's watchdog, which closes a connection kept past its limit: `LoopConnectionPool`).
///
/// Cancelling the caller's task ends the wait at once with `CancellationError` and cancels `operation`: a stopping
/// server does not wait out a download's limit (SIGTERM once took 59 s while a metadata download waited on a
/// silent or unreachable host, the download's one-minute limit).
func answerByDeadline<T: Sendable>(_ limit: Duration, _ operation: @escaping @Sendable () async throws -> T) async throws -> T {
    let waiter = FirstAnswer<T>()
    return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
            guard waiter.start(continuation) else { return }
            let timer = Task {
                try await Task.sleep(for: limit)
                waiter.answer(.failure(DeadlineExceeded()))
            }
            let work = Task {
                do { waiter.answer(.success(try await operation())) } catch { waiter.answer(.failure(error)) }
                // An answer in time needs no timer sleeping out the rest of the limit.
                timer.cancel()
            }
            waiter.own(cancelling: [{ timer.cancel() }, { work.cancel() }])
        }
    } onCancel: {
        waiter.cancel()
    }
}

/// Resumes a continuation with the first answer offered (the operation's, the timer's or the caller's cancellation);
/// later answers are dropped.
private final class FirstAnswer<T: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<T, any Error>?
        var cancellers: [@Sendable () -> Void] = []
        var cancelled = false
    }

    private let state = Mutex(State())

    /// Waits with `continuation`; false (and `continuation` resumed with `CancellationError`) when the caller was
    /// cancelled before the wait began, so nothing is started.
    func start(_ continuation: CheckedContinuation<T, any Error>) -> Bool {
        let cancelled = state.withLock { state in
            if !state.cancelled { state.continuation = continuation }
            return state.cancelled
        }
        if cancelled { continuation.resume(throwing: CancellationError()) }
        return !cancelled
    }

    /// Keeps what stops the timer and the operation, for ``cancel()``; runs them now when it already came.
    func own(cancelling cancellers: [@Sendable () -> Void]) {
        let runNow = state.withLock { state in
            if !state.cancelled { state.cancellers = cancellers }
            return state.cancelled
        }
        if runNow { cancellers.forEach { $0() } }
    }

    func answer(_ result: Result<T, any Error>) {
        let waiting = state.withLock { state in
            defer { state.continuation = nil }
            return state.continuation
        }
        waiting?.resume(with: result)
    }

    /// The caller's task was cancelled: answer `CancellationError` now and stop the timer and the operation.
    func cancel() {
        let (waiting, cancellers) = state.withLock { state in
            state.cancelled = true
            defer {
                state.continuation = nil
                state.cancellers = []
            }
            return (state.continuation, state.cancellers)
        }
        waiting?.resume(throwing: CancellationError())
        cancellers.forEach { $0() }
    }
}
