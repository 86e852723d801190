import PasskeyCore
import PasskeyRelyingParty

/// The tables, the same on SQLite and PostgreSQL, so a deployment can move between them with a plain export and a
/// file made by an earlier release opens unchanged.
///
/// Byte strings are stored as base64url TEXT and booleans and instants as BIGINT, so both databases hold the same
/// values and either shell reads them. On SQLite the `ceremonies` table stays empty: a server that owns its file
/// keeps pending ceremonies in memory (``MemoryCeremonyStore``).
enum Schema {
    /// Each entry is applied once, in order, and recorded in `schema_migrations`.
    static let migrations: [[SchemaStep]] = [
        [
            """
            CREATE TABLE users (
                handle TEXT PRIMARY KEY, username TEXT NOT NULL UNIQUE, display_name TEXT NOT NULL, created_at BIGINT NOT NULL)
            """,
            """
            CREATE TABLE credentials (
                id TEXT PRIMARY KEY, user_handle TEXT NOT NULL REFERENCES users(handle) ON DELETE CASCADE,
                public_key TEXT NOT NULL, sign_count BIGINT NOT NULL, transports TEXT NOT NULL, aaguid TEXT NOT NULL,
                format TEXT NOT NULL, attestation_type TEXT NOT NULL, backup_eligible BIGINT NOT NULL,
                backup_state BIGINT NOT NULL, name TEXT NOT NULL, created_at BIGINT NOT NULL, last_used_at BIGINT)
            """,
            "CREATE INDEX credentials_user ON credentials(user_handle)",
            """
            CREATE TABLE ceremonies (
                challenge TEXT PRIMARY KEY, kind TEXT NOT NULL, user_handle TEXT, username TEXT, display_name TEXT,
                require_uv BIGINT NOT NULL, expires_at BIGINT NOT NULL)
            """,
            "CREATE INDEX ceremonies_expiry ON ceremonies(expires_at)",
            "CREATE TABLE sessions (token_hash TEXT PRIMARY KEY, user_handle TEXT NOT NULL, expires_at BIGINT NOT NULL)",
            "CREATE INDEX sessions_expiry ON sessions(expires_at)",
        ],
        [
            // Sessions follow the passkey that started them (removing it ends them) and their account.
            "ALTER TABLE sessions ADD COLUMN credential_id TEXT",
            "CREATE INDEX sessions_credential ON sessions(credential_id)",
            "CREATE INDEX sessions_user ON sessions(user_handle)",
            "CREATE INDEX ceremonies_user ON ceremonies(user_handle)",
            // A registration that joins an account stays bound to the session that began it.
            "ALTER TABLE ceremonies ADD COLUMN session_hash TEXT",
            // Deployment secrets (the key that derives stand-in credential IDs for unknown usernames).
            "CREATE TABLE secrets (name TEXT PRIMARY KEY, value TEXT NOT NULL)",
        ],
        [
            // An account's credentials in the order they are listed (created_at, id), so a sign-in's options read them
            // from the index with no sort step: on SQLite the sort's scratch memory was a fifth of that read's cost.
            // The old single-column index is a prefix of this one. Both statements may be repeated,
            // as PostgreSQL applies them outside a transaction.
            "CREATE INDEX IF NOT EXISTS credentials_user_order ON credentials(user_handle, created_at, id)",
            "DROP INDEX IF EXISTS credentials_user",
        ],
        [
            // One comparison form for usernames (`UsernameKey`: NFKC, case folding, a confusable skeleton): `Ada`,
            // `ADA` and `аda` are one name. The keys are computed in Swift, so the column is filled by
            // the step below before its unique index exists; see ``SchemaStep/fillUsernameKeys``.
            "ALTER TABLE users ADD COLUMN username_key TEXT",
            .fillUsernameKeys,
            "CREATE UNIQUE INDEX IF NOT EXISTS users_username_key ON users(username_key)",
        ],
        [
            // A registration begun as conditional create, the one kind that may finish without UP.
            "ALTER TABLE ceremonies ADD COLUMN conditional BIGINT NOT NULL DEFAULT 0"
        ],
        [
            // Step-up: when the session's user last verified with a passkey, and recovery sessions, which
            // may only add a passkey.
            "ALTER TABLE sessions ADD COLUMN verified_at BIGINT",
            "ALTER TABLE sessions ADD COLUMN recovery BIGINT NOT NULL DEFAULT 0",
            // A sign-in begun for a user (a step-up) stays bound to that user when it waits in PostgreSQL, so the
            // plain sign-in finish refuses it (Passkeys.beginAuthentication(for:bound:)).
            "ALTER TABLE ceremonies ADD COLUMN bound BIGINT NOT NULL DEFAULT 0",
            // Recovery codes, only as keyed hashes (RecoveryCodeHasher); a used code's row is deleted.
            """
            CREATE TABLE IF NOT EXISTS recovery_codes (
                user_handle TEXT NOT NULL REFERENCES users(handle) ON DELETE CASCADE, code_hash TEXT NOT NULL,
                PRIMARY KEY (user_handle, code_hash))
            """,
        ],
        [
            // Pending ceremonies are not written to PostgreSQL's WAL: beginning and claiming one no longer
            // waits for a flush to disk, which made a registration wait for three. What a crash loses is only
            // ceremonies begun and not finished, which their users begin again; it cannot bring a claimed ceremony
            // back for a replay, since the table is emptied on crash recovery. docs/decisions/0089-unlogged-ceremonies.md has the argument.
            // (SQLite keeps its ceremonies in memory.)
            .postgres("ALTER TABLE ceremonies SET UNLOGGED")
        ],
        [
            // WebAuthn L3 §4 credential record `uvInitialized`: whether the passkey has ever verified its
            // user, so a step-up asks of it only what it has shown it can give. Rows stored before are unknown: a
            // fido-u2f passkey cannot verify its user at all (CTAP1/U2F has no UV), every other one starts true, the
            // safe side (a step-up then asks it for UV).
            "ALTER TABLE credentials ADD COLUMN uv_initialized BIGINT NOT NULL DEFAULT 1",
            "UPDATE credentials SET uv_initialized = 0 WHERE format = 'fido-u2f'",
            // A waiting ceremony's user-verification requirement by name (one type for user verification),
            // beside `require_uv`, which instances of earlier releases still read during a rolling upgrade.
            "ALTER TABLE ceremonies ADD COLUMN user_verification TEXT",
        ],
        Schema.eventOutbox,
        [
            // Names that could pass for others: beside the lookup key, each account's `ConfusabilityKey`
            // (the UTS #39 skeleton from Unicode's confusables.txt before case folding, then folded), which a new
            // account's name must not share. Filled in Swift like `username_key`; accounts stored earlier whose names
            // already share a key keep their names, the oldest keeps the key (``SchemaStep/fillConfusabilityKeys``),
            // and the unique index makes two sign-ups racing for look-alike names end with one account.
            "ALTER TABLE users ADD COLUMN confusable_key TEXT",
            .fillConfusabilityKeys,
            "CREATE UNIQUE INDEX IF NOT EXISTS users_confusable_key ON users(confusable_key)",
        ],
        [
            // The highest FIDO metadata serial (`no`) installed, per publisher (the roots BLOBs are verified under),
            // so every instance and every restart refuse an older BLOB, with or without a cache.
            "CREATE TABLE IF NOT EXISTS metadata_serials (publisher TEXT PRIMARY KEY, serial BIGINT NOT NULL)"
        ],
        Schema.sessionTokens,
        Schema.auditLog,
        Schema.openIDProvider,
        [
            // Per-client limits every instance shares: a token bucket per budget and client (`rate_buckets`:
            // the options rate, failed results, taken names, recovery attempts per name and per client) and the
            // ceremonies each client keeps waiting (`ceremony_quota`). Unlogged, as `ceremonies`: a limit is updated by
            // most requests and never waits for a flush to disk, and what a crash loses (PostgreSQL empties unlogged
            // tables in crash recovery) is that clients start again with full buckets. SQLite, one process, keeps its
            // limits in memory. The statements may be repeated, as PostgreSQL applies them outside a transaction.
            .postgres(
                """
                CREATE UNLOGGED TABLE IF NOT EXISTS rate_buckets (
                    budget TEXT NOT NULL, client TEXT NOT NULL, tokens DOUBLE PRECISION NOT NULL, granted DOUBLE PRECISION NOT NULL,
                    updated_at DOUBLE PRECISION NOT NULL, full_at DOUBLE PRECISION NOT NULL, PRIMARY KEY (budget, client))
                """),
            .postgres(
                """
                CREATE UNLOGGED TABLE IF NOT EXISTS ceremony_quota (
                    challenge TEXT PRIMARY KEY, client TEXT NOT NULL, kind TEXT NOT NULL, expires_at BIGINT NOT NULL,
                    seq BIGINT GENERATED ALWAYS AS IDENTITY)
                """),
            .postgres("CREATE INDEX IF NOT EXISTS ceremony_quota_client ON ceremony_quota (client, seq)"),
        ],
        [
            // The username key's unique index, on PostgreSQL. The step that added the username key named it
            // `users_username_key`, the name PostgreSQL had already given the index of `username`'s own UNIQUE
            // constraint, so `IF NOT EXISTS` skipped it: every lookup by key (each sign-in by name, each sign-up's
            // name check) read the whole table, a sign-up's name check took 1.7 ms at 10,000 accounts, and two
            // sign-ups racing with names of one key could both succeed. Accounts that came to share a key meanwhile
            // are settled as when the key was added: the oldest keeps it, the others keep their names under a key of their own
            // (`Schema.keys(for:_:)`). SQLite named its constraint's index otherwise and has had the index all along.
            .postgres(
                """
                UPDATE users SET username_key = chr(1) || 'shared:' || users.handle
                FROM (SELECT handle, row_number() OVER (PARTITION BY username_key ORDER BY created_at, handle) AS n
                      FROM users WHERE username_key IS NOT NULL) ranked
                WHERE ranked.handle = users.handle AND ranked.n > 1
                """),
            .postgres("CREATE UNIQUE INDEX IF NOT EXISTS users_username_key_unique ON users(username_key)"),
        ],
        Schema.leastPrivilege,
        Schema.grantFamilies,
        Schema.sealedDeploymentSecrets,
        Schema.pkcePolicy,
        Schema.secretVersions,
    ]

