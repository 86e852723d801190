import PostgresNIO
import SQLKit

/// A prepared statement's row, its cells one after another, for the records' one mapping (``ColumnCursor``). A row
/// shorter than its record reads as damaged, never traps.
struct PostgresColumns: ColumnCursor {
    private var cells: PostgresRow.Iterator

    init(_ row: PostgresRow) { cells = row.makeIterator() }

    mutating func text() throws -> String? { try next().decode(String?.self) }

    mutating func integer() throws -> Int64? { try next().decode(Int64?.self) }

    private mutating func next() throws -> PostgresCell {
        guard let cell = cells.next() else { throw StoredRowInvalid(column: "a column past the row's end") }
        return cell
    }
}

/// An sql-kit row's columns, read by the names its record lists (`SELECT` names them in that order), for the records'
/// one mapping (``ColumnCursor``).
struct SQLRowColumns: ColumnCursor {
    let row: any SQLRow
    let names: [String]
    private var index = 0

    init(_ row: any SQLRow, names: [String]) {
        self.row = row
        self.names = names
    }

    mutating func text() throws -> String? { try row.decode(column: try next(), as: String?.self) }

    mutating func integer() throws -> Int64? { try row.decode(column: try next(), as: Int64?.self) }

    private mutating func next() throws -> String {
        guard index < names.count else { throw StoredRowInvalid(column: "a column past the record's") }
        defer { index += 1 }
        return names[index]
    }
}

extension ColumnValue {
    /// The value as sql-kit binds it (a NULL of its own type).
    var sqlBind: any Encodable & Sendable {
        switch self {
        case .text(let text): text
        case .integer(let integer): integer
        }
    }
}

extension ColumnKind {
    /// The type a prepared statement declares for a binding of this kind.
    var postgresType: PostgresDataType {
        switch self {
        case .text: .text
        case .integer: .int8
        }
    }
}

extension PostgresBindings {
    /// Appends a record's column values in order, each as its kind's type.
    mutating func append(columns values: [ColumnValue]) {
        for value in values {
            switch value {
            case .text(let text): append(text)
            case .integer(let integer): append(integer)
            }
        }
    }
}
