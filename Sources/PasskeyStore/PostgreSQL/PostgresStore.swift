import Foundation
public import Logging
import PasskeyCore
import PasskeyRelyingParty
import PostgresNIO
import SQLKit

/// ``Store`` on PostgreSQL through postgres-kit, for deployments where several instances share one database: pending
/// ceremonies live in the `ceremonies` table, so a ceremony begun on one instance finishes on any, once.
public final class PostgresStore: DatabaseStore {
    let connections: PostgresConnections
    public let ceremonies: any CeremonyStore

    private init(connections: PostgresConnections) {
        self.connections = connections
        self.ceremonies = PostgresCeremonyStore(connections: connections)
    }

    public var health: StoreHealth { connections.health }
    public var statementsExecuted: Int { connections.statementsExecuted }

    /// Opens the database at `url` and brings its schema up to date.
    public static func open(url: String, location: DatabaseLocation, logger: Logger, health: StoreHealth) async throws -> PostgresStore {
        let store = PostgresStore(connections: try PostgresConnections.open(url: url, logger: logger, health: health))
        do {
            try await store.migrate()
        } catch {
            // A pool must be shut down before it is released (async-kit asserts so), also when start-up fails.
            try? await store.shutdown()
            var detail = String(reflecting: error)
            if let password = location.password { detail = detail.replacingOccurrences(of: password, with: "***") }
            throw StoreOpenFailed(location: location.description, underlying: Scrubbed(description: detail))
        }
        return store
    }

    public func shutdown() async throws { try await connections.shutdown() }

    /// An error text with the password taken out.
    struct Scrubbed: Error, CustomStringConvertible {
        let description: String
    }

    public func backup(to path: String) async throws {
        throw ConfigurationError("backup: only SQLite databases are copied by passkeys; back up PostgreSQL with pg_dump (docs/deploy.md)")
    }

    private func migrate() async throws {
        try await connections.with(limit: PostgresConnections.migrationLimit) { db in
            // Instances starting together must not race on CREATE TABLE; a session-level advisory lock orders them. The
            // lock is the schema's (its name hashed beside the constant), so deployments in other schemas of the same
            // database (a staging copy, one per tenant, each test's own) migrate side by side instead of in one queue.
            try await db.raw("SELECT pg_advisory_lock(7273001, hashtext(current_schema()))").run()
            do {
                try await db.raw("CREATE TABLE IF NOT EXISTS schema_migrations (version BIGINT PRIMARY KEY)").run()
                let applied = try await db.raw("SELECT version FROM schema_migrations").all().map { try $0.decode(column: "version", as: Int.self) }
                for (index, statements) in Schema.migrations.enumerated() where !applied.contains(index + 1) {
                    for step in statements {
                        switch step {
                        case .sql(let statement), .postgres(let statement): try await db.raw(SQLQueryString(statement)).run()
                        case .sqlite: break
                        case .fillUsernameKeys: try await Self.fillUsernameKeys(db)
                        case .fillConfusabilityKeys: try await Self.fillConfusabilityKeys(db)
                        }
                    }
                    try await db.raw("INSERT INTO schema_migrations (version) VALUES (\(bind: index + 1))").run()
                }
            } catch {
                try? await db.raw("SELECT pg_advisory_unlock(7273001, hashtext(current_schema()))").run()
                throw error
            }
            try await db.raw("SELECT pg_advisory_unlock(7273001, hashtext(current_schema()))").run()
        }
    }

    /// ``SchemaStep/fillUsernameKeys``; the advisory lock keeps other instances out meanwhile.
    private static func fillUsernameKeys(_ db: any SQLDatabase) async throws {
        let rows = try await db.raw("SELECT handle, username FROM users WHERE username_key IS NULL ORDER BY created_at, handle").all()
            .map { (handle: try $0.decode(column: "handle", as: String.self), username: try $0.decode(column: "username", as: String.self)) }
        for (handle, key) in Schema.usernameKeys(for: rows) {
            try await db.raw("UPDATE users SET username_key = \(bind: key) WHERE handle = \(bind: handle)").run()
        }
    }

    /// ``SchemaStep/fillConfusabilityKeys``, under the same advisory lock.
    private static func fillConfusabilityKeys(_ db: any SQLDatabase) async throws {
        let rows = try await db.raw("SELECT handle, username FROM users WHERE confusable_key IS NULL ORDER BY created_at, handle").all()
            .map { (handle: try $0.decode(column: "handle", as: String.self), username: try $0.decode(column: "username", as: String.self)) }
        for (handle, key) in Schema.confusabilityKeys(for: rows) {
            try await db.raw("UPDATE users SET confusable_key = \(bind: key) WHERE handle = \(bind: handle)").run()
        }
    }

}
