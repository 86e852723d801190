import GRDB
import PasskeyCore
import PasskeyRelyingParty

/// A GRDB row's columns from `index` on, for the records' one mapping (``ColumnCursor``). A value of the wrong
/// type throws, never traps.
struct SQLiteColumns: ColumnCursor {
    let row: Row
    var index: Int

    mutating func text() throws -> String? {
        defer { index += 1 }
        return try row.decode(String?.self, atIndex: index)
    }

    mutating func integer() throws -> Int64? {
        defer { index += 1 }
        return try row.decode(Int64?.self, atIndex: index)
    }
}

/// Records to and from SQLite rows, through the records' one mapping (`Records+Columns.swift`).
enum SQLiteRows {
    /// `handle, username, display_name, created_at` starting at column `start`.
    static func user(_ row: Row, at start: Int) throws -> UserRecord {
        var columns = SQLiteColumns(row: row, index: start)
        return try UserRecord(columns: &columns)
    }

    /// ``Schema/credentialColumns`` starting at column `start`.
    static func credential(_ row: Row, at start: Int) throws -> CredentialRecord {
        var columns = SQLiteColumns(row: row, index: start)
        return try CredentialRecord(columns: &columns)
    }

    /// ``Schema/sessionColumns``.
    static func session(_ row: Row) throws -> SessionRecord {
        var columns = SQLiteColumns(row: row, index: 0)
        return try SessionRecord(columns: &columns)
    }

    /// The values for ``Schema/credentialColumns``, in order.
    static func values(of c: CredentialRecord) -> StatementArguments { arguments(c.columnValues) }

    /// The values for ``Schema/sessionColumns``, in order.
    static func values(of s: SessionRecord) -> StatementArguments { arguments(s.columnValues) }

    /// `values` as GRDB binds them (a NULL is NULL whatever its type).
    static func arguments(_ values: [ColumnValue]) -> StatementArguments {
        StatementArguments(
            values.map { value -> (any DatabaseValueConvertible)? in
                switch value {
                case .text(let text): text
                case .integer(let integer): integer
                }
            })
    }
}
