import GRDB

/// Which SQLite errors mean the database cannot take requests now (an expected state, answered 503) rather than a
/// fault of our SQL (a bug, 500).
enum SQLiteOutage {
    static func classify(_ error: any Error) -> StoreUnavailable? {
        switch error {
        case let error as StoreUnavailable:
            return error
        case let error as DatabaseError:
            // Locked by another process past the busy timeout, I/O failure, disk full, file gone or read-only.
            switch error.resultCode.primaryResultCode {
            case .SQLITE_BUSY, .SQLITE_LOCKED, .SQLITE_IOERR, .SQLITE_FULL, .SQLITE_CANTOPEN, .SQLITE_READONLY, .SQLITE_NOMEM:
                return StoreUnavailable(reason: "SQLite: \(error.resultCode)")
            default:
                return nil
            }
        default:
            return nil
        }
    }
}
