import Foundation
import Synchronization
import Testing

@testable import PasskeyServer
@testable import PasskeyStore

/// `answerByDeadline`: the answer, or `DeadlineExceeded` at the limit, or, when the caller is cancelled (a stopping
/// server), `CancellationError` at once with the operation cancelled too.
@Suite("answerByDeadline")
struct DeadlineTests {
    /// An operation that ignores cancellation for as long as the test lets it: a query on a silent network.
    final class Gate: Sendable {
        private let open = Atomic(false)
        private let sawCancellation = Atomic(false)
        private let counted = Atomic(0)
        func release() { open.store(true, ordering: .relaxed) }
        var cancelled: Bool { sawCancellation.load(ordering: .relaxed) }
        var calls: Int { counted.load(ordering: .relaxed) }
        func count() -> Int { counted.add(1, ordering: .relaxed).newValue }

        func wait() async -> Int {
            while !open.load(ordering: .relaxed) {
                if Task.isCancelled { sawCancellation.store(true, ordering: .relaxed) }
                try? await Task.sleep(for: .milliseconds(5))
            }
            return 1
        }
    }

    @Test("the operation's answer within the limit")
    func answers() async throws {
        #expect(try await answerByDeadline(.seconds(30)) { 42 } == 42)
    }

    @Test("DeadlineExceeded at the limit, even from an operation that ignores cancellation")
    func limit() async throws {
        let gate = Gate()
        defer { gate.release() }
        await #expect(throws: DeadlineExceeded.self) { try await answerByDeadline(.milliseconds(50)) { await gate.wait() } }
    }

    @Test("a cancelled caller gets CancellationError long before the limit, and the operation is cancelled")
    func cancelledCaller() async throws {
        let gate = Gate()
        defer { gate.release() }
        let caller = Task { try await answerByDeadline(.seconds(60)) { await gate.wait() } }
        try await Task.sleep(for: .milliseconds(50))
        caller.cancel()
        // The result arrives while the operation still waits at its gate: the caller did not wait for it.
        await #expect(throws: CancellationError.self) { try await caller.value }
        for _ in 0..<200 where !gate.cancelled { try await Task.sleep(for: .milliseconds(5)) }
        #expect(gate.cancelled, "the operation's task was cancelled with the caller")
    }

    @Test("a caller cancelled before it asks starts nothing")
    func cancelledBefore() async throws {
        let gate = Gate()
        gate.release()
        let caller = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await answerByDeadline(.seconds(60)) { await gate.wait() + gate.count() }
        }
        await #expect(throws: CancellationError.self) { try await caller.value }
        try await Task.sleep(for: .milliseconds(50))
        #expect(gate.calls == 0)
    }
}
