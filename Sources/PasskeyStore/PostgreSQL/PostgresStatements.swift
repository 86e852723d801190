import PasskeyCore
import PostgresNIO

// The statements of a sign-in and a registration's ceremony, prepared once per connection. The other,
// rarer statements go through sql-kit. Each has a fixed name: postgres-nio's default name is `String(reflecting:)` of
// the type, built on every execution (1% of a PostgreSQL sign-in's CPU).

/// A statement keyed by one text value whose rows are a user and, from a join, one of their credentials.
protocol UserAndCredentialStatement: PostgresPreparedStatement where Row == (UserRecord, CredentialRecord?) {
    var key: String { get }
}

/// The binding types of every ``UserAndCredentialStatement``, one array for all their executions.
private let oneTextBindingDataTypes: [PostgresDataType] = [.text]

extension UserAndCredentialStatement {
    static var bindingDataTypes: [PostgresDataType] { oneTextBindingDataTypes }

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 1)
        bindings.append(key)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Row { try PostgresRows.userAndCredential(row) }
}

/// A statement whose bindings are a name (`$1`) and its ``UsernameKey`` (`$2`), for ``Schema/handleByNameSQL(name:key:)``.
protocol NameStatement: PostgresPreparedStatement {
    var username: String { get }
}

/// The binding types of every ``NameStatement``, one array for all their executions.
private let nameBindingDataTypes: [PostgresDataType] = [.text, .text]

extension NameStatement {
    static var bindingDataTypes: [PostgresDataType] { nameBindingDataTypes }

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 2)
        bindings.append(username)
        bindings.append(UsernameKey(username).rawValue)
        return bindings
    }
}

/// The account a name names (exactly, else by ``UsernameKey``) and its credentials
/// (``Schema/userByNameWithCredentialsSQL(name:key:)``): one statement, whether or not the name has an account.
struct UserWithCredentialsByNameStatement: NameStatement {
    static let name = "passkeys_user_by_name_with_credentials"
    static let sql = Schema.userByNameWithCredentialsSQL(name: "$1", key: "$2")
    typealias Row = (UserRecord, CredentialRecord?)

    let username: String

    func decodeRow(_ row: PostgresRow) throws -> Row { try PostgresRows.userAndCredential(row) }
}

/// A credential and the account that owns it.
struct CredentialWithOwnerStatement: UserAndCredentialStatement {
    static let name = "passkeys_credential_with_owner"
    static let sql = """
        SELECT u.handle, u.username, u.display_name, u.created_at, \(Schema.joinedCredentialColumns)
        FROM credentials c JOIN users u ON u.handle = c.user_handle WHERE c.id = $1
        """
    /// The credential ID, base64url.
    let key: String
}

/// The counter update and the new session in one statement: the session is inserted only from the row the
/// conditional update returned, and so are the sign-in's events, so webhooks add no statement.
struct RecordSignInStatement: PostgresPreparedStatement {
    static let name = "passkeys_record_sign_in"
    static let sql = """
        WITH updated AS (
            UPDATE credentials SET sign_count = $1, backup_state = $2, last_used_at = $3, uv_initialized = GREATEST(uv_initialized, $5)
            WHERE id = $4 AND (sign_count < $1 OR (sign_count = 0 AND $1 = 0))
            RETURNING id),
        new_events AS (
            \(PostgresStore.insertEventsCTE(from: "updated", first: sessionBinding + SessionRecord.columns.count))),
        new_audit AS (
            \(PostgresStore.insertAuditCTE(from: "updated", first: sessionBinding + SessionRecord.columns.count + 5)))
        INSERT INTO sessions (\(Schema.sessionColumns))
        SELECT \(Schema.numberedPlaceholders(from: sessionBinding, count: SessionRecord.columns.count)) FROM updated
        RETURNING token_hash
        """
    /// The number of the session's first binding, after the update's five; the events' five arrays and the audit
    /// entry follow the session's columns.
    static let sessionBinding = 6
    /// The update's five, the session's columns, the events' five arrays and the audit entry.
    static let bindingDataTypes: [PostgresDataType] =
        [.int8, .int8, .int8, .text, .int8] + SessionRecord.columns.map(\.kind.postgresType)
        + [.textArray, .textArray, .textArray, .textArray, .textArray] + PostgresStore.auditBindingDataTypes
    typealias Row = String

