import Foundation
@testable import PasskeyServer
import Testing

/// Issue 13: store operations share one timer for their time limit (``DeadlineWatch``). It must still answer an
/// operation that never ends, pass every other answer through, and forget operations once they are answered.
@Suite("One timer for every store operation's time limit")
struct DeadlineWatchTests {
    struct Failure: Error, Equatable {}

    @Test("an operation that ignores cancellation and never ends is answered DeadlineExceeded after the limit")
    func overdue() async throws {
        let watch = DeadlineWatch(limit: .milliseconds(300), resolution: .milliseconds(50))
        let started = ContinuousClock.now
        await #expect(throws: DeadlineExceeded.self) {
            try await watch.run { () async throws -> Int in
                // Not cancellable: a query waiting on a silent network.
                await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                    DispatchQueue.global().asyncAfter(deadline: .now() + 3) { continuation.resume() }
                }
                return 1
            }
        }
        #expect(ContinuousClock.now - started >= .milliseconds(300), "not answered before the limit")
        #expect(watch.pendingCount == 0)
    }

    @Test("answers in time pass through, values and errors alike, and leave nothing registered")
    func inTime() async throws {
        let watch = DeadlineWatch(limit: .seconds(10), resolution: .milliseconds(50))
        let values = try await withThrowingTaskGroup(of: Int.self) { group in
            for n in 0..<64 { group.addTask { try await watch.run { n } } }
            return try await group.reduce(into: 0) { $0 += $1 }
        }
        #expect(values == (0..<64).reduce(0, +))
        await #expect(throws: Failure.self) { try await watch.run { () async throws -> Int in throw Failure() } }
        // The operation's task leaves the registry just after answering.
        for _ in 0..<100 where watch.pendingCount > 0 { try await Task.sleep(for: .milliseconds(10)) }
        #expect(watch.pendingCount == 0)
    }
}
