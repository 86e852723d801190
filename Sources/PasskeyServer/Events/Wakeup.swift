import Synchronization

/// A signal one loop waits for, with a time limit: ``wait(upTo:)`` returns when ``signal()`` was called since the
/// last wait returned, or when the time is up, or when the task is cancelled (a shutdown).
final class Wakeup: Sendable {
    private struct State {
        var signalled = false
        var waiter: CheckedContinuation<Void, Never>?
    }
    private let state = Mutex(State())

    func signal() {
        let waiter = state.withLock { state in
            state.signalled = true
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }

    /// Waits for a signal, at most `limit`.
    func wait(upTo limit: Duration) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { try? await Task.sleep(for: limit) }
            group.addTask { await self.signalled() }
            await group.next()
            group.cancelAll()
            // The loser must end too: a sleep ends on cancellation; the signal's waiter is resumed here.
            self.signal()
            await group.waitForAll()
            self.state.withLock { $0.signalled = false }
        }
    }

    private func signalled() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now = state.withLock { state in
                if state.signalled {
                    state.signalled = false
                    return true
                }
                state.waiter = continuation
                return false
            }
            if now { continuation.resume() }
        }
    }
}
