import NIOCore
import Synchronization

/// The operation did not finish within its time limit.
struct DeadlineExceeded: Error {}

/// Runs `operation` and returns its result, or throws ``DeadlineExceeded`` once `limit` has passed, even when
/// `operation` ignores cancellation (a query waiting on a silent network does): the operation then runs on in the
/// background until it ends by itself. For probes and store operations, whose answer must come on time.
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

/// ``answerByDeadline(_:_:)`` on one event loop: the timer is the loop's and the operation a task that prefers the
/// loop as its executor, so an operation that answers in time costs one task and no thread hand-off (issue #28)
/// instead of two tasks on the concurrency pool. The same promise: the answer comes by `limit` whatever the operation
/// does.
func answerByDeadline<T: Sendable>(
    _ limit: Duration, on loop: PreferredEventLoop, _ operation: @escaping @Sendable () async throws -> T
) async throws -> T {
    let waiter = FirstAnswer<T>()
    return try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
        waiter.set(continuation)
        let timer = loop.eventLoop.scheduleTask(in: TimeAmount(limit)) { waiter.answer(.failure(DeadlineExceeded())) }
        let run: @Sendable () async -> Void = {
            do { waiter.answer(.success(try await operation())) } catch { waiter.answer(.failure(error)) }
            timer.cancel()
        }
        if #available(macOS 15, iOS 18, macCatalyst 18, visionOS 2, *), let executor = loop.executor {
            Task(executorPreference: executor, operation: run)
        } else {
            Task(operation: run)
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
