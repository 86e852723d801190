import Foundation
import Logging
import PasskeyCore
import PasskeyRelyingParty
import PostgresNIO
import SQLKit

extension PostgresStore {
    // MARK: Users

    public func user(handle: [UInt8]) async throws -> UserRecord? {
        try await connections.with { db in
            try await db.raw("SELECT handle, username, display_name, created_at FROM users WHERE handle = \(bind: Base64URL.encode(handle))").first()
                .map { try Self.user($0) }
        }
    }

    public func user(username: String) async throws -> UserRecord? {
        // A registration's options ask this first: a prepared statement (``UserByNameStatement``).
        try await connections.execute(UserByNameStatement(username: username)).first
    }

    static func user(_ row: any SQLRow) throws -> UserRecord {
        var columns = SQLRowColumns(row, names: UserRecord.columnNames)
        return try UserRecord(columns: &columns)
    }

    // MARK: Credentials

    public func credential(id: [UInt8]) async throws -> CredentialRecord? {
        try await connections.with { db in
            try await db.raw("SELECT \(unsafeRaw: Schema.credentialColumns) FROM credentials WHERE id = \(bind: Base64URL.encode(id))").first().map(
                Self.credential)
        }
    }

    public func credentials(userHandle: [UInt8]) async throws -> [CredentialRecord] {
        try await connections.with { db in
            try await db.raw(
                "SELECT \(unsafeRaw: Schema.credentialColumns) FROM credentials WHERE user_handle = \(bind: Base64URL.encode(userHandle)) ORDER BY created_at, id"
            ).all().map(Self.credential)
        }
    }

    public func renameCredential(id: [UInt8], userHandle: [UInt8], name: String, events: ChangeRecord) async throws -> Bool {
        let eventRows = try events.rows()
        let rename: @Sendable (any SQLDatabase) async throws -> Bool = { db in
            let rows = try await db.raw(
                """
                UPDATE credentials SET name = \(bind: name)
                WHERE id = \(bind: Base64URL.encode(id)) AND user_handle = \(bind: Base64URL.encode(userHandle)) RETURNING id
                """
            ).all()
            guard !rows.isEmpty else { return false }
            try await Self.insertEvents(eventRows, into: db)
            return true
        }
        // One statement alone; with events, both in one transaction.
        return eventRows.isEmpty ? try await connections.with(rename) : try await connections.transaction(rename)
    }

    public func finishRegistration(
        newUser: UserRecord?, credential c: CredentialRecord, session: SessionRecord, requiredSession: String?, endsRequiredSession: Bool,
        recoveryCodeHashes: [String], now: Int64, events: ChangeRecord
    ) async throws -> RegistrationOutcome {
        let eventRows = try events.rows()
        if let user = newUser {
            // A new account, the common case: one statement, one round trip (``RegisterNewAccountStatement``), its
            // events included.
            do {
                let written = try await connections.execute(
                    RegisterNewAccountStatement(
                        user: user, credential: c, session: session, recoveryCodeHashes: recoveryCodeHashes, events: eventRows))
                return written.isEmpty ? .usernameTaken : .registered
            } catch let error as PSQLError
                where error.serverInfo?[.sqlState] == "23505"
                && error.serverInfo?[.constraintName] == RegisterNewAccountStatement.credentialIDConstraint
            {
                // §7.1 step 26: another registration stored this credential ID first; the statement wrote nothing.
                return .credentialExists
            }
        }
        let handle = Base64URL.encode(c.userHandle)
        return try await connections.transaction { db in
            // A passkey added to an existing account. Locked, so the account cannot be deleted between this check
            // and the insert below.
            let rows = try await db.raw("SELECT handle FROM users WHERE handle = \(bind: handle) FOR UPDATE").all()
            if rows.isEmpty { throw RollBack(value: RegistrationOutcome.accountGone) }
            if let requiredSession {
                // A recovery session's one passkey ends it here: the DELETE's row lock makes registrations finished at
                // once on it wait for each other, and only the first finds it live.
                let live = try await db.raw(
                    endsRequiredSession
                        ? """
                        DELETE FROM sessions WHERE token_hash = \(bind: requiredSession) AND user_handle = \(bind: handle) AND expires_at > \(bind: now)
                        RETURNING token_hash
                        """
                        : """
                        SELECT token_hash FROM sessions WHERE token_hash = \(bind: requiredSession) AND user_handle = \(bind: handle) AND expires_at > \(bind: now)
                        """
                ).all()
                if live.isEmpty { throw RollBack(value: RegistrationOutcome.sessionEnded) }
            }
            let inserted = try await db.raw(
                """
                INSERT INTO credentials (\(unsafeRaw: Schema.credentialColumns)) VALUES (\(binds: c.columnValues.map(\.sqlBind)))
                ON CONFLICT DO NOTHING RETURNING id
                """
            ).all()
            if inserted.isEmpty { throw RollBack(value: RegistrationOutcome.credentialExists) }
            try await Self.insert(session, into: db)
            try await Self.insertRecoveryCodes(recoveryCodeHashes, handle: handle, into: db)
            try await Self.insertEvents(eventRows, into: db)
            return .registered
        }
    }

