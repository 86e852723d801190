import Foundation
import GRDB
public import Logging
import PasskeyCore
import PasskeyRelyingParty
import Synchronization

/// ``Store`` on one SQLite file owned by this process: GRDB's pool (WAL, one writer and concurrent readers), cached
/// prepared statements, writes committed in groups (``GroupCommitWriter``) and pending ceremonies in memory.
///
/// Reads are single statements on a reader connection, outside any transaction (one statement sees one snapshot).
/// Every write is one transaction step of the ``Store`` contract, run as one job of a group commit.
public final class SQLiteStore: DatabaseStore {
    private let database: any DatabaseWriter
    /// Reader connections for a file; nil for an in-memory database, whose one connection serves reads too.
    private let readers: SQLiteReaders?
    /// Background checkpoints for a file; nil for an in-memory database.
    private let checkpointer: SQLiteCheckpointer?
    private let writes: GroupCommitWriter
    private let counter: StatementCounter
    public let ceremonies: any CeremonyStore
    public let health: StoreHealth

    private init(
        database: any DatabaseWriter, readers: SQLiteReaders?, checkpointer: SQLiteCheckpointer?, counter: StatementCounter, health: StoreHealth,
        ceremonyCapacity: Int
    ) {
        self.database = database
        self.readers = readers
        self.checkpointer = checkpointer
        self.writes = GroupCommitWriter(writer: database)
        self.counter = counter
        self.health = health
        // The ceremony store reads names on this store's readers (not through `self`, which it would keep alive).
        self.ceremonies = SQLiteCeremonyStore(capacity: ceremonyCapacity) { name, key in
            try Self.read(readers: readers, database: database, health: health) { db in try Self.nameIsFree(name, key: key, db) }
        }
    }

    public var statementsExecuted: Int { counter.value }

    /// Opens (creating if needed) the file at `path`, or a private in-memory database when `path` is nil, and brings
    /// its schema up to date. At most `ceremonyCapacity` begun ceremonies wait in memory at once.
    public static func open(path: String?, logger: Logger, health: StoreHealth, ceremonyCapacity: Int = 250_000) async throws -> SQLiteStore {
        let counter = StatementCounter()
        var configuration = Configuration()
        configuration.label = "passkeys"
        // Another process (`passkeys backup`, an operator's sqlite3 shell) may hold a lock for a moment: wait for it
        // rather than fail the request.
        configuration.busyMode = .timeout(5)
        // Reads run on the calling thread (see `read`): more readers than the concurrency pool's threads (one per
        // core) means a read never waits for a connection.
        configuration.maximumReaderCount = max(4, ProcessInfo.processInfo.activeProcessorCount + 2)
        configuration.prepareDatabase { db in
            // FULL: a commit is on disk (the WAL is synced) before the request that made it is answered.
            try db.execute(sql: "PRAGMA synchronous = FULL")
            db.trace(options: .statement) { _ in counter.increment() }
        }
        let database: any DatabaseWriter
        var readers: SQLiteReaders?
        var checkpointer: SQLiteCheckpointer?
        do {
            if let path {
                let pool = try DatabasePool(path: path, configuration: configuration)
                database = pool
                readers = SQLiteReaders(path: path, configuration: configuration, limit: configuration.maximumReaderCount, fallback: pool)
            } else {
                database = try DatabaseQueue(configuration: configuration)
            }
            // Before any reader opens: readers assume the schema is final.
            try await database.write { db in try Self.migrate(db) }
            if let path { checkpointer = try SQLiteCheckpointer(path: path, logger: logger) }
        } catch {
            throw StoreOpenFailed(location: path.map { "sqlite:\($0)" } ?? "sqlite::memory:", underlying: error)
        }
        return SQLiteStore(
            database: database, readers: readers, checkpointer: checkpointer, counter: counter, health: health, ceremonyCapacity: ceremonyCapacity)
    }

    public func shutdown() async throws {
        checkpointer?.stop()
        readers?.close()
        if let pool = database as? DatabasePool { try pool.close() }
    }

    /// Applies the migrations not yet recorded, up to `version` (all of them unless a test builds an earlier file).
    static func migrate(_ db: Database, through version: Int = Schema.migrations.count) throws {
        try db.execute(sql: "CREATE TABLE IF NOT EXISTS schema_migrations (version BIGINT PRIMARY KEY)")
        let applied = Set(try Int64.fetchAll(db, sql: "SELECT version FROM schema_migrations"))
        for (index, statements) in Schema.migrations.prefix(version).enumerated() where !applied.contains(Int64(index + 1)) {
            for step in statements {
                switch step {
                case .sql(let statement), .sqlite(let statement): try db.execute(sql: statement)
                case .postgres: break
                case .fillUsernameKeys: try fillUsernameKeys(db)
                case .fillConfusabilityKeys: try fillConfusabilityKeys(db)
                }
            }
            try db.execute(sql: "INSERT INTO schema_migrations (version) VALUES (?)", arguments: [index + 1])
        }
    }

    /// ``SchemaStep/fillUsernameKeys``.
    private static func fillUsernameKeys(_ db: Database) throws {
        let rows = try Row.fetchAll(db, sql: "SELECT handle, username FROM users WHERE username_key IS NULL ORDER BY created_at, handle")
            .map { (handle: $0["handle"] as String, username: $0["username"] as String) }
        for (handle, key) in Schema.usernameKeys(for: rows) {
            try db.execute(sql: "UPDATE users SET username_key = ? WHERE handle = ?", arguments: [key, handle])
        }
    }

