import Foundation
import GRDB
import PasskeyHummingbird

/// The example app's own SQLite file: its users, their passkeys and its sessions. Nothing in it belongs to the
/// passkey library; the library reads it through ``ExampleAccounts`` and the app writes it in ``ExampleHooks``.
struct AppDatabase: Sendable {
    /// One connection, writes in order. A busy app would use a `DatabasePool` (WAL, concurrent reads) instead.
    let queue: DatabaseQueue

    /// Opens (creating and migrating when needed) the database at `path`.
    init(path: String) throws {
        queue = try DatabaseQueue(path: path)
        try Self.migrator.migrate(queue)
    }

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("users, passkeys and sessions") { db in
            try db.create(table: "users") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("username", .text).notNull().unique()
                table.column("display_name", .text).notNull()
                // WebAuthn's user.id: random, fixed for the account's life, and not the row id (which is guessable
                // and would be handed to every authenticator, L3 §14.6.1).
                table.column("user_handle", .blob).notNull().unique()
            }
            try db.create(table: "passkeys") { table in
                table.primaryKey("credential_id", .blob)
                table.column("user_id", .integer).notNull().indexed().references("users", onDelete: .cascade)
                table.column("public_key", .blob).notNull()
                table.column("sign_count", .integer).notNull()
                table.column("transports", .text).notNull()
                table.column("aaguid", .text).notNull()
                table.column("format", .text).notNull()
                table.column("attestation_type", .text).notNull()
                table.column("backup_eligible", .boolean).notNull()
                table.column("backup_state", .boolean).notNull()
                table.column("name", .text).notNull()
                table.column("created_at", .integer).notNull()
                table.column("last_used_at", .integer)
            }
            try db.create(table: "sessions") { table in
                // The SHA-256 of the cookie's token, so a copy of the database holds no usable session.
                table.primaryKey("id", .text)
                table.column("user_id", .integer).notNull().indexed().references("users", onDelete: .cascade)
                table.column("expires_at", .integer).notNull()
            }
            // The key of the stand-in sign-in options for names without an account: kept with the data, so a name's
            // options stay the same across restarts (options that change would tell that the name has no account).
            try db.create(table: "secrets") { table in
                table.primaryKey("name", .text)
                table.column("value", .blob).notNull()
            }
            try db.execute(sql: "INSERT INTO secrets (name, value) VALUES ('stand-in credentials', ?)", arguments: [Data(SecureRandom.bytes(32))])
        }
        migrator.registerMigration("usernames compared by UsernameKey") { db in
            // Names are compared in one form (UsernameKey: NFKC, case folding, look-alike letters), kept in a unique
            // column. Keys are computed here, in Swift; of names that turn out to share a key, the oldest account
            // keeps it and the others keep NULL (reachable by their exact name, ExampleAccounts.user(named:)).
            try db.alter(table: "users") { table in table.add(column: "username_key", .text) }
            var taken: Set<String> = []
            for row in try Row.fetchAll(db, sql: "SELECT id, username FROM users ORDER BY id") {
                let key = UsernameKey(row["username"] as String).rawValue
                guard taken.insert(key).inserted else { continue }
                try db.execute(sql: "UPDATE users SET username_key = ? WHERE id = ?", arguments: [key, row["id"] as Int64])
            }
            try db.create(index: "users_username_key", on: "users", columns: ["username_key"], unique: true)
        }
        migrator.registerMigration("password accounts") { db in
            // An account made with a password has its PBKDF2 hash here (PasswordHash); passkey-only accounts have NULL.
            try db.alter(table: "users") { table in table.add(column: "password_hash", .text) }
        }
        migrator.registerMigration("sessions remember the last passkey verification") { db in
            // Milliseconds since 1970: the session's start, or its last step-up (PasskeyReverificationHooks).
            try db.alter(table: "sessions") { table in table.add(column: "verified_at", .integer) }
        }
        migrator.registerMigration("passkeys remember whether they have verified their user") { db in
            // WebAuthn L3's credential record uvInitialized, which the library keeps in CredentialRecord: a step-up
            // asks each account for the user verification its passkeys have shown they can give. Rows from before
            // are unknown: a fido-u2f passkey cannot verify its user, any other starts true (the safe side).
            try db.alter(table: "passkeys") { table in table.add(column: "uv_initialized", .boolean).notNull().defaults(to: true) }
            try db.execute(sql: "UPDATE passkeys SET uv_initialized = 0 WHERE format = 'fido-u2f'")
        }
        migrator.registerMigration("profiles of a passkey server's accounts") { db in
            // WebhookReceiver: a profile for each account of a `passkeys serve` beside the app, keyed by its user id,
            // and the ids of the events applied, so a delivery retried after it was applied changes nothing.
            try db.create(table: "profiles") { table in
                table.primaryKey("user_id", .text)
                table.column("username", .text).notNull()
                table.column("created_at", .text).notNull()
            }
            try db.create(table: "processed_events") { table in table.primaryKey("id", .text) }
        }
        return migrator
    }

    /// The stand-in credentials' secret (see the migration).
    func standInSecret() async throws -> [UInt8] {
        let value = try await queue.read { db in try Data.fetchOne(db, sql: "SELECT value FROM secrets WHERE name = 'stand-in credentials'") }
        // The migration writes it; without it, no key is better than a guessable one.
        guard let value else { throw DatabaseError(message: "the stand-in credentials' secret is missing from the secrets table") }
        return [UInt8](value)
    }
}
