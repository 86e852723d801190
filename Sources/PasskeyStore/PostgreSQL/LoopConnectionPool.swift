import Logging
import NIOCore
import PostgresKit
import PostgresNIO

/// The PostgreSQL connections of one event loop: at most ``maximum`` open, lent one operation at a time.
///
/// Why not async-kit's `EventLoopConnectionPool`, used before: every borrow there scheduled a timeout task on the loop,
/// went through two futures and unspecialized generic code, and every return searched its waiters through more; in
/// the profile of a PostgreSQL registration the pool's two calls were 8.8% of the server's CPU, as much as one of the
/// four statements. Operations now run on their connection's loop (``PostgresConnections``), so the
/// common case can be plain: an idle connection is popped from an array on the loop, with no lock, future, timer or
/// allocation, and pushed back afterwards.
///
/// What it keeps of the old pool's promises (`docs/decisions/0086-postgres-own-pool-per-loop.md`):
/// - a wait for a connection is bounded by ``wait``; past it the borrow fails as ``StoreUnavailable``;
/// - a new connection is bounded by the driver's connect timeout (the same 3 s, ``PostgresConnections/connectionWait``);
/// - a connection found closed (PostgreSQL restarted, the network dropped it) is dropped when it is next lent or
///   returned, and a new one is made in its place, so the pool recovers without a restart of the server;
/// - after ``shutdown()`` every waiter fails and every connection is closed as it comes back (a lent one still within
///   its limit);
/// - a connection lent for longer than the limit it was lent for is closed, which fails whatever its borrower awaits
///   on it (one watchdog timer for all lent connections, not a timer per operation).
///
/// All state is touched only on ``loop``: every method that reads or writes it runs there (checked with
/// `preconditionInEventLoop`) or hops there first. That confinement is why the class is `@unchecked Sendable`.
final class LoopConnectionPool: @unchecked Sendable {
    let loop: any EventLoop
    private let source: PostgresConnectionSource
    private let maximum: Int
    private let wait: TimeAmount
    private let logger: Logger

    // Confined to `loop`.
    private var idle: [PostgresConnection] = []
    private var open = 0
    private var waiters = CircularBuffer<Waiter>()
    /// The one timer that fails waiters past their deadline, set for the longest waiter's (all wait the same
    /// ``wait``, so the queue is in deadline order): a waiter costs no timer of its own.
    private var expiry: Scheduled<Void>?
    /// The connections lent out, each with the time it must be back by: at most ``maximum``, so scans are short.
    private var lent: [(connection: PostgresConnection, deadline: NIODeadline)] = []
    /// The one timer that closes lent connections past their deadline, set for the earliest (a timer per
    /// operation, with its promise, was a cost of every statement).
    private var watchdog: (timer: Scheduled<Void>, deadline: NIODeadline)?
    private var isShutDown = false

    /// A borrower waiting for a connection: a task on the loop (a continuation, no future) or a caller elsewhere.
    private struct Waiter {
        enum Resumption {
            case continuation(CheckedContinuation<PostgresConnection, any Error>)
            case promise(EventLoopPromise<PostgresConnection>)
        }
        let resumption: Resumption
        let deadline: NIODeadline
        /// How long the connection may stay lent once this waiter has it.
        let limit: TimeAmount

        func resume(with result: Result<PostgresConnection, any Error>) {
            switch resumption {
            case .continuation(let continuation): continuation.resume(with: result)
            case .promise(let promise): promise.completeWith(result)
            }
        }
    }

    /// What a borrower gets once the pool is shut down.
    private static let shutDown = StoreUnavailable(reason: "the PostgreSQL pool is shut down")

    init(loop: any EventLoop, source: PostgresConnectionSource, maximum: Int, wait: TimeAmount, logger: Logger) {
        self.loop = loop
        self.source = source
        self.maximum = max(1, maximum)
        self.wait = wait
        self.logger = logger
    }