    /// The columns of a session row, in the order both stores read and write them (``SessionRecord/columnNames``).
    static let sessionColumns = SessionRecord.columnNames.joined(separator: ", ")

    /// A sign-in's first read, the same on both databases: the account whose handle is `handle` (an SQL expression),
    /// with its credentials in listing order from `credentials_user_order` (no sort step).
    static func userWithCredentialsSQL(handle: String) -> String {
        """
        SELECT u.handle, u.username, u.display_name, u.created_at, \(joinedCredentialColumns)
        FROM users u LEFT JOIN credentials c ON c.user_handle = u.handle
        WHERE u.handle = \(handle) ORDER BY c.created_at, c.id
        """
    }

    /// The handle of the account a name names, as one scalar: the account whose stored name is exactly `name`, else
    /// the one whose ``UsernameKey`` is `key`, else NULL. The exact match comes first for an account stored before keys
    /// existed whose key went to an older look-alike (``usernameKeys(for:)``). One index lookup for an exact name, two
    /// for any other, and no sort: ordering both candidates and keeping the first, as this did before, costs SQLite a
    /// temporary B-tree.
    static func handleByNameSQL(name: String, key: String) -> String {
        "COALESCE((SELECT handle FROM users WHERE username = \(name)), (SELECT handle FROM users WHERE username_key = \(key)))"
    }

