import PasskeyCore
import PasskeyRelyingParty
import PostgresNIO

// The statement of a recovery-code sign-in's first read, prepared once per connection like a ceremony's.

/// The account a name names with the hashes of its unused recovery codes (``Schema/recoveryCodesByNameSQL(name:key:)``).
struct RecoveryCodesByNameStatement: NameStatement {
    static let name = "passkeys_recovery_codes_by_name"
    static let sql = Schema.recoveryCodesByNameSQL(name: "$1", key: "$2")
    typealias Row = (UserRecord, String?)

    let username: String

    func decodeRow(_ row: PostgresRow) throws -> Row {
        let (handle, username, displayName, createdAt, hash) = try row.decode((String, String, String, Int64, String?).self)
        return (try PostgresRows.user(handle, username, displayName, createdAt), hash)
    }
}
