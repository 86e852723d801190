import PasskeyCore
import PasskeyRelyingParty
import PostgresNIO

// The statement of a recovery-code sign-in's first read, prepared once per connection like a ceremony's.

/// The account a name names (``Schema/handleByNameSQL(name:key:)``) with the hashes of its unused recovery codes: one
/// row per hash, or one row whose hash is NULL for an account without codes; no row for no account.
struct RecoveryCodesByNameStatement: NameStatement {
    static let name = "passkeys_recovery_codes_by_name"
    static let sql = """
        SELECT u.handle, u.username, u.display_name, u.created_at, r.code_hash
        FROM users u LEFT JOIN recovery_codes r ON r.user_handle = u.handle
        WHERE u.handle = \(Schema.handleByNameSQL(name: "$1", key: "$2"))
        """
    typealias Row = (UserRecord, String?)

    let username: String

    func decodeRow(_ row: PostgresRow) throws -> Row {
        let (handle, username, displayName, createdAt, hash) = try row.decode((String, String, String, Int64, String?).self)
        return (try PostgresRows.user(handle, username, displayName, createdAt), hash)
    }
}
