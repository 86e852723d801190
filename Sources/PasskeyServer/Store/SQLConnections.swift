import AsyncKit
import Logging
import NIOCore
import NIOPosix
import PostgresKit
import SQLKit
import SQLiteKit

/// A pool of SQL connections to SQLite or PostgreSQL behind one interface: borrow a connection, run statements.
final class SQLConnections: Sendable {
    enum Dialect: Sendable { case sqlite, postgres }

    let dialect: Dialect
    let health: StoreHealth
    private let borrow: @Sendable () async throws -> (any SQLDatabase, @Sendable () -> Void)
    private let close: @Sendable () async throws -> Void

    private init(
        dialect: Dialect, health: StoreHealth, borrow: @escaping @Sendable () async throws -> (any SQLDatabase, @Sendable () -> Void),
        close: @escaping @Sendable () async throws -> Void
    ) {
        self.dialect = dialect
        self.health = health
        self.borrow = borrow
        self.close = close
    }

    /// Runs `body` with a connection from the pool and returns it afterwards. An error that means the database is out
    /// of reach comes out as ``StoreUnavailable`` (and is recorded in ``health``); any other error is passed on.
    func with<T: Sendable>(_ body: (any SQLDatabase) async throws -> T) async throws -> T {
        do {
            let (database, release) = try await borrow()
            defer { release() }
            let result = try await body(database)
            health.succeeded()
            return result
        } catch {
            guard let unavailable = StoreUnavailable.classify(error) else { throw error }
            health.failed(unavailable)
            throw unavailable
        }
    }

    func shutdown() async throws { try await close() }

    /// Runs `body` in one transaction on one connection: committed when it returns, rolled back when it throws.
    /// SQLite's `BEGIN IMMEDIATE` takes the write lock at once, so transactions that read before they write cannot
    /// deadlock on the lock upgrade; PostgreSQL's statements lock the rows they change.
    func transaction<T: Sendable>(_ body: (any SQLDatabase) async throws -> T) async throws -> T {
        try await with { db in
            try await db.raw(dialect == .sqlite ? "BEGIN IMMEDIATE" : "BEGIN").run()
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

    /// ` FOR UPDATE` on PostgreSQL, where a transaction locks the account row it decides about; SQLite's
    /// `BEGIN IMMEDIATE` already admits one writer at a time.
    var lockRow: String { dialect == .postgres ? " FOR UPDATE" : "" }

    /// How long a request waits for a connection (and a new connection for its server) before the store is
    /// reported unavailable: a stopped database must not make requests hang.
    static let connectionWait = TimeAmount.seconds(3)

    static func open(_ location: DatabaseLocation, logger serverLogger: Logger, health: StoreHealth) throws -> SQLConnections {
        // The pools log every failed connection attempt; during an outage that is a line per request. StoreHealth
        // says once that the database went and once that it came back, so the pools only log what is critical.
        let logger = {
            var quiet = serverLogger
            quiet.logLevel = .critical
            return quiet
        }()
        let group = MultiThreadedEventLoopGroup.singleton
        switch location {
        case .sqliteFile, .sqliteMemory:
            let storage: SQLiteConfiguration.Storage
            let perLoop: Int
            if case .sqliteFile(let path) = location {
                storage = .file(path: path)
                perLoop = 2
            } else {
                // One shared-cache connection: SQLite's in-memory shared cache locks whole tables between connections.
                storage = .memory(identifier: "passkeys-\(UInt64.random(in: 0 ... .max))")
                perLoop = 1
            }
            let source = TunedSQLiteSource(base: SQLiteConnectionSource(configuration: SQLiteConfiguration(storage: storage), threadPool: .singleton))
            let loop = group.any()
            let pool = PoolBox(EventLoopConnectionPool(source: source, maxConnections: perLoop, requestTimeout: connectionWait, logger: logger, on: loop))
            return SQLConnections(dialect: .sqlite, health: health, borrow: {
                let connection = try await pool.value.requestConnection(logger: logger).get()
                let sendable = PoolBox(connection)
                return (connection.sql(), { pool.value.releaseConnection(sendable.value, logger: logger) })
            }, close: { try await pool.value.close().get() })
        case .postgres(let url):
            var configuration = try PostgresURL(url).configuration()
            configuration.coreConfiguration.options.connectTimeout = connectionWait
            let pool = PoolBox(EventLoopGroupConnectionPool(
                source: PostgresConnectionSource(sqlConfiguration: configuration), maxConnectionsPerEventLoop: 4,
                requestTimeout: connectionWait, pruneInterval: .seconds(60), logger: logger, on: group))
            return SQLConnections(dialect: .postgres, health: health, borrow: {
                let connection = try await pool.value.requestConnection(logger: logger).get()
                return (connection.sql(), { pool.value.releaseConnection(connection, logger: logger) })
            }, close: { try await pool.value.shutdownAsync() })
        }
    }
}

/// Thrown inside ``SQLConnections/transaction(_:)`` to undo what the transaction wrote and return `value`.
struct RollBack<T: Sendable>: Error {
    let value: T
}

/// async-kit's pools are not marked Sendable, but every public method hops onto the pool's own event loop
/// (`requestConnection`, `releaseConnection` and `close` check `inEventLoop` and `execute` otherwise), so sharing a
/// reference across tasks is safe. The same holds for handing a connection back to its pool.
struct PoolBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

/// Opens SQLite connections with the settings a concurrent server needs: wait for locks instead of failing at once.
struct TunedSQLiteSource: ConnectionPoolSource {
    let base: SQLiteConnectionSource

    func makeConnection(logger: Logger, on eventLoop: any EventLoop) -> EventLoopFuture<SQLiteConnection> {
        base.makeConnection(logger: logger, on: eventLoop).flatMap { connection in
            connection.query("PRAGMA busy_timeout = 5000").flatMap { _ in
                connection.query("PRAGMA synchronous = NORMAL")
            }.flatMap { _ in
                // Off by default in SQLite; on, a removed account takes its credentials with it as in PostgreSQL.
                connection.query("PRAGMA foreign_keys = ON")
            }.map { _ in connection }
        }
    }
}