    /// A pool released without ``shutdown()`` (a test that stopped early, an embedder's mistake) still closes its
    /// connections and fails its waiters, instead of leaking sockets and leaving tasks waiting forever. Nothing
    /// else refers to the pool by now, so its state is safe to read here whatever the thread. The lent ones are closed
    /// too: their borrowers can no longer give them back, and postgres-nio stops the process when a connection is
    /// dropped open.
    deinit {
        for connection in idle + lent.map(\.connection) {
            connection.close().whenComplete { _ in withExtendedLifetime(connection) {} }
        }
        while let waiter = waiters.popFirst() {
            waiter.resume(with: .failure(Self.shutDown))
        }
    }

    /// A connection of this loop's pool, for the caller alone until ``release(_:)``. If it is not back within
    /// `limit`, the pool closes it, which ends every query pending on it.
    func lease(limit: TimeAmount) async throws -> PostgresConnection {
        guard loop.inEventLoop else { return try await loop.flatSubmit { self.leaseOnLoop(limit: limit) }.get() }
        // The common case, called on the loop: an idle connection with no hop and no future, else a wait that needs
        // only the task's own continuation (the body runs at once, on this thread).
        if let connection = takeIdle() { return lend(connection, for: limit) }
        return try await withCheckedThrowingContinuation { continuation in
            if let error = self.refusal() { return continuation.resume(throwing: error) }
            self.enqueue(.continuation(continuation), limit: limit)
        }
    }

    /// Gives a lent connection back: to the longest waiter, else to the idle list; a closed one is dropped.
    func release(_ connection: PostgresConnection) {
        if loop.inEventLoop {
            releaseOnLoop(connection)
        } else {
            loop.execute { self.releaseOnLoop(connection) }
        }
    }

    /// Fails every waiter and closes every idle connection; connections lent out are closed when they come back.
    func shutdown() async {
        let closing =
            (try? await loop.submit { () -> [PostgresConnection] in
                self.isShutDown = true
                while let waiter = self.waiters.popFirst() {
                    waiter.resume(with: .failure(Self.shutDown))
                }
                self.expiry?.cancel()
                self.expiry = nil
                // The watchdog stays: a connection still lent is bounded by its limit during a shutdown too, which
                // waits for the requests in flight.
                let closing = self.idle
                self.open -= closing.count
                self.idle.removeAll()
                return closing
            }.get()) ?? []
        // Each connection is held until its close completes (postgres-nio asserts that none is dropped open).
        for connection in closing { try? await connection.close() }
    }

    // MARK: On the loop

    private func takeIdle() -> PostgresConnection? {
        loop.preconditionInEventLoop()
        while let connection = idle.popLast() {
            if !connection.isClosed { return connection }
            open -= 1
        }
        return nil
    }

    private func leaseOnLoop(limit: TimeAmount) -> EventLoopFuture<PostgresConnection> {
        loop.preconditionInEventLoop()
        if let error = refusal() { return loop.makeFailedFuture(error) }
        if let connection = takeIdle() { return loop.makeSucceededFuture(lend(connection, for: limit)) }
        let promise = loop.makePromise(of: PostgresConnection.self)
        enqueue(.promise(promise), limit: limit)
        return promise.futureResult
    }

    /// Records `connection` as lent until `limit` from now, for the watchdog, and returns it.
    private func lend(_ connection: PostgresConnection, for limit: TimeAmount) -> PostgresConnection {
        loop.preconditionInEventLoop()
        let deadline = NIODeadline.now() + limit
        lent.append((connection, deadline))
        // Under a steady load every new deadline is later than the timer's, which stays; a shorter limit than the
        // ones lent (a statement after a migration's long one) moves the timer earlier.
        if watchdog.map({ deadline < $0.deadline }) ?? true { setWatchdog(for: deadline) }
        return connection
    }