    let signCount: Int64
    let backupState: Bool
    /// Only turns the stored value true (`GREATEST`), whatever the order in which sign-ins commit.
    let uvInitialized: Bool
    let time: Int64
    let credentialID: String
    let session: SessionRecord
    /// The outbox rows of the events it raises, and its audit entry.
    let events: ChangeRows

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: Self.bindingDataTypes.count)
        bindings.append(signCount)
        bindings.append(Int64(backupState ? 1 : 0))
        bindings.append(time)
        bindings.append(credentialID)
        bindings.append(Int64(uvInitialized ? 1 : 0))
        bindings.append(columns: session.columnValues)
        PostgresStore.bind(events, to: &bindings)
        PostgresStore.bindAudit(events.audit, to: &bindings)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> String { try row.decode(String.self) }
}

/// A begun ceremony.
struct InsertCeremonyStatement: PostgresPreparedStatement {
    static let name = "passkeys_insert_ceremony"
    /// The columns both ceremony inserts write, in the order of their bindings.
    static let columns =
        "challenge, kind, user_handle, username, display_name, require_uv, expires_at, session_hash, bound, conditional, user_verification"
    static let sql = "INSERT INTO ceremonies (\(columns)) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)"
    static let bindingDataTypes: [PostgresDataType] = [.text, .text, .text, .text, .text, .int8, .int8, .text, .int8, .int8, .text]
    /// The types of a ``CeremonyAndNameStatement``'s bindings: these, then the name and its key.
    static let withNameBindingDataTypes: [PostgresDataType] = bindingDataTypes + [.text, .text]
    typealias Row = ()

    let ceremony: PendingCeremony

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 11)
        bindings.append(ceremony.challenge)
        bindings.append(ceremony.kind.rawValue)
        bindings.append(ceremony.userHandle.map { Base64URL.encode($0) })
        bindings.append(ceremony.username)
        bindings.append(ceremony.displayName)
        bindings.append(Int64(ceremony.requireUserVerification ? 1 : 0))
        bindings.append(ceremony.expiresAt)
        bindings.append(ceremony.sessionHash)
        bindings.append(Int64(ceremony.boundToUser ? 1 : 0))
        bindings.append(Int64(ceremony.conditional ? 1 : 0))
        bindings.append(ceremony.userVerification.rawValue)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws {}
}

/// A statement that stores a ceremony and looks an account up by name: the ceremony's eleven bindings
/// (``InsertCeremonyStatement``), then the name (`$12`) and its ``UsernameKey`` (`$13`).
protocol CeremonyAndNameStatement: PostgresPreparedStatement {
    var ceremony: PendingCeremony { get }
    var username: String { get }
    var key: UsernameKey { get }
}

extension CeremonyAndNameStatement {
    /// One array for every execution (postgres-nio reads it for each), not a new one each time.
    static var bindingDataTypes: [PostgresDataType] { InsertCeremonyStatement.withNameBindingDataTypes }

    func makeBindings() throws -> PostgresBindings {
        var bindings = try InsertCeremonyStatement(ceremony: ceremony).makeBindings()
        bindings.append(username)
        bindings.append(key.rawValue)
        return bindings
    }
}

