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
        database: any DatabaseWriter, readers: SQLiteReaders?, checkpointer: SQLiteCheckpointer?, counter: StatementCounter, health: StoreHealth
    ) {
        self.database = database
        self.readers = readers
        self.checkpointer = checkpointer
        self.writes = GroupCommitWriter(writer: database)
        self.counter = counter
        self.ceremonies = MemoryCeremonyStore()
        self.health = health
    }

    public var statementsExecuted: Int { counter.value }

    /// Opens (creating if needed) the file at `path`, or a private in-memory database when `path` is nil, and brings
    /// its schema up to date.
    public static func open(path: String?, logger: Logger, health: StoreHealth) async throws -> SQLiteStore {
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
        return SQLiteStore(database: database, readers: readers, checkpointer: checkpointer, counter: counter, health: health)
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
                case .sql(let statement): try db.execute(sql: statement)
                case .postgres: break
                case .fillUsernameKeys: try fillUsernameKeys(db)
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

    // MARK: The two doors

    /// A single-statement read on a reader connection, run on the calling thread.
    ///
    /// GRDB's asynchronous read hands the work to the reader's dispatch queue and resumes the task afterwards: two
    /// thread hand-offs for a read of 10–30 µs, which the sign-in profile showed costing more than the read. The
    /// synchronous read takes a reader connection (``SQLiteReaders``) and runs here; it never waits for the writer
    /// (WAL readers do not).
    func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        do {
            let value = try readers.map { try $0.read(body) } ?? Self.readNow(database, body)
            health.succeeded()
            return value
        } catch {
            throw recorded(error)
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

    private func recorded(_ error: any Error) -> any Error {
        guard let unavailable = SQLiteOutage.classify(error) else { return error }
        health.failed(unavailable)
        return unavailable
    }

    // MARK: Users

    public func user(handle: [UInt8]) async throws -> UserRecord? {
        let handle = Base64URL.encode(handle)
        return try await read { db in
            try Row.fetchOne(
                db.cachedStatement(sql: "SELECT handle, username, display_name, created_at FROM users WHERE handle = ?"), arguments: [handle]
            )
            .map { try SQLiteRows.user($0, at: 0) }
        }
    }

    public func user(username: String) async throws -> UserRecord? {
        try await read { db in
            try Row.fetchOne(db.cachedStatement(sql: Schema.userByNameSQL), arguments: [username, UsernameKey(username).rawValue])
                .map { try SQLiteRows.user($0, at: 0) }
        }
    }

    // MARK: Credentials

    public func credential(id: [UInt8]) async throws -> CredentialRecord? {
        let id = Base64URL.encode(id)
        return try await read { db in
            try Row.fetchOne(db.cachedStatement(sql: "SELECT \(Schema.credentialColumns) FROM credentials WHERE id = ?"), arguments: [id])
                .map { try SQLiteRows.credential($0, at: 0) }
        }
    }

    public func credentials(userHandle: [UInt8]) async throws -> [CredentialRecord] {
        let handle = Base64URL.encode(userHandle)
        return try await read { db in
            try Row.fetchAll(
                db.cachedStatement(sql: "SELECT \(Schema.credentialColumns) FROM credentials WHERE user_handle = ? ORDER BY created_at, id"),
                arguments: [handle]
            )
            .map { try SQLiteRows.credential($0, at: 0) }
        }
    }

    public func renameCredential(id: [UInt8], userHandle: [UInt8], name: String) async throws -> Bool {
        let (id, handle) = (Base64URL.encode(id), Base64URL.encode(userHandle))
        return try await write { db in
            try db.cachedStatement(sql: "UPDATE credentials SET name = ? WHERE id = ? AND user_handle = ?").execute(arguments: [name, id, handle])
            return db.changesCount > 0
        }
    }

    public func finishRegistration(
        newUser: UserRecord?, credential c: CredentialRecord, session: SessionRecord, requiredSession: String?, recoveryCodeHashes: [String],
        now: Int64
    ) async throws -> RegistrationOutcome {
        let handle = Base64URL.encode(c.userHandle)
        let credentialValues = SQLiteRows.values(of: c)
        let sessionValues = SQLiteRows.values(of: session)
        return try await write { db in
            if let user = newUser {
                // Either unique column refuses: the name itself, or its key (a look-alike of a taken name).
                try db.cachedStatement(
                    sql: "INSERT INTO users (handle, username, username_key, display_name, created_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING"
                )
                .execute(arguments: [handle, user.username, UsernameKey(user.username).rawValue, user.displayName, user.createdAt])
                if db.changesCount == 0 { throw RollBack(value: RegistrationOutcome.usernameTaken) }
            } else {
                // The group writer is the only writer, so nothing can delete the account between this check and
                // the insert below.
                guard try Row.fetchOne(db.cachedStatement(sql: "SELECT 1 FROM users WHERE handle = ?"), arguments: [handle]) != nil else {
                    throw RollBack(value: RegistrationOutcome.accountGone)
                }
                if let requiredSession {
                    let live = try Row.fetchOne(
                        db.cachedStatement(sql: "SELECT 1 FROM sessions WHERE token_hash = ? AND user_handle = ? AND expires_at > ?"),
                        arguments: [requiredSession, handle, now])
                    if live == nil { throw RollBack(value: RegistrationOutcome.sessionEnded) }
                }
            }
            try db.cachedStatement(
                sql: "INSERT INTO credentials (\(Schema.credentialColumns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING"
            )
            .execute(arguments: credentialValues)
            if db.changesCount == 0 { throw RollBack(value: RegistrationOutcome.credentialExists) }
            try Self.insertSession(sessionValues, db)
            try Self.insertRecoveryCodes(recoveryCodeHashes, handle: handle, db)
            return .registered
        }
    }

    public func deleteCredential(id: [UInt8], userHandle: [UInt8], keepingSession: String?) async throws -> CredentialDeletion {
        let (id, handle) = (Base64URL.encode(id), Base64URL.encode(userHandle))
        return try await write { db in
            let owned = try String.fetchAll(db.cachedStatement(sql: "SELECT id FROM credentials WHERE user_handle = ?"), arguments: [handle])
            guard owned.contains(id) else { return .notFound }
            guard owned.count > 1 else { return .lastCredential }
            try db.cachedStatement(sql: "DELETE FROM credentials WHERE id = ? AND user_handle = ?").execute(arguments: [id, handle])
            if let keepingSession {
                try db.cachedStatement(sql: "UPDATE sessions SET credential_id = NULL WHERE token_hash = ? AND credential_id = ?").execute(
                    arguments: [keepingSession, id])
            }
            try db.cachedStatement(sql: "DELETE FROM sessions WHERE credential_id = ?").execute(arguments: [id])
            return .deleted
        }
    }

    public func deleteAccount(userHandle: [UInt8]) async throws -> Bool {
        let handle = Base64URL.encode(userHandle)
        let deleted = try await write { db -> Bool in
            try db.cachedStatement(sql: "DELETE FROM users WHERE handle = ?").execute(arguments: [handle])
            guard db.changesCount > 0 else { return false }
            try db.cachedStatement(sql: "DELETE FROM credentials WHERE user_handle = ?").execute(arguments: [handle])
            try db.cachedStatement(sql: "DELETE FROM sessions WHERE user_handle = ?").execute(arguments: [handle])
            try db.cachedStatement(sql: "DELETE FROM recovery_codes WHERE user_handle = ?").execute(arguments: [handle])
            return true
        }
        if deleted { try await ceremonies.removeAll(userHandle: userHandle) }
        return deleted
    }

    /// A sign-in's first read: the account by name (exactly, else by ``UsernameKey``) with its credentials, in listing
    /// order straight from `credentials_user_order` (no sort step); one statement whether or not the name has an
    /// account (``Schema/userByNameWithCredentialsSQL(name:key:)``).
    static let userWithCredentialsSQL = Schema.userByNameWithCredentialsSQL(name: "?", key: "?")

    /// A recovery's first read: the account by name with its codes' hashes.
    static let recoveryCodesByNameSQL = Schema.recoveryCodesByNameSQL(name: "?", key: "?")

    /// A sign-in's second read: the credential by ID with its account.
    static let credentialWithOwnerSQL = """
        SELECT u.handle, u.username, u.display_name, u.created_at, \(Schema.joinedCredentialColumns)
        FROM credentials c JOIN users u ON u.handle = c.user_handle WHERE c.id = ?
        """

    // The two reads of a sign-in decode each row where the cursor stands instead of copying its values out first
    // (`Row.fetchAll`/`fetchOne` copy every row into a row of its own before it is decoded).
    public func userWithCredentials(username: String) async throws -> (UserRecord, [CredentialRecord])? {
        let key = UsernameKey(username).rawValue
        return try await read { db in
            let rows = try Row.fetchCursor(db.cachedStatement(sql: Self.userWithCredentialsSQL), arguments: [username, key])
            return try withExtendedLifetime(rows) {
                guard let first = try rows.next() else { return nil }
                let user = try SQLiteRows.user(first, at: 0)
                var credentials: [CredentialRecord] = []
                // LEFT JOIN: an account without credentials is one row whose credential columns are NULL.
                if !first.hasNull(atIndex: 4) { credentials.append(try SQLiteRows.credential(first, at: 4)) }
                while let row = try rows.next() { credentials.append(try SQLiteRows.credential(row, at: 4)) }
                return (user, credentials)
            }
        }
    }

    public func credentialWithOwner(id: [UInt8]) async throws -> (CredentialRecord, UserRecord)? {
        let id = Base64URL.encode(id)
        return try await read { db in
            let rows = try Row.fetchCursor(db.cachedStatement(sql: Self.credentialWithOwnerSQL), arguments: [id])
            // The row reads from the statement, which the cursor resets when it is released: keep the cursor
            // alive until the row is decoded.
            return try withExtendedLifetime(rows) {
                guard let row = try rows.next() else { return nil }
                return (try SQLiteRows.credential(row, at: 4), try SQLiteRows.user(row, at: 0))
            }
        }
    }

    public func recordSignIn(credentialID: [UInt8], signCount: UInt32, backupState: Bool, at time: Int64, session: SessionRecord) async throws -> Bool
    {
        let id = Base64URL.encode(credentialID)
        let count = Int64(signCount)
        let sessionValues = SQLiteRows.values(of: session)
        return try await write { db in
            // Conditional, so a lower counter can never be stored last (a lost update would let a replayed counter
            // pass §7.2 step 22 later); a counter of zero may stay zero.
            try db.cachedStatement(sql: Self.counterUpdateSQL).execute(arguments: [count, backupState ? 1 : 0, time, id, count, count])
            if db.changesCount == 0 { return false }
            try Self.insertSession(sessionValues, db)
            return true
        }
    }

    /// A sign-in's counter update: conditional, so a lower counter can never be stored last; zero may stay zero.
    static let counterUpdateSQL = """
        UPDATE credentials SET sign_count = ?, backup_state = ?, last_used_at = ?
        WHERE id = ? AND (sign_count < ? OR (sign_count = 0 AND ? = 0))
        """

    // MARK: Sessions

    private static func insertSession(_ values: StatementArguments, _ db: Database) throws {
        try db.cachedStatement(sql: "INSERT INTO sessions (\(Schema.sessionColumns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?)").execute(arguments: values)
    }

    public func session(tokenHash: String, now: Int64) async throws -> SessionRecord? {
        try await read { db in
            try Row.fetchOne(
                db.cachedStatement(sql: "SELECT \(Schema.sessionColumns) FROM sessions WHERE token_hash = ? AND expires_at > ?"),
                arguments: [tokenHash, now]
            ).map(SQLiteRows.session)
        }
    }

    public func deleteSessions(userHandle: [UInt8], except tokenHash: String) async throws {
        let handle = Base64URL.encode(userHandle)
        try await write { db in
            try db.cachedStatement(sql: "DELETE FROM sessions WHERE user_handle = ? AND token_hash <> ?").execute(arguments: [handle, tokenHash])
        }
    }

    public func deleteSession(tokenHash: String) async throws {
        try await write { db in try db.cachedStatement(sql: "DELETE FROM sessions WHERE token_hash = ?").execute(arguments: [tokenHash]) }
    }

    public func recordReverification(
        credentialID: [UInt8], signCount: UInt32, backupState: Bool, at time: Int64, tokenHash: String
    ) async throws -> Bool {
        let id = Base64URL.encode(credentialID)
        let count = Int64(signCount)
        return try await write { db in
            try db.cachedStatement(sql: Self.counterUpdateSQL).execute(arguments: [count, backupState ? 1 : 0, time, id, count, count])
            if db.changesCount == 0 { return false }
            try db.cachedStatement(sql: "UPDATE sessions SET verified_at = ? WHERE token_hash = ? AND expires_at > ?").execute(arguments: [
                time, tokenHash, time,
            ])
            if db.changesCount == 0 { throw RollBack(value: false) }
            return true
        }
    }

    // MARK: Recovery codes

    public func replaceRecoveryCodes(userHandle: [UInt8], hashes: [String]) async throws {
        let handle = Base64URL.encode(userHandle)
        try await write { db in
            try db.cachedStatement(sql: "DELETE FROM recovery_codes WHERE user_handle = ?").execute(arguments: [handle])
            try Self.insertRecoveryCodes(hashes, handle: handle, db)
        }
    }

    /// An account's recovery-code hashes in one statement.
    private static func insertRecoveryCodes(_ hashes: [String], handle: String, _ db: Database) throws {
        guard !hashes.isEmpty else { return }
        let rows = Array(repeating: "(?, ?)", count: hashes.count).joined(separator: ", ")
        try db.cachedStatement(sql: "INSERT INTO recovery_codes (user_handle, code_hash) VALUES \(rows) ON CONFLICT DO NOTHING")
            .execute(arguments: StatementArguments(hashes.flatMap { [handle, $0] }))
    }

    public func recoveryCodeCount(userHandle: [UInt8]) async throws -> Int {
        let handle = Base64URL.encode(userHandle)
        return try await read { db in
            try Int.fetchOne(db.cachedStatement(sql: "SELECT COUNT(*) FROM recovery_codes WHERE user_handle = ?"), arguments: [handle]) ?? 0
        }
    }

    public func recoveryCodes(username: String) async throws -> (UserRecord, [String])? {
        try await read { db in
            let rows = try Row.fetchAll(
                db.cachedStatement(sql: Self.recoveryCodesByNameSQL),
                arguments: [username, UsernameKey(username).rawValue])
            guard let first = rows.first else { return nil }
            return (try SQLiteRows.user(first, at: 0), try rows.compactMap { try $0.decode(String?.self, atIndex: 4) })
        }
    }

    public func useRecoveryCode(userHandle: [UInt8], hash: String, session: SessionRecord) async throws -> Bool {
        let handle = Base64URL.encode(userHandle)
        let sessionValues = SQLiteRows.values(of: session)
        return try await write { db in
            try db.cachedStatement(sql: "DELETE FROM recovery_codes WHERE user_handle = ? AND code_hash = ?").execute(arguments: [handle, hash])
            guard db.changesCount > 0 else { return false }
            // Whoever holds a session of the account may be who took the devices: every session ends.
            try db.cachedStatement(sql: "DELETE FROM sessions WHERE user_handle = ?").execute(arguments: [handle])
            try Self.insertSession(sessionValues, db)
            return true
        }
    }

    // MARK: Upkeep

    public func purgeExpired(now: Int64) async throws {
        try await write { db in
            try db.cachedStatement(sql: "DELETE FROM sessions WHERE expires_at <= ?").execute(arguments: [now])
            // Files written by releases that kept ceremonies in SQLite may still hold some.
            try db.cachedStatement(sql: "DELETE FROM ceremonies WHERE expires_at <= ?").execute(arguments: [now])
        }
        try await ceremonies.purgeExpired(now: now)
    }

    public func checkReadiness() async throws {
        let applied = try await read { db in try Int64.fetchOne(db, sql: "SELECT MAX(version) FROM schema_migrations") }
        guard applied == Int64(Schema.migrations.count) else {
            throw StoreUnavailable(reason: "schema version \(applied.map(String.init) ?? "none"), expected \(Schema.migrations.count)")
        }
    }

    public func secret(named name: String, generate: @Sendable () -> [UInt8]) async throws -> [UInt8] {
        let candidate = Base64URL.encode(generate())
        let value = try await write { db -> String? in
            try db.cachedStatement(sql: "INSERT INTO secrets (name, value) VALUES (?, ?) ON CONFLICT DO NOTHING").execute(arguments: [
                name, candidate,
            ])
            return try String.fetchOne(db.cachedStatement(sql: "SELECT value FROM secrets WHERE name = ?"), arguments: [name])
        }
        guard let value else { throw SecretMissing(name: name) }
        return try Base64URL.decode(value)
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