    /// The watchdog, set for `deadline` instead of any earlier setting. It holds the pool weakly: a pool released
    /// without ``shutdown()`` is not kept alive by it until its deadline.
    private func setWatchdog(for deadline: NIODeadline) {
        watchdog?.timer.cancel()
        watchdog = (loop.scheduleTask(deadline: deadline) { [weak self] in self?.closeOverdue() }, deadline)
    }

    /// Closes the lent connections past their deadline, then sets the timer for the earliest of the others. A
    /// closed connection leaves the list here (its borrower's ``release(_:)`` then finds it closed and drops it).
    private func closeOverdue() {
        loop.preconditionInEventLoop()
        watchdog = nil
        let now = NIODeadline.now()
        var overdue: [PostgresConnection] = []
        lent.removeAll { entry in
            guard entry.deadline <= now else { return false }
            overdue.append(entry.connection)
            return true
        }
        // Closed once the list is settled: closing fails the queries pending on the connection, and nothing that
        // runs then may find the list half changed.
        for connection in overdue {
            connection.close().whenComplete { _ in withExtendedLifetime(connection) {} }
        }
        if let next = lent.map(\.deadline).min() { setWatchdog(for: next) }
    }

    /// Why nobody may borrow now, if so.
    private func refusal() -> StoreUnavailable? {
        isShutDown ? Self.shutDown : nil
    }

    /// Queues a borrower until a connection comes back or ``wait`` has passed; opens a connection if one may.
    private func enqueue(_ resumption: Waiter.Resumption, limit: TimeAmount) {
        loop.preconditionInEventLoop()
        let deadline = NIODeadline.now() + wait
        waiters.append(Waiter(resumption: resumption, deadline: deadline, limit: limit))
        if expiry == nil { expiry = loop.scheduleTask(deadline: deadline) { self.expire() } }
        if open < maximum { connect() }
    }

    /// Fails the waiters whose deadline has passed, then sets the timer for the next one.
    private func expire() {
        loop.preconditionInEventLoop()
        expiry = nil
        let now = NIODeadline.now()
        while let first = waiters.first, first.deadline <= now {
            waiters.removeFirst()
            first.resume(with: .failure(StoreUnavailable(reason: "no PostgreSQL connection within \(wait.nanoseconds / 1_000_000) ms")))
        }
        if let next = waiters.first { expiry = loop.scheduleTask(deadline: next.deadline) { self.expire() } }
    }

    private func releaseOnLoop(_ connection: PostgresConnection) {
        loop.preconditionInEventLoop()
        if let index = lent.firstIndex(where: { $0.connection === connection }) { lent.remove(at: index) }
        if connection.isClosed {
            open -= 1
            // A waiter counted on this connection: make it another.
            if !waiters.isEmpty, !isShutDown, open < maximum { connect() }
            return
        }
        if isShutDown {
            open -= 1
            // Held by the callback until closed (postgres-nio asserts that none is dropped open).
            connection.close().whenComplete { _ in withExtendedLifetime(connection) {} }
            return
        }
        if let waiter = waiters.popFirst() {
            waiter.resume(with: .success(lend(connection, for: waiter.limit)))
        } else {
            idle.append(connection)
        }
    }

    /// Opens one connection; it goes to the longest waiter, or to the idle list if the waiter gave up meanwhile.
    private func connect() {
        loop.preconditionInEventLoop()
        open += 1
        source.makeConnection(logger: logger, on: loop).hop(to: loop).whenComplete { result in
            switch result {
            case .success(let connection):
                self.releaseOnLoop(connection)
            case .failure(let error):
                self.open -= 1
                // The longest waiter learns why (PostgreSQL down, refused, TLS); the others keep their own deadlines,
                // and the next connection attempt is for the next one.
                self.waiters.popFirst()?.resume(with: .failure(error))
                if !self.waiters.isEmpty, !self.isShutDown, self.open < self.maximum { self.connect() }
            }
        }
    }
}
