#if Vapor
public import FluentKit
import SQLKit

/// Creates `passkey_credentials` (``PasskeyCredentialModel``): one row per passkey, the credential ID unique (WebAuthn
/// L3 §7.1 step 26 holds under concurrency: of two registrations racing with one ID, the database refuses the second)
/// and the user handle indexed for an account's list. Works on SQLite and PostgreSQL.
public struct CreatePasskeyCredentials: AsyncMigration {
    /// The migration's name in Fluent's `_fluent_migrations` table.
    public var name: String { "CreatePasskeyCredentials" }

    /// A migration to add with `app.migrations.add(CreatePasskeyCredentials())`.
    public init() {}

    /// Creates the table.
    public func prepare(on database: any Database) async throws {
        try await database.schema(PasskeyCredentialModel.schema)
            .id()
            .field("credential_id", .data, .required)
            .field("user_handle", .data, .required)
            .field("public_key", .data, .required)
            .field("sign_count", .int64, .required)
            .field("transports", .string, .required)
            .field("aaguid", .string, .required)
            .field("format", .string, .required)
            .field("attestation_type", .string, .required)
            .field("backup_eligible", .bool, .required)
            .field("backup_state", .bool, .required)
            .field("name", .string, .required)
            .field("created_at", .int64, .required)
            .field("last_used_at", .int64)
            .unique(on: "credential_id", name: "passkey_credentials_credential_id")
            .create()
        // An account's passkeys are looked up by its user handle at every sign-in by name.
        if let sql = database as? any SQLDatabase {
            try await sql.create(index: "passkey_credentials_user_handle").on(PasskeyCredentialModel.schema).column("user_handle").run()
        }
    }

    /// Drops the table.
    public func revert(on database: any Database) async throws {
        try await database.schema(PasskeyCredentialModel.schema).delete()
    }
}
#endif
