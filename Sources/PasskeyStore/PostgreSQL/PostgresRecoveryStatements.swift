import PasskeyCore
import PasskeyRelyingParty
import PostgresNIO

// The statement of a recovery-code sign-in's first read, prepared once per connection like a ceremony's.

/// The account a name names when one of its unused recovery codes has the given keyed hash
/// (``Schema/recoveryCodeOwnerSQL(name:key:hash:)``): the same statement for every name.
struct RecoveryCodeOwnerStatement: PostgresPreparedStatement {
    static let name = "passkeys_recovery_code_owner"
    static let sql = Schema.recoveryCodeOwnerSQL(name: "$1", key: "$2", hash: "$3", bothIndexes: true)
    static let bindingDataTypes: [PostgresDataType] = [.text, .text, .text]
    typealias Row = UserRecord

    let username: String
    let codeHash: String

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 3)
        bindings.append(username)
        bindings.append(UsernameKey(username).rawValue)
        bindings.append(codeHash)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Row {
        var columns = PostgresColumns(row)
        return try UserRecord(columns: &columns)
    }
}
