#if Vapor
public import FluentKit
import SQLKit

/// Adds `uv_initialized` to `passkey_credentials` (WebAuthn L3 §4 credential record `uvInitialized`): whether
/// each passkey has ever verified its user, so a step-up asks an account for the user verification its passkeys can
/// give. Add it after ``CreatePasskeyCredentials`` (`app.migrations.add(CreatePasskeyCredentials(),
/// AddPasskeyUVInitialized())`), in a new app too. Rows stored before are unknown: a fido-u2f passkey cannot verify its
/// user (CTAP1/U2F has no UV), any other starts true, the safe side (a step-up then asks it for UV).
public struct AddPasskeyUVInitialized: AsyncMigration {
    /// The migration's name in Fluent's `_fluent_migrations` table.
    public var name: String { "AddPasskeyUVInitialized" }

    /// A migration to add after ``CreatePasskeyCredentials``.
    public init() {}

    /// Adds the column, true for every row but fido-u2f ones. Through SQLKit: a column added to a table with rows needs
    /// a default, which FluentKit's schema builder cannot state (the model needs an SQL database anyway).
    public func prepare(on database: any Database) async throws {
        guard let sql = database as? any SQLDatabase else { throw NotAnSQLDatabase() }
        try await sql.alter(table: PasskeyCredentialModel.schema)
            .column("uv_initialized", type: .custom(SQLRaw("BOOLEAN")), .notNull, .default(true)).run()
        try await PasskeyCredentialModel.query(on: database).filter(\.$format == "fido-u2f").set(\.$uvInitialized, to: false).update()
    }

    /// Drops the column.
    public func revert(on database: any Database) async throws {
        try await database.schema(PasskeyCredentialModel.schema).deleteField("uv_initialized").update()
    }
}
#endif