    /// The account a name names (``handleByNameSQL(name:key:)``) with its credentials in listing order, in one
    /// statement whether or not the name has an account, so the round trips do not tell: `LEFT JOIN`, so an account
    /// without credentials is one row whose credential columns are NULL, and no account is no row.
    static func userByNameWithCredentialsSQL(name: String, key: String) -> String {
        userWithCredentialsSQL(handle: handleByNameSQL(name: name, key: key))
    }

    /// The account a name names (``handleByNameSQL(name:key:)``) when one of its unused recovery codes has the keyed
    /// hash `hash`: one row, or none. One probe of `recovery_codes`' primary key (user handle, hash) whether or not the
    /// name has an account (a name without one probes with the empty handle, which no account has), and the account's
    /// row is read only when the code matched: a wrong code costs the same for every name. The hash is an
    /// HMAC under the deployment's key, so the index lookup's timing tells nothing about any stored code.
    ///
    /// With `bothIndexes` the name is looked up by both indexes every time (`username = … OR username_key = …`, the
    /// exact name winning), not by ``handleByNameSQL(name:key:)``'s `COALESCE`, which stops after the first index when
    /// the exact name is found. PostgreSQL takes it: there the second index scan made an unknown name slower than a
    /// known one (median ratios known/unknown 0.81–0.97 in five runs, against 0.70–1.27 around 1 this way). SQLite
    /// does not: its probes cost ~1 µs, and reading the found row in the aggregate made a known name 4% slower, where
    /// the `COALESCE` form measures 1.01 (``RecoveryTimingBenchmark``; docs/decisions/0123-recovery-codes-hmac.md).
    static func recoveryCodeOwnerSQL(name: String, key: String, hash: String, bothIndexes: Bool) -> String {
        let handle =
            bothIndexes
            ? """
            (SELECT COALESCE(MAX(CASE WHEN username = \(name) THEN handle END), MIN(handle)) FROM users
             WHERE username = \(name) OR username_key = \(key))
            """ : handleByNameSQL(name: name, key: key)
        return """
            SELECT u.handle, u.username, u.display_name, u.created_at
            FROM recovery_codes r JOIN users u ON u.handle = r.user_handle
            WHERE r.user_handle = COALESCE(\(handle), '') AND r.code_hash = \(hash)
            """
    }

