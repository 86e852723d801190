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

    /// Whether no account has `name`, its lookup key or its ``ConfusabilityKey``, for a new account's ceremony
    /// (``SQLiteCeremonyStore``): one statement.
    static func nameIsFree(_ name: String, key: UsernameKey, _ db: Database) throws -> Bool {
        try Row.fetchOne(db.cachedStatement(sql: nameTakenSQL), arguments: [name, key.rawValue, ConfusabilityKey(name).rawValue]) == nil
    }

    /// A row when the name (`?1`), its lookup key (`?2`) or its confusability key (`?3`) belongs to an account.
    static let nameTakenSQL = """
        SELECT 1 WHERE EXISTS (\(Schema.userByNameSQL(name: "?1", key: "?2"))) OR NOT \(Schema.confusableKeyFreeSQL("?3"))
        """

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

    public func renameCredential(id: [UInt8], userHandle: [UInt8], name: String, events: ChangeRecord) async throws -> Bool {
        let (id, handle) = (Base64URL.encode(id), Base64URL.encode(userHandle))
        return try await write { db in
            try db.cachedStatement(sql: "UPDATE credentials SET name = ? WHERE id = ? AND user_handle = ?").execute(arguments: [name, id, handle])
            guard db.changesCount > 0 else { return false }
            try Self.insertEvents(try events.rows(), db)
            return true
        }
    }

    public func finishRegistration(
        newUser: UserRecord?, credential c: CredentialRecord, session: SessionRecord, requiredSession: String?, endsRequiredSession: Bool,
        recoveryCodeHashes: [String], now: Int64, events: ChangeRecord
    ) async throws -> RegistrationOutcome {
        let handle = Base64URL.encode(c.userHandle)
        let credentialValues = SQLiteRows.values(of: c)
        let sessionValues = SQLiteRows.values(of: session)
        let eventRows = try events.rows()
        return try await write { db in
            if let user = newUser {
                // Every unique column refuses: the name itself, its lookup key (a spelling of a taken name) and its
                // confusability key (a look-alike of one).
                try db.cachedStatement(sql: Self.insertNewUserSQL)
                    .execute(arguments: [
                        handle, user.username, UsernameKey(user.username).rawValue, ConfusabilityKey(user.username).rawValue, user.displayName,
                        user.createdAt,
                    ])
                if db.changesCount == 0 { throw RollBack(value: RegistrationOutcome.usernameTaken) }
            } else {
                // The group writer is the only writer, so nothing can delete the account between this check and
                // the insert below.
                guard try Row.fetchOne(db.cachedStatement(sql: "SELECT 1 FROM users WHERE handle = ?"), arguments: [handle]) != nil else {
                    throw RollBack(value: RegistrationOutcome.accountGone)
                }
                if let requiredSession {
                    // A recovery session's one passkey ends it here: of registrations finished at once on it, only the
                    // first finds it live.
                    let live: Bool
                    if endsRequiredSession {
                        try db.cachedStatement(sql: "DELETE FROM sessions WHERE token_hash = ? AND user_handle = ? AND expires_at > ?")
                            .execute(arguments: [requiredSession, handle, now])
                        live = db.changesCount > 0
                    } else {
                        live =
                            try Row.fetchOne(
                                db.cachedStatement(sql: "SELECT 1 FROM sessions WHERE token_hash = ? AND user_handle = ? AND expires_at > ?"),
                                arguments: [requiredSession, handle, now]) != nil
                    }
                    if !live { throw RollBack(value: RegistrationOutcome.sessionEnded) }
                }
            }
            try db.cachedStatement(
                sql: "INSERT INTO credentials (\(Schema.credentialColumns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING"
            )
            .execute(arguments: credentialValues)
            if db.changesCount == 0 { throw RollBack(value: RegistrationOutcome.credentialExists) }
            try Self.insertSession(sessionValues, db)
            try Self.insertRecoveryCodes(recoveryCodeHashes, handle: handle, db)
            try Self.insertEvents(eventRows, db)
            return .registered
        }
    }

    public func deleteCredential(id: [UInt8], userHandle: [UInt8], keepingSession: String?, events: ChangeRecord) async throws -> CredentialDeletion {
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
            let ended = try Self.sessionHashes(ifEventsIn: events, sql: "SELECT token_hash FROM sessions WHERE credential_id = ?", [id], db)
            try db.cachedStatement(sql: "DELETE FROM sessions WHERE credential_id = ?").execute(arguments: [id])
            try Self.insertEvents(try events.rows(endedSessions: ended), db)
            return .deleted
        }
    }

    public func deleteAccount(userHandle: [UInt8], events: ChangeRecord) async throws -> Bool {
        let handle = Base64URL.encode(userHandle)
        let eventRows = try events.rows()
        let deleted = try await write { db -> Bool in
            try db.cachedStatement(sql: "DELETE FROM users WHERE handle = ?").execute(arguments: [handle])
            guard db.changesCount > 0 else { return false }
            try db.cachedStatement(sql: "DELETE FROM credentials WHERE user_handle = ?").execute(arguments: [handle])
            try db.cachedStatement(sql: "DELETE FROM sessions WHERE user_handle = ?").execute(arguments: [handle])
            try db.cachedStatement(sql: "DELETE FROM recovery_codes WHERE user_handle = ?").execute(arguments: [handle])
            try Self.insertEvents(eventRows, db)
            return true
        }
        if deleted { try await ceremonies.removeAll(userHandle: userHandle) }
        return deleted
    }

    /// A new account's row, written only while its name, lookup key and confusability key are all free.
    static let insertNewUserSQL = """
        INSERT INTO users (handle, username, username_key, confusable_key, display_name, created_at)
        SELECT ?1, ?2, ?3, ?4, ?5, ?6 WHERE \(Schema.confusableKeyFreeSQL("?4")) ON CONFLICT DO NOTHING
        """

    /// A sign-in's first read: the account by name (exactly, else by ``UsernameKey``) with its credentials, in listing
    /// order straight from `credentials_user_order` (no sort step); one statement whether or not the name has an
    /// account (``Schema/userByNameWithCredentialsSQL(name:key:)``).
    static let userWithCredentialsSQL = Schema.userByNameWithCredentialsSQL(name: "?", key: "?")

    /// A recovery's first read: the account by name and code hash together.
    static let recoveryCodeOwnerSQL = Schema.recoveryCodeOwnerSQL(name: "?1", key: "?2", hash: "?3", bothIndexes: false)

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

    public func recordSignIn(
        credentialID: [UInt8], signCount: UInt32, backupState: Bool, uvInitialized: Bool, at time: Int64, session: SessionRecord, events: ChangeRecord
    ) async throws -> Bool {
        let id = Base64URL.encode(credentialID)
        let count = Int64(signCount)
        let sessionValues = SQLiteRows.values(of: session)
        let eventRows = try events.rows()
        return try await write { db in
            // Conditional, so a lower counter can never be stored last (a lost update would let a replayed counter
            // pass §7.2 step 22 later); a counter of zero may stay zero.
            try db.cachedStatement(sql: Self.counterUpdateSQL).execute(arguments: [
                count, backupState ? 1 : 0, time, uvInitialized ? 1 : 0, id, count, count,
            ])
            if db.changesCount == 0 { return false }
            try Self.insertSession(sessionValues, db)
            try Self.insertEvents(eventRows, db)
            return true
        }
    }

    /// A sign-in's counter update: conditional, so a lower counter can never be stored last; zero may stay zero.
    /// `uv_initialized` only turns true (the greater of the stored value and this sign-in's), whatever the order in
    /// which sign-ins of one passkey commit.
    static let counterUpdateSQL = """
        UPDATE credentials SET sign_count = ?, backup_state = ?, last_used_at = ?, uv_initialized = MAX(uv_initialized, ?)
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

    public func deleteSessions(userHandle: [UInt8], except tokenHash: String, events: ChangeRecord) async throws {
        let handle = Base64URL.encode(userHandle)
        try await write { db in
            let ended = try Self.sessionHashes(
                ifEventsIn: events, sql: "SELECT token_hash FROM sessions WHERE user_handle = ? AND token_hash <> ?", [handle, tokenHash], db)
            try db.cachedStatement(sql: "DELETE FROM sessions WHERE user_handle = ? AND token_hash <> ?").execute(arguments: [handle, tokenHash])
            try Self.insertEvents(try events.rows(endedSessions: ended), db)
        }
    }

    public func deleteSession(tokenHash: String, events: ChangeRecord) async throws {
        try await write { db in
            try db.cachedStatement(sql: "DELETE FROM sessions WHERE token_hash = ?").execute(arguments: [tokenHash])
            if db.changesCount > 0 { try Self.insertEvents(try events.rows(endedSessions: [tokenHash]), db) }
        }
    }

    public func recordReverification(
        credentialID: [UInt8], signCount: UInt32, backupState: Bool, uvInitialized: Bool, at time: Int64, tokenHash: String, events: ChangeRecord
    ) async throws -> Bool {
        let id = Base64URL.encode(credentialID)
        let count = Int64(signCount)
        let eventRows = try events.rows()
        return try await write { db in
            try db.cachedStatement(sql: Self.counterUpdateSQL).execute(arguments: [
                count, backupState ? 1 : 0, time, uvInitialized ? 1 : 0, id, count, count,
            ])
            if db.changesCount == 0 { return false }
            try db.cachedStatement(sql: "UPDATE sessions SET verified_at = ? WHERE token_hash = ? AND expires_at > ?").execute(arguments: [
                time, tokenHash, time,
            ])
            if db.changesCount == 0 { throw RollBack(value: false) }
            try Self.insertEvents(eventRows, db)
            return true
        }
    }

    // MARK: Recovery codes

    public func replaceRecoveryCodes(userHandle: [UInt8], hashes: [String], events: ChangeRecord) async throws {
        let handle = Base64URL.encode(userHandle)
        let eventRows = try events.rows()
        try await write { db in
            try db.cachedStatement(sql: "DELETE FROM recovery_codes WHERE user_handle = ?").execute(arguments: [handle])
            try Self.insertRecoveryCodes(hashes, handle: handle, db)
            try Self.insertEvents(eventRows, db)
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

    public func recoveryCodeOwner(username: String, codeHash: String) async throws -> UserRecord? {
        let key = UsernameKey(username).rawValue
        return try await read { db in
            try Row.fetchOne(db.cachedStatement(sql: Self.recoveryCodeOwnerSQL), arguments: [username, key, codeHash])
                .map { try SQLiteRows.user($0, at: 0) }
        }
    }

    public func useRecoveryCode(userHandle: [UInt8], hash: String, session: SessionRecord, events: ChangeRecord) async throws -> Bool {
        let handle = Base64URL.encode(userHandle)
        let sessionValues = SQLiteRows.values(of: session)
        return try await write { db in
            try db.cachedStatement(sql: "DELETE FROM recovery_codes WHERE user_handle = ? AND code_hash = ?").execute(arguments: [handle, hash])
            guard db.changesCount > 0 else { return false }
            // Whoever holds a session of the account may be who took the devices: every session ends.
            let ended = try Self.sessionHashes(ifEventsIn: events, sql: "SELECT token_hash FROM sessions WHERE user_handle = ?", [handle], db)
            try db.cachedStatement(sql: "DELETE FROM sessions WHERE user_handle = ?").execute(arguments: [handle])
            try Self.insertSession(sessionValues, db)
            try Self.insertEvents(try events.rows(endedSessions: ended), db)
            return true
        }
    }

    // MARK: Upkeep

    public func purgeExpired(now: Int64) async throws {
        try await write { db in
            try db.cachedStatement(sql: "DELETE FROM sessions WHERE expires_at <= ?").execute(arguments: [now])
            // Files written by releases that kept ceremonies in SQLite may still hold some.
            try db.cachedStatement(sql: "DELETE FROM ceremonies WHERE expires_at <= ?").execute(arguments: [now])
            try db.cachedStatement(sql: "DELETE FROM oidc_codes WHERE expires_at <= ?").execute(arguments: [now])
            try db.cachedStatement(sql: "DELETE FROM oidc_refresh_tokens WHERE expires_at <= ?").execute(arguments: [now])
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
