#if Vapor
public import FluentKit
import Foundation
import SQLKit

extension PasskeyCredentialModel {
    /// Inserts `credential` (WebAuthn L3 §7.1 step 29), refusing an ID that is already stored, for any account, with
    /// `RelyingPartyError.credentialAlreadyRegistered` (step 26). Call it inside the transaction that also inserts a
    /// new account or checks the session, so a refusal rolls both back.
    public static func store(_ credential: CredentialRecord, on database: any Database) async throws {
        try await FluentOutage.answeringOutages { try await insert(credential, on: database) }
    }

    private static func insert(_ credential: CredentialRecord, on database: any Database) async throws {
        let existing = try await query(on: database).filter(\.$credentialID == Data(credential.id)).count()
        guard existing == 0 else { throw RelyingPartyError.credentialAlreadyRegistered }
        do {
            try await PasskeyCredentialModel(credential).create(on: database)
        } catch let error as any DatabaseError where error.isConstraintFailure {
            // Another registration stored the same ID between the check and the insert: the unique index decides.
            throw RelyingPartyError.credentialAlreadyRegistered
        }
    }

    /// Stores what a verified sign-in changed (§7.2 step 24): the counter, backup state, last use and `uvInitialized`
    /// (set only when it turned true, never back), only where the
    /// stored counter is still below the new one, or both are 0 (authenticators without a counter). Throws
    /// `RelyingPartyError.signInConflict` when no row was updated: another sign-in with a higher counter, or the
    /// credential's removal, got there first, which is how a cloned authenticator racing the real one shows (§6.1.1).
    ///
    /// One conditional `UPDATE … RETURNING`, so the comparison and the write are one statement on SQLite and
    /// PostgreSQL alike, with no window between a read and a write.
    public static func recordSignIn(_ credential: CredentialRecord, on database: any Database) async throws {
        guard let sql = database as? any SQLDatabase else {
            throw NotAnSQLDatabase()
        }
        let count = Int64(credential.signCount)
        let updated = try await FluentOutage.answeringOutages {
            var update = sql.update(schema)
                .set("sign_count", to: count)
                .set("backup_state", to: credential.backupState)
                .set("last_used_at", to: credential.lastUsedAt)
            // Only ever turned true, so sign-ins committing in any order never turn it back.
            if credential.uvInitialized { update = update.set("uv_initialized", to: true) }
            return
                try await update
                .where("credential_id", .equal, Data(credential.id))
                // `sign_count < new OR (sign_count = 0 AND new = 0)`, with `new` known here.
                .where("sign_count", count == 0 ? .equal : .lessThan, count)
                .returning("credential_id")
                .all()
        }
        guard updated.count == 1 else { throw RelyingPartyError.signInConflict }
    }
}

/// `recordSignIn` was given a Fluent database that does not speak SQL (MongoDB): a configuration mistake, answered 500.
struct NotAnSQLDatabase: Error, CustomStringConvertible {
    var description: String {
        "PasskeyVapor's Fluent storage needs an SQL database (SQLite, PostgreSQL, MySQL): its conditional updates and migrations are SQL"
    }
}
#endif
