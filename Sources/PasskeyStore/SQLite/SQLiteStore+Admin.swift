import GRDB
import PasskeyCore

/// What the operator's API reads on SQLite (``AdminStore``): each one statement on a reader.
extension SQLiteStore {
    public func users(after: String?, limit: Int) async throws -> [UserRecord] {
        try await read { db in
            try Row.fetchAll(
                db.cachedStatement(sql: "SELECT handle, username, display_name, created_at FROM users WHERE handle > ? ORDER BY handle LIMIT ?"),
                arguments: [after ?? "", limit]
            ).map { try SQLiteRows.user($0, at: 0) }
        }
    }

    public func sessions(userHandle: [UInt8], now: Int64) async throws -> [SessionRecord] {
        let handle = Base64URL.encode(userHandle)
        return try await read { db in
            try Row.fetchAll(
                db.cachedStatement(
                    sql: "SELECT \(Schema.sessionColumns) FROM sessions WHERE user_handle = ? AND expires_at > ? ORDER BY started_at DESC, token_hash"
                ),
                arguments: [handle, now]
            ).map(SQLiteRows.session)
        }
    }

    public func auditEntries(_ query: AuditQuery) async throws -> [AuditEntry] {
        let (sql, arguments) = Self.auditQuery(query)
        return try await read { db in
            try Row.fetchAll(db.cachedStatement(sql: sql), arguments: arguments).map { row in
                AuditEntry.read(
                    seq: try row.decode(Int64.self, atIndex: 0), time: try row.decode(Int64.self, atIndex: 1),
                    userKey: try row.decode(String?.self, atIndex: 2), action: try row.decode(String.self, atIndex: 3),
                    actorKind: try row.decode(String.self, atIndex: 4), actorName: try row.decode(String.self, atIndex: 5),
                    clientAddress: try row.decode(String?.self, atIndex: 6), outcome: try row.decode(String.self, atIndex: 7),
                    detail: try row.decode(String?.self, atIndex: 8))
            }
        }
    }

    /// One of two fixed statements (one account's entries, or everyone's), so the statement cache holds two.
    private static func auditQuery(_ query: AuditQuery) -> (String, StatementArguments) {
        let range = "time >= ? AND time < ? AND seq < ? ORDER BY seq DESC LIMIT ?"
        let bounds: [any DatabaseValueConvertible] = [query.from, query.until, query.before ?? Int64.max, query.limit]
        if let user = query.userID {
            return ("SELECT \(Schema.auditColumns) FROM audit_log WHERE user_key = ? AND \(range)", StatementArguments([user] + bounds))
        }
        return ("SELECT \(Schema.auditColumns) FROM audit_log WHERE \(range)", StatementArguments(bounds))
    }

    public func pruneAudit(before time: Int64) async throws -> Int {
        try await write { db in
            try db.cachedStatement(sql: "DELETE FROM audit_log WHERE time < ?").execute(arguments: [time])
            return db.changesCount
        }
    }
}
