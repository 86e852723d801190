import Foundation
import GRDB
import PasskeyHummingbird

/// How the passkey library reads the app's accounts: four lookups, each one query.
struct ExampleAccounts: PasskeyAccounts {
    let database: AppDatabase

    init(database: AppDatabase) {
        self.database = database
    }

    func user(named name: String) async throws -> User? {
        try await database.queue.read { db in try User.row(named: name, in: db).map { try User(row: $0) } }
    }

    func credentials(userHandle: [UInt8]) async throws -> [CredentialRecord] {
        try await database.queue.read { db in
            try Row.fetchAll(db, sql: "SELECT \(CredentialRecord.selection) WHERE users.user_handle = ?", arguments: [Data(userHandle)])
                .map(CredentialRecord.init(row:))
        }
    }

    func credential(id: [UInt8]) async throws -> (credential: CredentialRecord, user: User)? {
        try await database.queue.read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT \(CredentialRecord.selection) WHERE passkeys.credential_id = ?", arguments: [Data(id)]),
                let owner = try User.fetchOne(db, sql: "SELECT * FROM users WHERE id = ?", arguments: [row["user_id"] as Int64])
            else { return nil }
            return (CredentialRecord(row: row), owner)
        }
    }
}
