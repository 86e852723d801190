import PasskeyCore
import PostgresNIO
import SQLKit

/// What the operator's API reads on PostgreSQL (``AdminStore``): each one statement.
extension PostgresStore {
    public func users(after: String?, limit: Int) async throws -> [UserRecord] {
        try await connections.with { db in
            try await db.raw(
                """
                SELECT handle, username, display_name, created_at FROM users WHERE handle COLLATE "C" > \(bind: after ?? "") ORDER BY handle COLLATE "C" LIMIT \(bind: limit)
                """
            ).all().map { try Self.user($0) }
        }
    }

    public func sessions(userHandle: [UInt8], now: Int64) async throws -> [SessionRecord] {
        try await connections.with { db in
            try await db.raw(
                """
                SELECT \(unsafeRaw: Schema.sessionColumns) FROM sessions WHERE user_handle = \(bind: Base64URL.encode(userHandle)) AND expires_at > \(bind: now)
                ORDER BY started_at DESC NULLS LAST, token_hash
                """
            ).all().map { try Self.session($0) }
        }
    }

    public func auditEntries(_ query: AuditQuery) async throws -> [AuditEntry] {
        try await connections.with { db in
            let before = query.before ?? Int64.max
            // One account's entries by its index, or everyone's by time.
            let rows =
                if let user = query.userID {
                    try await db.raw(
                        """
                        SELECT \(unsafeRaw: Schema.auditColumns) FROM audit_log
                        WHERE user_key = \(bind: user) AND time >= \(bind: query.from) AND time < \(bind: query.until) AND seq < \(bind: before)
                        ORDER BY seq DESC LIMIT \(bind: query.limit)
                        """
                    ).all()
                } else {
                    try await db.raw(
                        """
                        SELECT \(unsafeRaw: Schema.auditColumns) FROM audit_log
                        WHERE time >= \(bind: query.from) AND time < \(bind: query.until) AND seq < \(bind: before)
                        ORDER BY seq DESC LIMIT \(bind: query.limit)
                        """
                    ).all()
                }
            return try rows.map { row in
                AuditEntry.read(
                    seq: try row.decode(column: "seq", as: Int64.self), time: try row.decode(column: "time", as: Int64.self),
                    userKey: try row.decode(column: "user_key", as: String?.self), action: try row.decode(column: "action", as: String.self),
                    actorKind: try row.decode(column: "actor_kind", as: String.self),
                    actorName: try row.decode(column: "actor_name", as: String.self),
                    clientAddress: try row.decode(column: "client_address", as: String?.self),
                    outcome: try row.decode(column: "outcome", as: String.self),
                    detail: try row.decode(column: "detail", as: String?.self))
            }
        }
    }

    public func pruneAudit(before time: Int64) async throws -> Int {
        try await connections.with { db in
            try await db.raw("DELETE FROM audit_log WHERE time < \(bind: time) RETURNING seq").all().count
        }
    }
}
