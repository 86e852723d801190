import Foundation
import GRDB
import Logging
import PasskeyCore
import PasskeyRelyingParty
import Synchronization

extension SQLiteStore {
    // MARK: Users

    public func user(handle: [UInt8]) async throws -> UserRecord? {
        let handle = Base64URL.encode(handle)
        return try await read { db in
            try Row.fetchOne(
                db.cachedStatement(sql: "SELECT handle, username, display_name, created_at FROM users WHERE handle = ?"), arguments: [handle]
            )
            .map { try SQLiteRows.user($0, at: 0) }
        }
    }

    public func user(username: String) async throws -> UserRecord? {
        try await read { db in
            try Row.fetchOne(db.cachedStatement(sql: Schema.userByNameSQL), arguments: [username, UsernameKey(username).rawValue])
                .map { try SQLiteRows.user($0, at: 0) }
        }
    }

    /// Whether no account has `name`, its lookup key or its ``ConfusabilityKey``, for a new account's ceremony
    /// (``SQLiteCeremonyStore``): one statement.
    static func nameIsFree(_ name: String, key: UsernameKey, _ db: Database) throws -> Bool {
        try Row.fetchOne(db.cachedStatement(sql: nameTakenSQL), arguments: [name, key.rawValue, ConfusabilityKey(name).rawValue]) == nil
    }

    /// A row when the name (`?1`), its lookup key (`?2`) or its confusability key (`?3`) belongs to an account.
    static let nameTakenSQL = """
        SELECT 1 WHERE EXISTS (\(Schema.userByNameSQL(name: "?1", key: "?2"))) OR NOT \(Schema.confusableKeyFreeSQL("?3"))
        """

    // MARK: Credentials

    public func credential(id: [UInt8]) async throws -> CredentialRecord? {
        let id = Base64URL.encode(id)
        return try await read { db in
            try Row.fetchOne(db.cachedStatement(sql: "SELECT \(Schema.credentialColumns) FROM credentials WHERE id = ?"), arguments: [id])
                .map { try SQLiteRows.credential($0, at: 0) }
        }
    }

    public func credentials(userHandle: [UInt8]) async throws -> [CredentialRecord] {
        let handle = Base64URL.encode(userHandle)
        return try await read { db in
            try Row.fetchAll(
                db.cachedStatement(sql: "SELECT \(Schema.credentialColumns) FROM credentials WHERE user_handle = ? ORDER BY created_at, id"),
                arguments: [handle]
            )
            .map { try SQLiteRows.credential($0, at: 0) }
        }
    }

    public func renameCredential(id: [UInt8], userHandle: [UInt8], name: String, events: ChangeRecord) async throws -> Bool {
        let (id, handle) = (Base64URL.encode(id), Base64URL.encode(userHandle))
        return try await write { db in
            try db.cachedStatement(sql: "UPDATE credentials SET name = ? WHERE id = ? AND user_handle = ?").execute(arguments: [name, id, handle])
            guard db.changesCount > 0 else { return false }
            try Self.insertEvents(try events.rows(), db)
            return true
        }
    }

