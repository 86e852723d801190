import Foundation
import Logging
import NIOCore
import NIOPosix
import PostgresKit
import Synchronization
import Testing

@testable import PasskeyServer
@testable import PasskeyStore

/// The PostgreSQL pool of one event loop (``LoopConnectionPool``), which replaced async-kit's, keeps the
/// promises the operations work made: a bounded wait for a connection, never more connections than its maximum,
/// recovery from connections that closed under it, and a shutdown that fails whoever still waits.
@Suite(
    "PostgreSQL: the pool of one event loop", .timeLimit(.minutes(3)),
    .enabled(if: Backend.postgresURL != nil, "PASSKEYS_TEST_POSTGRES_URL is not set"))
struct LoopConnectionPoolTests {
    static func pool(maximum: Int, wait: TimeAmount = .milliseconds(300)) throws -> LoopConnectionPool {
        var logger = Logger(label: "passkeys-test")
        logger.logLevel = .critical
        let configuration = try PostgresURL(try #require(Backend.postgresURL)).configuration()
        return LoopConnectionPool(
            loop: MultiThreadedEventLoopGroup.singleton.next(), source: PostgresConnectionSource(sqlConfiguration: configuration),
            maximum: maximum, wait: wait, logger: logger)
    }

    /// Runs `body` on the pool's loop (as the server's requests do: borrowers wait on continuations) or off it
    /// (borrowers wait on futures).
    static func run<T: Sendable>(onLoop: Bool, _ pool: LoopConnectionPool, _ body: @Sendable () async throws -> T) async throws -> T {
        guard onLoop, let executor = PreferredEventLoop.shared(for: pool.loop).executor else { return try await body() }
        return try await withTaskExecutorPreference(executor) { try await body() }
    }

    /// The backend's process ID: which server connection answered. Refused at once on a connection already closed,
    /// and given up on after 30 s: postgres-nio never answers a statement sent on a closed connection
    /// (PostgresConnections.refuseClosed), and an await that never ends would hold the whole test run open after
    /// its time limit, not fail this test.
    static func backend(_ connection: PostgresConnection) async throws -> Int32 {
        try PostgresConnections.refuseClosed(connection)
        let pids = try await answerByDeadline(.seconds(30)) {
            var pids: [Int32] = []
            for try await pid in try await connection.query("SELECT pg_backend_pid()", logger: connection.logger).decode(Int32.self) {
                pids.append(pid)
            }
            return pids
        }
        return try #require(pids.first)
    }

    /// Sends a statement that would take a minute on `connection` and expects the pool's watchdog to end it: the
    /// connection closed, the await over well before the statement would be. Given up on after 30 s, so a watchdog
    /// that never fires fails the test instead of hanging it. A machine that stalls past the limit before the
    /// statement is sent finds the connection closed already (a statement sent then would never be answered:
    /// PostgresConnections.refuseClosed).
    static func expectEndedByWatchdog(_ connection: PostgresConnection) async {
        let started = ContinuousClock.now
        await #expect(throws: (any Error).self) {
            try await answerByDeadline(.seconds(30)) {
                try PostgresConnections.refuseClosed(connection)
                _ = try await connection.query("SELECT pg_sleep(60)", logger: connection.logger).get()
            }
        }
        let waited = ContinuousClock.now - started
        #expect(waited < .seconds(20), "the statement was ended after \(waited)")
        // postgres-nio fails the pending statement as the close begins; the channel is inactive a moment later.
        await #expect(throws: Never.self) { try await answerByDeadline(.seconds(10)) { try await connection.closeFuture.get() } }
        #expect(connection.isClosed)
    }

