import Logging
import NIOCore
import NIOPosix
import PostgresKit
import PostgresNIO
import SQLKit
import Synchronization

/// A pool of PostgreSQL connections: borrow a connection, run statements.
///
/// Each operation runs on one event loop from start to end: it borrows a connection of that loop's pool and, where
/// the platform has task executors, prefers the loop as its executor, so awaiting the pool, the statement and its
/// rows needs no thread hand-off. Every wait is bounded: for a connection by ``connectionWait``, for the
/// answer by the operation's limit (the pool's watchdog closes a connection kept past it).
final class PostgresConnections: Sendable {
    let health: StoreHealth
    /// One pool per event loop of the group, in the order of ``loops``.
    private let pools: [LoopConnectionPool]
    private let loops: [PreferredEventLoop]
    private let nextLoop = Atomic<Int>(0)
    private let statements = Atomic<Int>(0)
    private let logger: Logger

    private init(health: StoreHealth, logger: Logger, source: PostgresConnectionSource, group: any EventLoopGroup) {
        self.health = health
        self.logger = logger
        loops = group.makeIterator().map(PreferredEventLoop.shared(for:))
        pools = loops.map {
            LoopConnectionPool(loop: $0.eventLoop, source: source, maximum: Self.connectionsPerLoop, wait: Self.connectionWait, logger: logger)
        }
    }

    /// Statements sent since the pool was opened.
    var statementsExecuted: Int { statements.load(ordering: .relaxed) }

    /// Runs `body` with a connection from the pool and returns it afterwards. An error that means the database is out
    /// of reach comes out as ``StoreUnavailable`` (and is recorded in ``health``); any other error is passed on.
    /// `limit` bounds the whole operation (``operationLimit`` unless the caller knows it may take longer).
    func with<T: Sendable>(limit: Duration = operationLimit, _ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        try await withConnection(limit: limit) { connection in
            try await body(CountingDatabase(base: connection.sql(), connection: connection, count: { self.statements.add(1, ordering: .relaxed) }))
        }
    }

    /// Runs the prepared statement `statement` on a pooled connection and returns its rows. Each connection parses
    /// and plans it once (PostgreSQL's named prepared statements), and its values are bound in PostgreSQL's binary
    /// format without a detour through `Codable`: the hot statements of a ceremony use this door.
    func execute<Statement: PostgresPreparedStatement>(_ statement: Statement) async throws -> [Statement.Row] where Statement.Row: Sendable {
        try await withConnection { connection in
            try Self.refuseClosed(connection)
            self.statements.add(1, ordering: .relaxed)
            var rows: [Statement.Row] = []
            for try await row in try await connection.execute(statement, logger: self.logger) { rows.append(row) }
            return rows
        }
    }

    /// The longest one store operation may take. A restart of PostgreSQL in the middle of a query has been seen to
    /// leave the query's answer pending forever on a connection that still looks open; without a limit the request,
    /// and the server's graceful shutdown after it, would wait for good.
    static let operationLimit = Duration.seconds(10)

    /// The longest the start-up migrations may take, waiting for another instance's included: a migration that
    /// builds an index (migration 3) takes time in proportion to the table, far past ``operationLimit`` on a large one.
    static let migrationLimit = Duration.seconds(900)

