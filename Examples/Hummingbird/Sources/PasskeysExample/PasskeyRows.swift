import Foundation
import GRDB
import PasskeyHummingbird

/// The `passkeys` table's rows as the library's ``CredentialRecord`` and back.
extension CredentialRecord {
    /// A row of `passkeys` joined with its owner's `user_handle`.
    init(row: Row) {
        self.init(
            id: [UInt8](row["credential_id"] as Data), userHandle: [UInt8](row["user_handle"] as Data),
            publicKey: [UInt8](row["public_key"] as Data), signCount: UInt32(clamping: row["sign_count"] as Int64),
            transports: (row["transports"] as String).split(separator: ",").map(String.init), aaguid: row["aaguid"], format: row["format"],
            attestationType: row["attestation_type"], backupEligible: row["backup_eligible"], backupState: row["backup_state"],
            name: row["name"], createdAt: row["created_at"], lastUsedAt: row["last_used_at"], uvInitialized: row["uv_initialized"])
    }

    /// Inserts this credential for the user whose row id is `userID`.
    func insert(_ db: Database, userID: Int64) throws {
        try db.execute(
            sql: """
                INSERT INTO passkeys (credential_id, user_id, public_key, sign_count, transports, aaguid, format, attestation_type,
                                      backup_eligible, backup_state, name, created_at, last_used_at, uv_initialized)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                Data(id), userID, Data(publicKey), Int64(signCount), transports.joined(separator: ","), aaguid, format, attestationType,
                backupEligible, backupState, name, createdAt, lastUsedAt, uvInitialized,
            ])
    }

    /// The columns `init(row:)` reads.
    static let selection = "passkeys.*, users.user_handle FROM passkeys JOIN users ON users.id = passkeys.user_id"
}
