import Foundation
import Logging
import PasskeyCore
import PasskeyRelyingParty
import PostgresNIO
import SQLKit

extension PostgresStore {
    // MARK: Sessions

    static func insert(_ s: SessionRecord, into db: any SQLDatabase) async throws {
        try await db.raw(
            """
            INSERT INTO sessions (\(unsafeRaw: Schema.sessionColumns)) VALUES (\(binds: s.columnValues.map(\.sqlBind)))
            """
        ).run()
    }

    public func session(tokenHash: String, now: Int64) async throws -> SessionRecord? {
        try await connections.with { db in
            guard
                let row = try await db.raw(
                    "SELECT \(unsafeRaw: Schema.sessionColumns) FROM sessions WHERE token_hash = \(bind: tokenHash) AND expires_at > \(bind: now)"
                ).first()
            else { return nil }
            return try Self.session(row)
        }
    }

    static func session(_ row: any SQLRow) throws -> SessionRecord {
        var columns = SQLRowColumns(row, names: SessionRecord.columnNames)
        return try SessionRecord(columns: &columns)
    }

    public func deleteSessions(userHandle: [UInt8], except tokenHash: String, events: ChangeRecord) async throws {
        let end: @Sendable (any SQLDatabase) async throws -> Void = { db in
            let ended = try await db.raw(
                "DELETE FROM sessions WHERE user_handle = \(bind: Base64URL.encode(userHandle)) AND token_hash <> \(bind: tokenHash) RETURNING token_hash"
            ).all().map { try $0.decode(column: "token_hash", as: String.self) }
            try await Self.insertEvents(try events.rows(endedSessions: ended), into: db)
        }
        if events.isEmpty { try await connections.with(end) } else { try await connections.transaction(end) }
    }

    public func deleteSession(tokenHash: String, events: ChangeRecord) async throws {
        let end: @Sendable (any SQLDatabase) async throws -> Void = { db in
            let ended = try await db.raw("DELETE FROM sessions WHERE token_hash = \(bind: tokenHash) RETURNING token_hash").all()
            if !ended.isEmpty { try await Self.insertEvents(try events.rows(endedSessions: [tokenHash]), into: db) }
        }
        if events.isEmpty { try await connections.with(end) } else { try await connections.transaction(end) }
    }

    public func recordReverification(
        credentialID: [UInt8], signCount: UInt32, backupState: Bool, uvInitialized: Bool, userVerified: Bool, at time: Int64, tokenHash: String,
        events: ChangeRecord
    ) async throws -> Bool {
        let id = Base64URL.encode(credentialID)
        let count = Int64(signCount)
        let eventRows = try events.rows()
        return try await connections.transaction { db in
            // As RecordSignInStatement: conditional, so a lower counter is never stored last.
            let updated = try await db.raw(
                """
                UPDATE credentials SET sign_count = \(bind: count), backup_state = \(bind: Int64(backupState ? 1 : 0)), last_used_at = \(bind: time),
                    uv_initialized = GREATEST(uv_initialized, \(bind: Int64(uvInitialized ? 1 : 0)))
                WHERE id = \(bind: id) AND (sign_count < \(bind: count) OR (sign_count = 0 AND \(bind: count) = 0)) RETURNING id
                """
            ).all()
            if updated.isEmpty { return false }
            let verified = try await db.raw(
                """
                UPDATE sessions SET verified_at = \(bind: time), user_verified_at = COALESCE(\(bind: userVerified ? time : nil)::BIGINT, user_verified_at)
                WHERE token_hash = \(bind: tokenHash) AND expires_at > \(bind: time) RETURNING token_hash
                """
            ).all()
            if verified.isEmpty { throw RollBack(value: false) }
            try await Self.insertEvents(eventRows, into: db)
            return true
        }
    }

    // MARK: Recovery codes

    public func replaceRecoveryCodes(userHandle: [UInt8], hashes: [String], events: ChangeRecord) async throws {
        let handle = Base64URL.encode(userHandle)
        let eventRows = try events.rows()
        try await connections.transaction { db in
            try await db.raw("DELETE FROM recovery_codes WHERE user_handle = \(bind: handle)").run()
            try await Self.insertRecoveryCodes(hashes, handle: handle, into: db)
            try await Self.insertEvents(eventRows, into: db)
        }
    }

    public func recoveryCodeCount(userHandle: [UInt8]) async throws -> Int {
        try await connections.with { db in
            try await db.raw("SELECT COUNT(*) AS n FROM recovery_codes WHERE user_handle = \(bind: Base64URL.encode(userHandle))").first()?
                .decode(column: "n", as: Int.self) ?? 0
        }
    }

    public func recoveryCodeOwner(username: String, codeHash: String) async throws -> UserRecord? {
        try await connections.execute(RecoveryCodeOwnerStatement(username: username, codeHash: codeHash)).first
    }

    public func useRecoveryCode(userHandle: [UInt8], hash: String, session: SessionRecord, events: ChangeRecord) async throws -> Bool {
        let handle = Base64URL.encode(userHandle)
        return try await connections.transaction { db in
            let used = try await db.raw(
                "DELETE FROM recovery_codes WHERE user_handle = \(bind: handle) AND code_hash = \(bind: hash) RETURNING code_hash"
            ).all()
            guard !used.isEmpty else { return false }
            // Whoever holds a session of the account may be who took the devices: every session ends.
            let ended = try await db.raw("DELETE FROM sessions WHERE user_handle = \(bind: handle) RETURNING token_hash").all()
                .map { try $0.decode(column: "token_hash", as: String.self) }
            try await Self.insert(session, into: db)
            try await Self.insertEvents(try events.rows(endedSessions: ended), into: db)
            return true
        }
    }

    public func checkReadiness() async throws {
        try await connections.with { db in
            let applied = try await db.raw("SELECT MAX(version) AS version FROM schema_migrations").first()?.decode(column: "version", as: Int?.self)
            guard applied == Schema.migrations.count else {
                throw StoreUnavailable(reason: "schema version \(applied.map(String.init) ?? "none"), expected \(Schema.migrations.count)")
            }
        }
    }

    public func raiseMetadataSerial(publisher: String, to serial: Int64) async throws -> Int64 {
        try await connections.with { db in
            try await db.raw(
                """
                INSERT INTO metadata_serials (publisher, serial) VALUES (\(bind: publisher), \(bind: serial))
                ON CONFLICT (publisher) DO UPDATE SET serial = GREATEST(metadata_serials.serial, excluded.serial) RETURNING serial
                """
            ).first()?.decode(column: "serial", as: Int64.self) ?? serial
        }
    }

    public func purgeExpired(now: Int64) async throws {
        try await connections.with { db in
            try await db.raw("DELETE FROM sessions WHERE expires_at <= \(bind: now)").run()
            try await db.raw("DELETE FROM oidc_codes WHERE expires_at <= \(bind: now)").run()
            try await db.raw("DELETE FROM oidc_refresh_tokens WHERE expires_at <= \(bind: now)").run()
            try await db.raw("DELETE FROM oidc_access_tokens WHERE expires_at <= \(bind: now)").run()
            try await db.raw("DELETE FROM oidc_grants WHERE expires_at <= \(bind: now)").run()
        }
        try await ceremonies.purgeExpired(now: now)
        try await purgeLimits(now: now)
    }
}