    /// An account's recovery-code hashes in one statement.
    static func insertRecoveryCodes(_ hashes: [String], handle: String, into db: any SQLDatabase) async throws {
        guard !hashes.isEmpty else { return }
        try await db.raw(
            """
            INSERT INTO recovery_codes (user_handle, code_hash) SELECT \(bind: handle), h FROM unnest(\(bind: hashes)::text[]) AS h ON CONFLICT DO NOTHING
            """
        ).run()
    }

    public func deleteCredential(id: [UInt8], userHandle: [UInt8], keepingSession: String?, events: ChangeRecord) async throws -> CredentialDeletion {
        let credentialID = Base64URL.encode(id)
        let handle = Base64URL.encode(userHandle)
        return try await connections.transaction { db in
            // The account row is locked first, so two removals of an account's last two passkeys are ordered and the
            // second sees one left.
            _ = try await db.raw("SELECT handle FROM users WHERE handle = \(bind: handle) FOR UPDATE").all()
            let owned = try await db.raw("SELECT id FROM credentials WHERE user_handle = \(bind: handle)").all()
                .map { try $0.decode(column: "id", as: String.self) }
            guard owned.contains(credentialID) else { return .notFound }
            guard owned.count > 1 else { return .lastCredential }
            try await db.raw("DELETE FROM credentials WHERE id = \(bind: credentialID) AND user_handle = \(bind: handle)").run()
            if let keepingSession {
                try await db.raw(
                    "UPDATE sessions SET credential_id = NULL WHERE token_hash = \(bind: keepingSession) AND credential_id = \(bind: credentialID)"
                ).run()
            }
            let ended = try await db.raw("DELETE FROM sessions WHERE credential_id = \(bind: credentialID) RETURNING token_hash").all()
                .map { try $0.decode(column: "token_hash", as: String.self) }
            try await Self.insertEvents(try events.rows(endedSessions: ended), into: db)
            return .deleted
        }
    }

    public func deleteAccount(userHandle: [UInt8], events: ChangeRecord) async throws -> Bool {
        let handle = Base64URL.encode(userHandle)
        let eventRows = try events.rows()
        return try await connections.transaction { db in
            let rows = try await db.raw("DELETE FROM users WHERE handle = \(bind: handle) RETURNING handle").all()
            guard !rows.isEmpty else { return false }
            try await db.raw("DELETE FROM credentials WHERE user_handle = \(bind: handle)").run()
            try await db.raw("DELETE FROM sessions WHERE user_handle = \(bind: handle)").run()
            try await db.raw("DELETE FROM ceremonies WHERE user_handle = \(bind: handle)").run()
            try await db.raw("DELETE FROM recovery_codes WHERE user_handle = \(bind: handle)").run()
            try await Self.insertEvents(eventRows, into: db)
            return true
        }
    }

    public func userWithCredentials(username: String) async throws -> (UserRecord, [CredentialRecord])? {
        // Exactly first, then by key, as in user(username:); one statement either way.
        PostgresRows.grouped(try await connections.execute(UserWithCredentialsByNameStatement(username: username)))
    }

    public func credentialWithOwner(id: [UInt8]) async throws -> (CredentialRecord, UserRecord)? {
        let rows = try await connections.execute(CredentialWithOwnerStatement(key: Base64URL.encode(id)))
        guard let (user, credential) = rows.first, let credential else { return nil }
        return (credential, user)
    }

    public func recordSignIn(
        credentialID: [UInt8], signCount: UInt32, backupState: Bool, uvInitialized: Bool, at time: Int64, session: SessionRecord, events: ChangeRecord
    ) async throws -> Bool {
        // One statement, its events included, so one round trip and atomic by itself (``RecordSignInStatement``). The update is
        // conditional, so concurrent sign-ins cannot store a lower counter last (a lost update would let a replayed
        // counter pass §7.2 step 22 later), and its row lock orders it against a removal of the passkey (which then
        // also ends this session).
        let inserted = try await connections.execute(
            RecordSignInStatement(
                signCount: Int64(signCount), backupState: backupState, uvInitialized: uvInitialized, time: time,
                credentialID: Base64URL.encode(credentialID), session: session, events: try events.rows()))
        return !inserted.isEmpty
    }

    private static func credential(_ row: any SQLRow) throws -> CredentialRecord {
        var columns = SQLRowColumns(row, names: CredentialRecord.columnNames)
        return try CredentialRecord(columns: &columns)
    }
}