    @Test(
        "a full pool makes the next borrower wait, at most its limit, then fail as unavailable; a returned connection is lent again",
        arguments: [false, true])
    func boundedWait(onLoop: Bool) async throws {
        let pool = try Self.pool(maximum: 1)
        try await Self.run(onLoop: onLoop, pool) {
            // Lent for a minute: this test is about the wait, and a machine loaded by the rest of the suite can take
            // longer than 10 s to get here, after which the pool would rightly close the connection under its
            // borrower and the waiter below would get a new one.
            // The first connection may take longer than the 300 ms wait to open on a loaded machine: the attempt
            // goes on after its borrower gave up, and the connection it opens waits idle for the next try.
            var opened: PostgresConnection?
            for _ in 0..<100 where opened == nil { opened = try? await pool.lease(limit: .seconds(60)) }
            let first = try #require(opened, "no connection in 100 tries of 300 ms")
            let pid = try await Self.backend(first)
            let started = ContinuousClock.now
            // Given up on after 30 s here, so a pool that never answers fails this test instead of hanging it. The wait is
            // 300 ms; the bound checked leaves room for a machine loaded by the rest of the suite (its event loops are
            // the ones the suite's servers run on).
            await #expect(throws: StoreUnavailable.self) {
                _ = try await answerByDeadline(.seconds(30)) { try await pool.lease(limit: .seconds(10)) }
            }
            let waited = ContinuousClock.now - started
            #expect(waited >= .milliseconds(250) && waited < .seconds(20), "waited \(waited)")

            // A waiter gets the connection the moment it comes back: the same server process, no new connection.
            async let second = answerByDeadline(.seconds(30)) { try await pool.lease(limit: .seconds(60)) }
            try await Task.sleep(for: .milliseconds(50))
            pool.release(first)
            let again = try await second
            #expect(try await Self.backend(again) == pid)
            pool.release(again)
        }
        await pool.shutdown()
    }

    @Test("a connection that closed while idle or lent is dropped, and the pool opens a new one in its place")
    func closedConnections() async throws {
        // A wait long enough for new connections on a machine loaded by the rest of the suite: this test is about
        // closed connections, the wait's bound is boundedWait's.
        let pool = try Self.pool(maximum: 1, wait: .seconds(60))
        // Lent for a minute each: this test is about connections that closed, not the watchdog, which a machine
        // loaded by the rest of the suite could otherwise set off between a lease and its statement.
        let first = try await pool.lease(limit: .seconds(60))
        let firstPID = try await Self.backend(first)
        pool.release(first)
        // PostgreSQL restarting, or a proxy dropping the connection, looks like this to the pool.
        try await first.close()
        let second = try await pool.lease(limit: .seconds(60))
        let secondPID = try await Self.backend(second)
        #expect(secondPID != firstPID)
        // Closed while lent: returned, dropped, and the maximum of one still admits a new connection.
        try await second.close()
        pool.release(second)
        let third = try await pool.lease(limit: .seconds(60))
        #expect(try await Self.backend(third) != secondPID)
        pool.release(third)
        await pool.shutdown()
    }

    @Test("at most the maximum of connections are open however many borrow at once; all of them are served", arguments: [false, true])
    func maximum(onLoop: Bool) async throws {
        // A wait long enough for 20 borrowers on a machine loaded by the rest of the suite: this test counts
        // connections, the wait's bound is boundedWait's; each is lent for a minute, so the watchdog (a later test's
        // subject) stays out of it.
        let pool = try Self.pool(maximum: 2, wait: .seconds(60))
        // Counted by what is lent at once, not by distinct server processes: two lent at once is the promise.
        let lent = LentCount()
        let served = try await Self.run(onLoop: onLoop, pool) {
            try await withThrowingTaskGroup(of: Int32.self) { group in
                for _ in 0..<20 {
                    group.addTask {
                        let connection = try await pool.lease(limit: .seconds(60))
                        lent.count.withLock { count in
                            count.now += 1
                            count.peak = max(count.peak, count.now)
                        }
                        // Given back however the borrower ends, so a failure reports itself instead of a pool
                        // dropped with connections out.
                        defer {
                            lent.count.withLock { $0.now -= 1 }
                            pool.release(connection)
                        }
                        let pid = try await Self.backend(connection)
                        try await Task.sleep(for: .milliseconds(5))
                        return pid
                    }
                }
                return try await group.reduce(into: 0) { total, _ in total += 1 }
            }
        }
        #expect(served == 20)
        let peak = lent.count.withLock { $0.peak }
        #expect(peak <= 2, "\(peak) connections lent at once by a pool of 2")
        #expect(peak >= 1)
        await pool.shutdown()
    }

    @Test("after shutdown, borrowing fails as unavailable instead of waiting, and a connection returned late is closed")
    func shutdown() async throws {
        let pool = try Self.pool(maximum: 1)
        let lent = try await pool.lease(limit: .seconds(10))
        await pool.shutdown()
        await #expect(throws: StoreUnavailable.self) { _ = try await pool.lease(limit: .seconds(10)) }
        pool.release(lent)
        try await Task.sleep(for: .milliseconds(200))
        #expect(lent.isClosed)
    }

    @Test("a connection lent before a shutdown is still closed past its limit: a shutdown waiting for it does not wait for good")
    func overdueDuringShutdown() async throws {
        // A wait long enough for a new connection on a machine loaded by the rest of the suite, as in
        // closedConnections: the subject is the watchdog.
        let pool = try Self.pool(maximum: 1, wait: .seconds(60))
        let lent = try await pool.lease(limit: .seconds(2))
        await pool.shutdown()
        await Self.expectEndedByWatchdog(lent)
        pool.release(lent)
    }

    @Test(
        "a connection kept past the limit it was lent for is closed under its borrower, also when a longer limit came first; the next borrower gets a new one",
        arguments: [false, true])
    func overdueConnections(onLoop: Bool) async throws {
        // A wait long enough for a new connection on a machine loaded by the rest of the suite, as in
        // closedConnections: the subject is the watchdog.
        let pool = try Self.pool(maximum: 1, wait: .seconds(60))
        try await Self.run(onLoop: onLoop, pool) {
            // A long limit first (as the start-up migrations have): the watchdog is set for it, and must move earlier
            // for the short one that follows.
            let long = try await pool.lease(limit: .seconds(600))
            _ = try await Self.backend(long)
            pool.release(long)
            // Compared as objects, not by a statement: on a loaded machine the 2 s limit can pass before one is sent.
            let short = try await pool.lease(limit: .seconds(2))
            #expect(short === long, "the idle connection is lent again")
            await Self.expectEndedByWatchdog(short)
            pool.release(short)
            let next = try await pool.lease(limit: .seconds(60))
            #expect(next !== long && !next.isClosed, "the closed connection is not lent again")
            _ = try await Self.backend(next)
            pool.release(next)
        }
        await pool.shutdown()
    }
}

/// Connections lent at once, and the most there were, shared by a test's borrowers.
private final class LentCount: Sendable {
    let count = Mutex((now: 0, peak: 0))
}