/// A new account's registration ceremony, stored only while no account has its name (``NameCheckingCeremonyStore``):
/// the account lookup of ``Schema/userByNameSQL(name:key:)`` (the exact name or its ``UsernameKey``), and no account
/// has its ``ConfusabilityKey`` (`$13`). A row back means stored.
struct InsertCeremonyIfNameFreeStatement: CeremonyAndNameStatement {
    static let name = "passkeys_insert_ceremony_if_name_free"
    static let sql = """
        INSERT INTO ceremonies (\(InsertCeremonyStatement.columns))
        SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11
        WHERE NOT EXISTS (\(Schema.userByNameSQL(name: "$12", key: "$13"))) AND \(Schema.confusableKeyFreeSQL("$14"))
        RETURNING challenge
        """
    typealias Row = String
    static let bindingDataTypes: [PostgresDataType] = InsertCeremonyStatement.withNameBindingDataTypes + [.text]

    let ceremony: PendingCeremony
    let username: String
    let key: UsernameKey

    func makeBindings() throws -> PostgresBindings {
        var bindings = try InsertCeremonyStatement(ceremony: ceremony).makeBindings()
        bindings.append(username)
        bindings.append(key.rawValue)
        bindings.append(ConfusabilityKey(username).rawValue)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> String { try row.decode(String.self) }
}

/// A sign-in begun by name (``AccountReadingCeremonyStore``): reads the account the name names with its credentials,
/// as ``UserWithCredentialsByNameStatement`` does, and stores the ceremony in the same statement, with the account's
/// handle when the account has a credential and else with the stand-in handle bound as `$3`. PostgreSQL runs a
/// data-modifying `WITH` exactly once whether or not the outer query reads it, so the ceremony is stored for every
/// name; the rows are the account's, none for a name without an account.
struct InsertAuthenticationReadingAccountStatement: CeremonyAndNameStatement {
    static let name = "passkeys_insert_authentication_reading_account"
    static let sql = """
        WITH found AS (SELECT \(Schema.handleByNameSQL(name: "$12", key: "$13")) AS handle),
        stored AS (
            INSERT INTO ceremonies (\(InsertCeremonyStatement.columns))
            SELECT $1, $2, COALESCE((SELECT user_handle FROM credentials WHERE user_handle = (SELECT handle FROM found) LIMIT 1), $3),
                $4, $5, $6, $7, $8, $9, $10, $11
            RETURNING challenge)
        \(Schema.userWithCredentialsSQL(handle: "(SELECT handle FROM found)"))
        """
    typealias Row = (UserRecord, CredentialRecord?)

    /// The sign-in's ceremony, with the name's stand-in handle.
    let ceremony: PendingCeremony
    let username: String
    let key: UsernameKey

    func decodeRow(_ row: PostgresRow) throws -> Row { try PostgresRows.userAndCredential(row) }
}

/// Claims a ceremony: one statement reads and removes it, so a challenge is used at most once, on any instance.
struct TakeCeremonyStatement: PostgresPreparedStatement {
    static let name = "passkeys_take_ceremony"
    static let sql = """
        DELETE FROM ceremonies WHERE challenge = $1 AND kind = $2
        RETURNING user_handle, username, display_name, require_uv, expires_at, session_hash, bound, conditional, user_verification
        """
    static let bindingDataTypes: [PostgresDataType] = [.text, .text]
    typealias Row = PendingCeremony

    let challenge: String
    let kind: PendingCeremony.Kind

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 2)
        bindings.append(challenge)
        bindings.append(kind.rawValue)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> PendingCeremony {
        let (handle, username, displayName, requireUV, expiresAt, sessionHash, bound, conditional, userVerification) =
            try row.decode((String?, String?, String?, Int64, Int64, String?, Int64, Int64, String?).self)
        return PendingCeremony(
            challenge: challenge, kind: kind, userHandle: try handle.map { try Base64URL.decode($0) }, username: username,
            displayName: displayName, userVerification: try PostgresRows.userVerification(userVerification, requireUV: requireUV),
            expiresAt: expiresAt, sessionHash: sessionHash, boundToUser: bound != 0, conditional: conditional != 0)
    }
}

