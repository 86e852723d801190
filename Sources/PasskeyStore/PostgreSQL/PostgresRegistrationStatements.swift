import PasskeyCore
import PasskeyRelyingParty
import PostgresNIO

// The statements of a registration's ceremony that postgres-kit's sql-kit path ran unprepared, text-encoded and
// decoded through `Codable`: the username's lookup at options, and the new account's writes at result.

/// The account with this username (a registration's options ask whether the name is free): the one whose stored
/// name is exactly it, else the one whose `UsernameKey` is the name's (``Schema/userByNameSQL``).
struct UserByNameStatement: NameStatement {
    static let name = "passkeys_user_by_name"
    static let sql = Schema.userByNameSQL(name: "$1", key: "$2")
    typealias Row = UserRecord

    let username: String

    func decodeRow(_ row: PostgresRow) throws -> UserRecord {
        var columns = PostgresColumns(row)
        return try UserRecord(columns: &columns)
    }
}

/// A new account with its first credential and session, in one statement and so one round trip and one implicit
/// transaction, where BEGIN, three INSERTs and COMMIT were five.
///
/// - The user's INSERT does nothing when the username (or the random handle) is taken; the credential and the session
///   are inserted only from the row it returned, so no row comes back and nothing is written: `usernameTaken`.
/// - The credential's INSERT has no `ON CONFLICT`: a credential ID stored meanwhile (WebAuthn L3 §7.1 step 26) fails
///   the whole statement with a unique violation on `credentials_pkey`, which undoes the user's INSERT too and which
///   the store answers as `credentialExists`.
/// - The foreign key from the credential to the user is checked at the end of the statement, when the user's row
///   is there.
/// - The user row carries the name's `UsernameKey` (its unique index refuses a spelling of a taken name like the
///   name itself) and its `ConfusabilityKey` (a look-alike of a taken name is not inserted, and the unique index
///   settles a race), and the account's recovery-code hashes are inserted from the user's row too.
/// - The credential and the session are bound as their records' columns, each one block in its columns' order; the
///   numbers of the bindings after them follow from the records' column counts (``Binding``).
/// - The events the sign-up raises (`user.created`, `passkey.created`, `session.created`) go into the
///   outbox from the user's row as well, in the same statement: no statement more per sign-up, with or without
///   webhooks; so does its audit entry (`new_audit`).
struct RegisterNewAccountStatement: PostgresPreparedStatement {
    static let name = "passkeys_register_new_account"
    /// The number of each binding, in the order ``makeBindings()`` appends them: the user's four, the credential's
    /// columns, the session's, the name's two keys, the recovery-code hashes, the events' five arrays, the audit entry.
    enum Binding {
        static let credential = 5
        static let session = credential + CredentialRecord.columns.count
        static let usernameKey = session + SessionRecord.columns.count
        static let confusableKey = usernameKey + 1
        static let recoveryCodes = usernameKey + 2
        static let events = usernameKey + 3
        static let audit = events + 5
    }
    static let sql = """
        WITH new_user AS (
            INSERT INTO users (handle, username, username_key, confusable_key, display_name, created_at)
            SELECT $1, $2, $\(Binding.usernameKey), $\(Binding.confusableKey), $3, $4
            WHERE \(Schema.confusableKeyFreeSQL("$\(Binding.confusableKey)"))
            ON CONFLICT DO NOTHING RETURNING handle),
        new_credential AS (
            INSERT INTO credentials (\(Schema.credentialColumns))
            SELECT \(Schema.numberedPlaceholders(from: Binding.credential, count: CredentialRecord.columns.count)) FROM new_user
            RETURNING id),
        new_codes AS (
            INSERT INTO recovery_codes (user_handle, code_hash)
            SELECT new_user.handle, code FROM new_user, unnest($\(Binding.recoveryCodes)::text[]) AS code
            RETURNING code_hash),
        new_events AS (
            \(PostgresStore.insertEventsCTE(from: "new_user", first: Binding.events))),
        new_audit AS (
            \(PostgresStore.insertAuditCTE(from: "new_user", first: Binding.audit)))
        INSERT INTO sessions (\(Schema.sessionColumns))
        SELECT \(Schema.numberedPlaceholders(from: Binding.session, count: SessionRecord.columns.count)) FROM new_credential
        RETURNING token_hash
        """
    static let bindingDataTypes: [PostgresDataType] =
        [.text, .text, .text, .int8] + CredentialRecord.columns.map(\.kind.postgresType) + SessionRecord.columns.map(\.kind.postgresType)
        + [.text, .text, .textArray] + [.textArray, .textArray, .textArray, .textArray, .textArray] + PostgresStore.auditBindingDataTypes
    typealias Row = String

    /// The constraint whose violation means the credential ID is registered already.
    static let credentialIDConstraint = "credentials_pkey"

    let user: UserRecord
    let credential: CredentialRecord
    let session: SessionRecord
    /// The new account's recovery-code hashes.
    let recoveryCodeHashes: [String]
    /// The outbox rows of the events it raises, and its audit entry (the sign-up's).
    let events: ChangeRows

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: Self.bindingDataTypes.count)
        bindings.append(Base64URL.encode(user.handle))
        bindings.append(user.username)
        bindings.append(user.displayName)
        bindings.append(user.createdAt)
        bindings.append(columns: credential.columnValues)
        bindings.append(columns: session.columnValues)
        bindings.append(UsernameKey(user.username).rawValue)
        bindings.append(ConfusabilityKey(user.username).rawValue)
        bindings.append(recoveryCodeHashes)
        PostgresStore.bind(events, to: &bindings)
        PostgresStore.bindAudit(events.audit, to: &bindings)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> String { try row.decode(String.self) }
}