    /// ``SchemaStep/fillConfusabilityKeys``.
    private static func fillConfusabilityKeys(_ db: Database) throws {
        let rows = try Row.fetchAll(db, sql: "SELECT handle, username FROM users WHERE confusable_key IS NULL ORDER BY created_at, handle")
            .map { (handle: $0["handle"] as String, username: $0["username"] as String) }
        for (handle, key) in Schema.confusabilityKeys(for: rows) {
            try db.execute(sql: "UPDATE users SET confusable_key = ? WHERE handle = ?", arguments: [key, handle])
        }
    }

    // MARK: The two doors

    /// A single-statement read on a reader connection, run on the calling thread.
    ///
    /// GRDB's asynchronous read hands the work to the reader's dispatch queue and resumes the task afterwards: two
    /// thread hand-offs for a read of 10–30 µs, which the sign-in profile showed costing more than the read. The
    /// synchronous read takes a reader connection (``SQLiteReaders``) and runs here; it never waits for the writer
    /// (WAL readers do not).
    func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try Self.read(readers: readers, database: database, health: health, body)
    }

    /// ``read(_:)`` for code that holds the parts, not the store.
    private static func read<T>(
        readers: SQLiteReaders?, database: any DatabaseWriter, health: StoreHealth, _ body: @escaping @Sendable (Database) throws -> T
    ) throws -> T {
        do {
            let value = try readers.map { try $0.read(body) } ?? Self.readNow(database, body)
            health.succeeded()
            return value
        } catch {
            throw recorded(error, health)
        }
    }

    /// The synchronous overload, named so the async one cannot be chosen by accident.
    private static func readNow<T>(_ reader: any DatabaseWriter, _ body: (Database) throws -> T) throws -> T {
        try reader.unsafeRead(body)
    }

    /// A write step, durable when this returns.
    func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        do {
            let value = try await writes.write(body)
            health.succeeded()
            return value
        } catch {
            throw recorded(error)
        }
    }

    private func recorded(_ error: any Error) -> any Error { Self.recorded(error, health) }

    private static func recorded(_ error: any Error, _ health: StoreHealth) -> any Error {
        guard let unavailable = SQLiteOutage.classify(error) else { return error }
        health.failed(unavailable)
        return unavailable
    }

    // MARK: Upkeep

    public func purgeExpired(now: Int64) async throws {
        try await write { db in
            try db.cachedStatement(sql: "DELETE FROM sessions WHERE expires_at <= ?").execute(arguments: [now])
            // Files written by releases that kept ceremonies in SQLite may still hold some.
            try db.cachedStatement(sql: "DELETE FROM ceremonies WHERE expires_at <= ?").execute(arguments: [now])
            try db.cachedStatement(sql: "DELETE FROM oidc_codes WHERE expires_at <= ?").execute(arguments: [now])
            try db.cachedStatement(sql: "DELETE FROM oidc_refresh_tokens WHERE expires_at <= ?").execute(arguments: [now])
            try db.cachedStatement(sql: "DELETE FROM oidc_access_tokens WHERE expires_at <= ?").execute(arguments: [now])
            try db.cachedStatement(sql: "DELETE FROM oidc_grants WHERE expires_at <= ?").execute(arguments: [now])
        }
        try await ceremonies.purgeExpired(now: now)
    }

    public func checkReadiness() async throws {
        let applied = try await read { db in try Int64.fetchOne(db, sql: "SELECT MAX(version) FROM schema_migrations") }
        guard applied == Int64(Schema.migrations.count) else {
            throw StoreUnavailable(reason: "schema version \(applied.map(String.init) ?? "none"), expected \(Schema.migrations.count)")
        }
    }

    public func raiseMetadataSerial(publisher: String, to serial: Int64) async throws -> Int64 {
        try await write { db in
            try Int64.fetchOne(
                db.cachedStatement(
                    sql: """
                        INSERT INTO metadata_serials (publisher, serial) VALUES (?, ?)
                        ON CONFLICT (publisher) DO UPDATE SET serial = MAX(serial, excluded.serial) RETURNING serial
                        """), arguments: [publisher, serial]) ?? serial
        }
    }

    /// Every account's confusability key by handle (base64url), for the migration's tests.
    func confusabilityKeysForTesting() async throws -> [String: String] {
        try await read { db in
            Dictionary(
                uniqueKeysWithValues: try Row.fetchAll(db, sql: "SELECT handle, confusable_key FROM users").map {
                    ($0["handle"] as String, $0["confusable_key"] as String)
                })
        }
    }

    /// `VACUUM INTO` reads one snapshot, so the copy is consistent while the server goes on writing. The file must
    /// not exist yet.
    public func backup(to path: String) async throws {
        guard !FileManager.default.fileExists(atPath: path) else {
            throw ConfigurationError("backup: '\(path)' exists already; give a new file")
        }
        try await read { db in try db.execute(sql: "VACUUM INTO ?", arguments: [path]) }
    }
}

/// Counts the statements SQLite runs, from its trace hook (`passkeys_sql_statements_total`).
final class StatementCounter: Sendable {
    private let count = Atomic<Int>(0)
    func increment() { count.add(1, ordering: .relaxed) }
    var value: Int { count.load(ordering: .relaxed) }
}

/// The secrets table lost a row between the insert and the read (someone deleted it by hand).
struct SecretMissing: Error { let name: String }

/// The database could not be opened or migrated; the text never holds a password.
public struct StoreOpenFailed: Error, CustomStringConvertible {
    /// The location, printable (without its password).
    public let location: String
    public let underlying: any Error
    public var description: String { "cannot open the database \(location): \(String(reflecting: underlying))" }
}