    public func finishRegistration(
        newUser: UserRecord?, credential c: CredentialRecord, session: SessionRecord, requiredSession: String?, endsRequiredSession: Bool,
        recoveryCodeHashes: [String], now: Int64, events: ChangeRecord
    ) async throws -> RegistrationOutcome {
        let handle = Base64URL.encode(c.userHandle)
        let credentialValues = SQLiteRows.values(of: c)
        let sessionValues = SQLiteRows.values(of: session)
        let eventRows = try events.rows()
        return try await write { db in
            if let user = newUser {
                // Every unique column refuses: the name itself, its lookup key (a spelling of a taken name) and its
                // confusability key (a look-alike of one).
                try db.cachedStatement(sql: Self.insertNewUserSQL)
                    .execute(arguments: [
                        handle, user.username, UsernameKey(user.username).rawValue, ConfusabilityKey(user.username).rawValue, user.displayName,
                        user.createdAt,
                    ])
                if db.changesCount == 0 { throw RollBack(value: RegistrationOutcome.usernameTaken) }
            } else {
                // The group writer is the only writer, so nothing can delete the account between this check and
                // the insert below.
                guard try Row.fetchOne(db.cachedStatement(sql: "SELECT 1 FROM users WHERE handle = ?"), arguments: [handle]) != nil else {
                    throw RollBack(value: RegistrationOutcome.accountGone)
                }
                if let requiredSession {
                    // A recovery session's one passkey ends it here: of registrations finished at once on it, only the
                    // first finds it live.
                    let live: Bool
                    if endsRequiredSession {
                        try db.cachedStatement(sql: "DELETE FROM sessions WHERE token_hash = ? AND user_handle = ? AND expires_at > ?")
                            .execute(arguments: [requiredSession, handle, now])
                        live = db.changesCount > 0
                    } else {
                        live =
                            try Row.fetchOne(
                                db.cachedStatement(sql: "SELECT 1 FROM sessions WHERE token_hash = ? AND user_handle = ? AND expires_at > ?"),
                                arguments: [requiredSession, handle, now]) != nil
                    }
                    if !live { throw RollBack(value: RegistrationOutcome.sessionEnded) }
                }
            }
            try db.cachedStatement(
                sql: Self.insertCredentialSQL
            )
            .execute(arguments: credentialValues)
            if db.changesCount == 0 { throw RollBack(value: RegistrationOutcome.credentialExists) }
            try Self.insertSession(sessionValues, db)
            try Self.insertRecoveryCodes(recoveryCodeHashes, handle: handle, db)
            try Self.insertEvents(eventRows, db)
            return .registered
        }
    }

    public func deleteCredential(id: [UInt8], userHandle: [UInt8], keepingSession: String?, events: ChangeRecord) async throws -> CredentialDeletion {
        let (id, handle) = (Base64URL.encode(id), Base64URL.encode(userHandle))
        return try await write { db in
            let owned = try String.fetchAll(db.cachedStatement(sql: "SELECT id FROM credentials WHERE user_handle = ?"), arguments: [handle])
            guard owned.contains(id) else { return .notFound }
            guard owned.count > 1 else { return .lastCredential }
            try db.cachedStatement(sql: "DELETE FROM credentials WHERE id = ? AND user_handle = ?").execute(arguments: [id, handle])
            if let keepingSession {
                try db.cachedStatement(sql: "UPDATE sessions SET credential_id = NULL WHERE token_hash = ? AND credential_id = ?").execute(
                    arguments: [keepingSession, id])
            }
            let ended = try Self.sessionHashes(ifEventsIn: events, sql: "SELECT token_hash FROM sessions WHERE credential_id = ?", [id], db)
            try db.cachedStatement(sql: "DELETE FROM sessions WHERE credential_id = ?").execute(arguments: [id])
            try Self.insertEvents(try events.rows(endedSessions: ended), db)
            return .deleted
        }
    }

    public func deleteAccount(userHandle: [UInt8], events: ChangeRecord) async throws -> Bool {
        let handle = Base64URL.encode(userHandle)
        let eventRows = try events.rows()
        let deleted = try await write { db -> Bool in
            try db.cachedStatement(sql: "DELETE FROM users WHERE handle = ?").execute(arguments: [handle])
            guard db.changesCount > 0 else { return false }
            try db.cachedStatement(sql: "DELETE FROM credentials WHERE user_handle = ?").execute(arguments: [handle])
            try db.cachedStatement(sql: "DELETE FROM sessions WHERE user_handle = ?").execute(arguments: [handle])
            try db.cachedStatement(sql: "DELETE FROM recovery_codes WHERE user_handle = ?").execute(arguments: [handle])
            try Self.insertEvents(eventRows, db)
            return true
        }
        if deleted { try await ceremonies.removeAll(userHandle: userHandle) }
        return deleted
    }

    /// A new account's row, written only while its name, lookup key and confusability key are all free.
    static let insertNewUserSQL = """
        INSERT INTO users (handle, username, username_key, confusable_key, display_name, created_at)
        SELECT ?1, ?2, ?3, ?4, ?5, ?6 WHERE \(Schema.confusableKeyFreeSQL("?4")) ON CONFLICT DO NOTHING
        """