/// Claims a sign-in's ceremony and reads the credential its response names, with its owner, in one statement (one
/// round trip where `take` and `credentialWithOwner` were two). One row when a sign-in ceremony had this challenge
/// (expired or not: the store checks expiry), its credential and owner columns NULL when no credential has that ID;
/// no row when none had.
struct TakeAuthenticationStatement: PostgresPreparedStatement {
    static let name = "passkeys_take_authentication"
    static let sql = """
        WITH taken AS (
            DELETE FROM ceremonies WHERE challenge = $1 AND kind = '\(PendingCeremony.Kind.authentication.rawValue)'
            RETURNING user_handle, username, display_name, require_uv, expires_at, session_hash, bound, user_verification)
        SELECT t.user_handle, t.username, t.display_name, t.require_uv, t.expires_at, t.session_hash, t.bound, t.user_verification,
            u.handle, u.username, u.display_name, u.created_at, \(Schema.joinedCredentialColumns)
        FROM taken t LEFT JOIN (credentials c JOIN users u ON u.handle = c.user_handle) ON c.id = $2
        """
    static let bindingDataTypes: [PostgresDataType] = [.text, .text]
    typealias Row = ClaimedAuthentication<UserRecord>

    let challenge: String
    /// The credential ID, base64url.
    let credentialID: String

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 2)
        bindings.append(challenge)
        bindings.append(credentialID)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Row {
        var columns = PostgresColumns(row)
        let ceremonyHandle = try columns.text()
        let (ceremonyUsername, ceremonyDisplayName) = (try columns.text(), try columns.text())
        let requireUV = try columns.integer("ceremonies.require_uv")
        let expiresAt = try columns.integer("ceremonies.expires_at")
        let sessionHash = try columns.text()
        let bound = try columns.integer("ceremonies.bound")
        let userVerification = try columns.text()
        let ceremony = PendingCeremony(
            challenge: challenge, kind: .authentication, userHandle: try ceremonyHandle.map { try Base64URL.decode($0) },
            username: ceremonyUsername, displayName: ceremonyDisplayName,
            userVerification: try PostgresRows.userVerification(userVerification, requireUV: requireUV),
            expiresAt: expiresAt, sessionHash: sessionHash, boundToUser: bound != 0)
        // The owner's columns are NULL, with the credential's, when no credential has the ID: looked at on a copy.
        var owner = columns
        guard try owner.text() != nil else { return ClaimedAuthentication(ceremony: ceremony, credential: nil) }
        let user = try UserRecord(columns: &columns)
        guard let credential = try CredentialRecord.joined(columns: &columns) else {
            throw StoredRowInvalid(column: "credentials.id")
        }
        return ClaimedAuthentication(ceremony: ceremony, credential: (credential, user))
    }
}

/// Records from the columns of ``Schema`` as PostgreSQL returns them, through the records' one mapping.
enum PostgresRows {
    /// `handle, username, display_name, created_at` then ``Schema/joinedCredentialColumns`` (NULL when a `LEFT
    /// JOIN` found no credential).
    static func userAndCredential(_ row: PostgresRow) throws -> (UserRecord, CredentialRecord?) {
        var columns = PostgresColumns(row)
        let user = try UserRecord(columns: &columns)
        return (user, try CredentialRecord.joined(columns: &columns))
    }

    /// An account and what its rows list, from the rows of a `LEFT JOIN` on one account (its credentials, its
    /// recovery codes' hashes): nil for no row, an empty list for the one row of an account with none.
    static func grouped<Item>(_ rows: [(UserRecord, Item?)]) -> (UserRecord, [Item])? {
        guard let user = rows.first?.0 else { return nil }
        return (user, rows.compactMap(\.1))
    }

    /// A waiting ceremony's user-verification requirement: its `user_verification`, or for a row an earlier release
    /// stored (NULL there), `require_uv` read as `required` or `preferred`. A value this build does not know is a
    /// damaged row, refused rather than guessed.
    static func userVerification(_ text: String?, requireUV: Int64) throws -> UserVerificationRequirement {
        guard let text else { return requireUV != 0 ? .required : .preferred }
        return try UserVerificationRequirement.parse(text, field: "ceremonies.user_verification")
    }
}
