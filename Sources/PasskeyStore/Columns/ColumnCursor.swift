/// One column's value as both stores write it: text or an integer. Typed even when NULL, because PostgreSQL takes a
/// parameter's type from its binding (a NULL bound as text is refused by an integer column).
package enum ColumnValue: Sendable, Equatable {
    case text(String?)
    case integer(Int64?)

    /// An integer column holding a flag: 1 or 0.
    static func flag(_ value: Bool) -> ColumnValue { .integer(value ? 1 : 0) }

    /// Which kind of column the value is for.
    var kind: ColumnKind {
        switch self {
        case .text: .text
        case .integer: .integer
        }
    }
}

/// The two kinds of column the records are stored in (`TEXT`, and `INTEGER` on SQLite or `BIGINT` on PostgreSQL).
package enum ColumnKind: Sendable, Equatable {
    case text
    case integer
}

/// A stored row's columns, read one after another in the order the query named them, whatever the store's row type:
/// each store adapts its rows once (`SQLiteColumns`, `PostgresColumns`, `SQLRowColumns`), and each record reads itself
/// from a cursor in one place (`Records+Columns.swift`), so a column is mapped once for both databases.
package protocol ColumnCursor {
    /// The next column as text; nil for NULL.
    mutating func text() throws -> String?
    /// The next column as an integer; nil for NULL.
    mutating func integer() throws -> Int64?
}

extension ColumnCursor {
    /// The next column as text, which `column` may not hold NULL in.
    mutating func text(_ column: String) throws -> String {
        guard let value = try text() else { throw StoredRowInvalid(column: column) }
        return value
    }

    /// The next column as an integer, which `column` may not hold NULL in.
    mutating func integer(_ column: String) throws -> Int64 {
        guard let value = try integer() else { throw StoredRowInvalid(column: column) }
        return value
    }
}

/// A stored row holds NULL where its record needs a value: a damaged row, refused rather than read as a default.
package struct StoredRowInvalid: Error, CustomStringConvertible, Sendable {
    /// The column, as `table.column`.
    let column: String

    package var description: String { "the stored row's \(column) is NULL, where a value is required" }
}