    private func withConnection<T: Sendable>(
        limit: Duration = operationLimit, _ body: @escaping @Sendable (PostgresConnection) async throws -> T
    ) async throws -> T {
        // The loop the caller runs on, when it is one of the pool's (a request handled on its connection's loop:
        // EventLoopBoundHTTP1Channel), so the operation needs no thread hand-off at all; else round robin over the
        // loops. Each loop has its own pool of connections.
        let current = PreferredEventLoop.index(ofCurrentIn: loops)
        let index = current ?? (nextLoop.add(1, ordering: .relaxed).newValue & Int.max) % loops.count
        let loop = loops[index]
        let pool = pools[index]
        do {
            let result: T
            // Already on the loop, the task prefers it (EventLoopBoundHTTP1Channel): a preference of its own would
            // only add and remove a task status record, with its lock, for every statement.
            if current == nil, #available(macOS 15, iOS 18, macCatalyst 18, visionOS 2, *), let executor = loop.executor {
                result = try await withTaskExecutorPreference(executor) { try await self.run(on: loop, pool: pool, limit: limit, body) }
            } else {
                result = try await run(on: loop, pool: pool, limit: limit, body)
            }
            health.succeeded()
            return result
        } catch {
            guard let unavailable = StoreUnavailable.classify(error) else { throw error }
            health.failed(unavailable)
            throw unavailable
        }
    }

    /// Borrows a connection of `loop`'s pool, runs `body` with it and gives it back. Past `limit` the pool closes the
    /// connection, which fails whatever `body` awaits on it (postgres-nio fails every pending query when its channel
    /// goes inactive), and the answer is ``StoreUnavailable``; the pool then drops the connection and opens a new
    /// one instead of lending one in an unknown state.
    ///
    /// `body` runs in the caller's task: the limit is the pool's one watchdog timer for all it has lent, not a second
    /// task racing the first, nor a timer per operation (each was a cost of every statement). That relies
    /// on closing the connection ending every await on it, which the restart and outage tests check (a statement
    /// sleeping past its limit, PostgreSQL restarted in the middle of sign-ups).
    private func run<T: Sendable>(
        on loop: PreferredEventLoop, pool: LoopConnectionPool, limit: Duration, _ body: @escaping @Sendable (PostgresConnection) async throws -> T
    ) async throws -> T {
        let connection = try await pool.lease(limit: TimeAmount(limit))
        let deadline = NIODeadline.now() + TimeAmount(limit)
        let result: Result<T, any Error>
        do { result = .success(try await body(connection)) } catch { result = .failure(error) }
        pool.release(connection)
        // Past the limit the answer is refused whatever `body` did, also one that came just before the watchdog
        // closed the connection, or while the loop was too busy to run it: the limit is the promise.
        if NIODeadline.now() >= deadline { throw StoreUnavailable(reason: "PostgreSQL did not answer within \(limit.components.seconds) s") }
        return try result.get()
    }

    func shutdown() async throws {
        for pool in pools { await pool.shutdown() }
    }

    /// Fails a statement about to be sent on a connection that has closed (PostgreSQL went away, or the pool's
    /// watchdog closed it past its limit while an operation had more to send). postgres-nio writes a query to its
    /// channel without a promise for the write, so on a channel already torn down the query is dropped and its answer
    /// never comes: the operation would wait for good. On the connection's loop, where operations run, nothing can
    /// close it between this check and the write.
    static func refuseClosed(_ connection: PostgresConnection) throws {
        if connection.isClosed { throw StoreUnavailable(reason: "the PostgreSQL connection closed") }
    }

    /// Runs `body` in one transaction on one connection: committed when it returns, rolled back when it throws.
    /// The statements lock the rows they change; `SELECT … FOR UPDATE` locks the account row a decision is about.
    func transaction<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        try await with { db in
            try await db.raw("BEGIN").run()
            do {
                let result = try await body(db)
                try await db.raw("COMMIT").run()
                return result
            } catch let rollback as RollBack<T> {
                try await db.raw("ROLLBACK").run()
                return rollback.value
            } catch {
                try? await db.raw("ROLLBACK").run()
                throw error
            }
        }
    }

    /// How long a request waits for a connection (and a new connection for its server) before the store is
    /// reported unavailable: a stopped database must not make requests hang.
    static let connectionWait = TimeAmount.seconds(3)

    /// Connections each event loop's pool opens at most (two loops on a two-core machine: eight in all).
    static let connectionsPerLoop = 4

    static func open(url: String, logger serverLogger: Logger, health: StoreHealth) throws -> PostgresConnections {
        // The pools log every failed connection attempt; during an outage that is a line per request. StoreHealth
        // says once that the database went and once that it came back, so the pools only log what is critical.
        let logger = {
            var quiet = serverLogger
            quiet.logLevel = .critical
            return quiet
        }()
        let group = MultiThreadedEventLoopGroup.singleton
        var configuration = try PostgresURL(url).configuration()
        configuration.coreConfiguration.options.connectTimeout = connectionWait
        return PostgresConnections(health: health, logger: logger, source: PostgresConnectionSource(sqlConfiguration: configuration), group: group)
    }
}

/// A connection that counts the statements sent through it (`passkeys_sql_statements_total`).
struct CountingDatabase: SQLDatabase {
    let base: any SQLDatabase
    /// The connection under `base`, checked before each statement (``PostgresConnections/refuseClosed(_:)``).
    let connection: PostgresConnection
    let count: @Sendable () -> Void

    var logger: Logger { base.logger }
    var eventLoop: any EventLoop { base.eventLoop }
    var version: (any SQLDatabaseReportedVersion)? { base.version }
    var dialect: any SQLDialect { base.dialect }
    var queryLogLevel: Logger.Level? { base.queryLogLevel }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) -> EventLoopFuture<Void> {
        do { try PostgresConnections.refuseClosed(connection) } catch { return eventLoop.makeFailedFuture(error) }
        count()
        return base.execute(sql: query, onRow)
    }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) async throws {
        try PostgresConnections.refuseClosed(connection)
        count()
        try await base.execute(sql: query, onRow)
    }

    func withSession<R>(_ closure: @escaping @Sendable (any SQLDatabase) async throws -> R) async throws -> R {
        try await base.withSession { try await closure(CountingDatabase(base: $0, connection: connection, count: count)) }
    }
}