    /// The account a name names (``handleByNameSQL(name:key:)``), in one statement (bindings: the name, its
    /// ``UsernameKey``).
    static let userByNameSQL = userByNameSQL(name: "?", key: "?")

    /// ``userByNameSQL`` with each database's placeholders.
    static func userByNameSQL(name: String, key: String) -> String {
        "SELECT handle, username, display_name, created_at FROM users WHERE handle = \(handleByNameSQL(name: name, key: key))"
    }

    /// The username keys of accounts stored before keys existed, for ``SchemaStep/fillUsernameKeys``: `rows` (handle,
    /// username) in creation order, oldest first. The oldest account of names that now share a key keeps the key;
    /// each later one gets a key no name can have (names hold no control character), so it stays reachable by its
    /// exact name (the stores look a name up exactly first) and through discoverable sign-ins, and no new look-alike
    /// can join them.
    static func usernameKeys(for rows: [(handle: String, username: String)]) -> [(handle: String, key: String)] {
        keys(for: rows) { UsernameKey($0).rawValue }
    }

    /// The confusability keys of accounts stored before they existed, for ``SchemaStep/fillConfusabilityKeys``, by
    /// the same rule as ``usernameKeys(for:)``: the oldest of names that share a key keeps it, each later one gets a
    /// key no name can have. Those later accounts keep their names and their lookup keys; a new name confusable with
    /// any of them meets the oldest's key, which is the same.
    static func confusabilityKeys(for rows: [(handle: String, username: String)]) -> [(handle: String, key: String)] {
        keys(for: rows) { ConfusabilityKey($0).rawValue }
    }

    private static func keys(for rows: [(handle: String, username: String)], _ key: (String) -> String) -> [(handle: String, key: String)] {
        var taken: Set<String> = []
        return rows.map { row in
            let key = key(row.username)
            if taken.insert(key).inserted { return (row.handle, key) }
            return (row.handle, "\u{1}shared:" + row.handle)
        }
    }

    /// The `SELECT` of a new account's row: inserted only while no account's ``ConfusabilityKey`` is `confusable`
    /// (the unique index refuses the same race-free; this check makes the refusal a plain `usernameTaken` without
    /// an error, and keeps SQLite's `ON CONFLICT DO NOTHING` form).
    static func confusableKeyFreeSQL(_ confusable: String) -> String {
        "NOT EXISTS (SELECT 1 FROM users WHERE confusable_key = \(confusable))"
    }

    /// The columns of a credential row, in the order both stores read and write them (``CredentialRecord/columnNames``).
    static let credentialColumns = CredentialRecord.columnNames.joined(separator: ", ")

    /// The same columns qualified by the alias `c`, for joins with `users u`.
    static let joinedCredentialColumns = CredentialRecord.columnNames.map { "c." + $0 }.joined(separator: ", ")

    /// SQLite's `?` placeholders for `count` values, comma-separated.
    static func placeholders(_ count: Int) -> String { Array(repeating: "?", count: count).joined(separator: ", ") }

    /// PostgreSQL's numbered placeholders `$first`, `$first+1`, … for `count` values, comma-separated.
    static func numberedPlaceholders(from first: Int, count: Int) -> String {
        (first..<first + count).map { "$\($0)" }.joined(separator: ", ")
    }

    /// Transports are kept as a JSON array of strings.
    static func transportsColumn(_ transports: [String]) -> String {
        JSONValue.array(transports.map(JSONValue.string)).serialized()
    }

    /// The stored transports; a value that is not an array of strings reads as none (they are only hints, §5.8.3).
    static func transports(fromColumn text: String) -> [String] {
        (try? JSONParser.parse(text))?.arrayValue?.compactMap(\.stringValue) ?? []
    }
}

/// One step of a migration: SQL both databases run as written, or a step computed in Swift.
enum SchemaStep: Sendable, Equatable, ExpressibleByStringLiteral {
    case sql(String)
    /// SQL only PostgreSQL runs; SQLite records the migration without it.
    case postgres(String)
    /// SQL only SQLite runs (where the two spell a thing differently, each database gets its own step).
    case sqlite(String)
    /// Fills `users.username_key` where it is NULL (``Schema/usernameKeys(for:)``), inside the migration.
    case fillUsernameKeys
    /// Fills `users.confusable_key` where it is NULL (``Schema/confusabilityKeys(for:)``), inside the migration.
    case fillConfusabilityKeys

    init(stringLiteral value: String) { self = .sql(value) }
}