    /// A sign-in's first read: the account by name (exactly, else by ``UsernameKey``) with its credentials, in listing
    /// order straight from `credentials_user_order` (no sort step); one statement whether or not the name has an
    /// account (``Schema/userByNameWithCredentialsSQL(name:key:)``).
    static let userWithCredentialsSQL = Schema.userByNameWithCredentialsSQL(name: "?", key: "?")

    /// A recovery's first read: the account by name and code hash together.
    static let recoveryCodeOwnerSQL = Schema.recoveryCodeOwnerSQL(name: "?1", key: "?2", hash: "?3", bothIndexes: false)

    /// A sign-in's second read: the credential by ID with its account.
    static let credentialWithOwnerSQL = """
        SELECT u.handle, u.username, u.display_name, u.created_at, \(Schema.joinedCredentialColumns)
        FROM credentials c JOIN users u ON u.handle = c.user_handle WHERE c.id = ?
        """

    // The two reads of a sign-in decode each row where the cursor stands instead of copying its values out first
    // (`Row.fetchAll`/`fetchOne` copy every row into a row of its own before it is decoded).
    public func userWithCredentials(username: String) async throws -> (UserRecord, [CredentialRecord])? {
        let key = UsernameKey(username).rawValue
        return try await read { db in
            let rows = try Row.fetchCursor(db.cachedStatement(sql: Self.userWithCredentialsSQL), arguments: [username, key])
            return try withExtendedLifetime(rows) {
                guard let first = try rows.next() else { return nil }
                let user = try SQLiteRows.user(first, at: 0)
                var credentials: [CredentialRecord] = []
                // LEFT JOIN: an account without credentials is one row whose credential columns are NULL.
                if !first.hasNull(atIndex: 4) { credentials.append(try SQLiteRows.credential(first, at: 4)) }
                while let row = try rows.next() { credentials.append(try SQLiteRows.credential(row, at: 4)) }
                return (user, credentials)
            }
        }
    }

    public func credentialWithOwner(id: [UInt8]) async throws -> (CredentialRecord, UserRecord)? {
        let id = Base64URL.encode(id)
        return try await read { db in
            let rows = try Row.fetchCursor(db.cachedStatement(sql: Self.credentialWithOwnerSQL), arguments: [id])
            // The row reads from the statement, which the cursor resets when it is released: keep the cursor
            // alive until the row is decoded.
            return try withExtendedLifetime(rows) {
                guard let row = try rows.next() else { return nil }
                return (try SQLiteRows.credential(row, at: 4), try SQLiteRows.user(row, at: 0))
            }
        }
    }

    public func recordSignIn(
        credentialID: [UInt8], signCount: UInt32, backupState: Bool, uvInitialized: Bool, at time: Int64, session: SessionRecord, events: ChangeRecord
    ) async throws -> Bool {
        let id = Base64URL.encode(credentialID)
        let count = Int64(signCount)
        let sessionValues = SQLiteRows.values(of: session)
        let eventRows = try events.rows()
        return try await write { db in
            // Conditional, so a lower counter can never be stored last (a lost update would let a replayed counter
            // pass §7.2 step 22 later); a counter of zero may stay zero.
            try db.cachedStatement(sql: Self.counterUpdateSQL).execute(arguments: [
                count, backupState ? 1 : 0, time, uvInitialized ? 1 : 0, id, count, count,
            ])
            if db.changesCount == 0 { return false }
            try Self.insertSession(sessionValues, db)
            try Self.insertEvents(eventRows, db)
            return true
        }
    }

    /// A sign-in's counter update: conditional, so a lower counter can never be stored last; zero may stay zero.
    /// `uv_initialized` only turns true (the greater of the stored value and this sign-in's), whatever the order in
    /// which sign-ins of one passkey commit.
    static let counterUpdateSQL = """
        UPDATE credentials SET sign_count = ?, backup_state = ?, last_used_at = ?, uv_initialized = MAX(uv_initialized, ?)
        WHERE id = ? AND (sign_count < ? OR (sign_count = 0 AND ? = 0))
        """
}

extension SQLiteStore {
    /// A credential's row, unless its ID is stored already (WebAuthn L3 §7.1 step 26).
    static let insertCredentialSQL =
        "INSERT INTO credentials (\(Schema.credentialColumns)) VALUES (\(Schema.placeholders(CredentialRecord.columnNames.count))) ON CONFLICT DO NOTHING"
}
