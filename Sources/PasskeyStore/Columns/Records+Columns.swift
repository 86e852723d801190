import PasskeyCore
import PasskeyRelyingParty

// Each record's row, once for both databases: the column names in their order (``Schema`` builds its column lists
// from them), the record read from a ``ColumnCursor``, and the values written in that order. A new column is added
// here, to the record and to the schema's migration, and nowhere else.

extension UserRecord {
    /// The columns a user is read from, in order.
    static let columnNames = ["handle", "username", "display_name", "created_at"]

    /// A user from the cursor's next four columns.
    init(columns c: inout some ColumnCursor) throws {
        self.init(
            handle: try Base64URL.decode(try c.text("users.handle")), username: try c.text("users.username"),
            displayName: try c.text("users.display_name"), createdAt: try c.integer("users.created_at"))
    }
}

extension CredentialRecord {
    /// The columns of a credential row, in the order both stores read and write them, each with its kind.
    static let columns: [(name: String, kind: ColumnKind)] = [
        ("id", .text), ("user_handle", .text), ("public_key", .text), ("sign_count", .integer), ("transports", .text), ("aaguid", .text),
        ("format", .text), ("attestation_type", .text), ("backup_eligible", .integer), ("backup_state", .integer), ("name", .text),
        ("created_at", .integer), ("last_used_at", .integer), ("uv_initialized", .integer),
    ]
    /// The names of ``columns``.
    static let columnNames = columns.map(\.name)

    /// A credential from the cursor's next ``columnNames``.
    init(columns c: inout some ColumnCursor) throws {
        guard let credential = try Self.joined(columns: &c) else { throw StoredRowInvalid(column: "credentials.id") }
        self = credential
    }

    /// The credential in the cursor's next ``columnNames``, nil when they are all NULL (a `LEFT JOIN` that found
    /// none); every column is read either way, so the cursor ends past them. A row with some of them NULL is damaged.
    static func joined(columns c: inout some ColumnCursor) throws -> CredentialRecord? {
        let id = try c.text()
        let userHandle = try c.text()
        let publicKey = try c.text()
        let signCount = try c.integer()
        let transports = try c.text()
        let aaguid = try c.text()
        let format = try c.text()
        let attestationType = try c.text()
        let backupEligible = try c.integer()
        let backupState = try c.integer()
        let name = try c.text()
        let createdAt = try c.integer()
        let lastUsedAt = try c.integer()
        let uvInitialized = try c.integer()
        guard let id else { return nil }
        func required<T>(_ value: T?, _ column: String) throws -> T {
            guard let value else { throw StoredRowInvalid(column: "credentials." + column) }
            return value
        }
        return CredentialRecord(
            id: try Base64URL.decode(id), userHandle: try Base64URL.decode(try required(userHandle, "user_handle")),
            publicKey: try Base64URL.decode(try required(publicKey, "public_key")),
            signCount: UInt32(clamping: try required(signCount, "sign_count")),
            transports: Schema.transports(fromColumn: try required(transports, "transports")), aaguid: try required(aaguid, "aaguid"),
            format: try required(format, "format"), attestationType: try required(attestationType, "attestation_type"),
            backupEligible: try required(backupEligible, "backup_eligible") != 0, backupState: try required(backupState, "backup_state") != 0,
            name: try required(name, "name"), createdAt: try required(createdAt, "created_at"), lastUsedAt: lastUsedAt,
            uvInitialized: try required(uvInitialized, "uv_initialized") != 0)
    }

    /// The values of ``columns``, in order and of their kinds.
    var columnValues: [ColumnValue] {
        [
            .text(Base64URL.encode(id)), .text(Base64URL.encode(userHandle)), .text(Base64URL.encode(publicKey)), .integer(Int64(signCount)),
            .text(Schema.transportsColumn(transports)), .text(aaguid), .text(format), .text(attestationType), .flag(backupEligible),
            .flag(backupState), .text(name), .integer(createdAt), .integer(lastUsedAt), .flag(uvInitialized),
        ]
    }
}

extension SessionRecord {
    /// The columns of a session row, in the order both stores read and write them, each with its kind.
    static let columns: [(name: String, kind: ColumnKind)] = [
        ("token_hash", .text), ("user_handle", .text), ("credential_id", .text), ("expires_at", .integer), ("verified_at", .integer),
        ("recovery", .integer), ("started_at", .integer), ("amr", .text), ("user_verified_at", .integer),
    ]
    /// The names of ``columns``.
    static let columnNames = columns.map(\.name)

    /// A session from the cursor's next ``columnNames``.
    init(columns c: inout some ColumnCursor) throws {
        self.init(
            tokenHash: try c.text("sessions.token_hash"), userHandle: try Base64URL.decode(try c.text("sessions.user_handle")),
            credentialID: try c.text().map { try Base64URL.decode($0) }, expiresAt: try c.integer("sessions.expires_at"),
            verifiedAt: try c.integer(), isRecovery: try c.integer("sessions.recovery") != 0, startedAt: try c.integer(),
            authenticationMethods: Self.authenticationMethods(fromColumn: try c.text()), userVerifiedAt: try c.integer())
    }

    /// The values of ``columns``, in order and of their kinds.
    var columnValues: [ColumnValue] {
        [
            .text(tokenHash), .text(Base64URL.encode(userHandle)), .text(credentialID.map { Base64URL.encode($0) }), .integer(expiresAt),
            .integer(verifiedAt), .flag(isRecovery), .integer(startedAt), .text(authenticationMethodsColumn), .integer(userVerifiedAt),
        ]
    }
}
