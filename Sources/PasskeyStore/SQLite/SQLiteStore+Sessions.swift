import Foundation
import GRDB
import Logging
import PasskeyCore
import PasskeyRelyingParty
import Synchronization

extension SQLiteStore {
    // MARK: Sessions

    /// A session's row.
    static let insertSessionSQL = "INSERT INTO sessions (\(Schema.sessionColumns)) VALUES (\(Schema.placeholders(SessionRecord.columnNames.count)))"

    static func insertSession(_ values: StatementArguments, _ db: Database) throws {
        try db.cachedStatement(sql: Self.insertSessionSQL).execute(arguments: values)
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
        credentialID: [UInt8], signCount: UInt32, backupState: Bool, uvInitialized: Bool, userVerified: Bool, at time: Int64, tokenHash: String,
        events: ChangeRecord
    ) async throws -> Bool {
        let id = Base64URL.encode(credentialID)
        let count = Int64(signCount)
        let eventRows = try events.rows()
        return try await write { db in
            try db.cachedStatement(sql: Self.counterUpdateSQL).execute(arguments: [
                count, backupState ? 1 : 0, time, uvInitialized ? 1 : 0, id, count, count,
            ])
            if db.changesCount == 0 { return false }
            try db.cachedStatement(
                sql: "UPDATE sessions SET verified_at = ?, user_verified_at = COALESCE(?, user_verified_at) WHERE token_hash = ? AND expires_at > ?"
            ).execute(arguments: [time, userVerified ? time : nil, tokenHash, time])
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
    static func insertRecoveryCodes(_ hashes: [String], handle: String, _ db: Database) throws {
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
}
