import Foundation
import GRDB

/// The event outbox on SQLite: rows written in the change's own job of a group commit, and the delivery side's reads
/// and writes.
extension SQLiteStore {
    /// Writes a change's outbox rows in one statement (nothing for none), and its audit entry. Statements for up to 16
    /// rows stay prepared (a sign-in writes one row per endpoint); larger ones, which only account-wide revocations
    /// make, are prepared each time so the cache cannot grow with them.
    static func insertEvents(_ rows: ChangeRows, _ db: Database) throws {
        if let entry = rows.audit { try insertAudit(entry, db) }
        let rows = rows.outbox
        guard !rows.isEmpty else { return }
        let sql =
            "INSERT INTO event_outbox (\(Schema.outboxInsertColumns)) VALUES "
            + Array(repeating: "(?, ?, ?, ?, ?)", count: rows.count).joined(separator: ", ")
        let arguments = StatementArguments(rows.flatMap { [$0.id, $0.endpoint, $0.type, $0.userKey, $0.payload] })
        let statement = rows.count <= 16 ? try db.cachedStatement(sql: sql) : try db.makeStatement(sql: sql)
        try statement.execute(arguments: arguments)
    }

    /// One audit entry, in the change's transaction.
    static func insertAudit(_ entry: AuditEntry, _ db: Database) throws {
        let v = entry.insertValues
        try db.cachedStatement(sql: "INSERT INTO audit_log (\(Schema.auditInsertColumns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")
            .execute(arguments: [v.0, v.1, v.2, v.3, v.4, v.5, v.6, v.7])
    }

    /// The token hashes `sql` selects, when there are events to tell them to; else none, and no statement.
    static func sessionHashes(ifEventsIn events: ChangeRecord, sql: String, _ arguments: StatementArguments, _ db: Database) throws -> [String] {
        guard events.needsEndedSessions else { return [] }
        return try String.fetchAll(db.cachedStatement(sql: sql), arguments: arguments)
    }

    /// Now, in milliseconds, by this machine's clock: one process owns an SQLite file, so there is no other clock.
    private static func wallClock() -> Int64 { UnixMilliseconds.now() }

    public func holdDeliveryLease(holder: String, milliseconds: Int64) async throws -> Bool {
        try await write { db in
            let now = Self.wallClock()
            try db.cachedStatement(
                sql: """
                    INSERT INTO event_delivery_lease (name, holder, expires_at) VALUES (?, ?, ?)
                    ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
                    WHERE event_delivery_lease.holder = excluded.holder OR event_delivery_lease.expires_at < ?
                    """
            ).execute(arguments: [Schema.deliveryLeaseName, holder, now + milliseconds, now])
            return db.changesCount > 0
        }
    }

    public func releaseDeliveryLease(holder: String) async throws {
        try await write { db in
            try db.cachedStatement(sql: "DELETE FROM event_delivery_lease WHERE name = ? AND holder = ?").execute(arguments: [
                Schema.deliveryLeaseName, holder,
            ])
        }
    }

    static let deliverableSQL = Schema.deliverableSQL(endpoint: "?", now: "?", limit: "?")

    public func deliverableEvents(endpoint: String, now: Int64, limit: Int) async throws -> [PendingDelivery] {
        try await read { db in
            try Row.fetchAll(db.cachedStatement(sql: Self.deliverableSQL), arguments: [endpoint, now, limit]).map { row in
                PendingDelivery(
                    seq: row[0], id: row[1], userKey: row[2], payload: row[3], attempts: Int(row[4] as Int64), firstFailedAt: row[5] as Int64?)
            }
        }
    }

    public func recordDelivered(_ delivery: PendingDelivery, endpoint: String) async throws {
        try await write { db in
            try db.cachedStatement(sql: "DELETE FROM event_outbox WHERE seq = ?").execute(arguments: [delivery.seq])
            // Its user's later rows waited for its retries (recordFailed); they are due now.
            if delivery.attempts > 0 {
                try db.cachedStatement(sql: "UPDATE event_outbox SET next_attempt_at = 0 WHERE endpoint = ? AND user_key = ? AND dead_at IS NULL")
                    .execute(arguments: [endpoint, delivery.userKey])
            }
        }
    }

    public func recordFailed(_ delivery: PendingDelivery, endpoint: String, failure: DeliveryFailure) async throws {
        try await write { db in
            try db.cachedStatement(
                sql: """
                    UPDATE event_outbox SET attempts = ?, next_attempt_at = ?, first_failed_at = ?, last_error = ?, dead_at = ? WHERE seq = ?
                    """
            ).execute(arguments: [
                failure.attempts, failure.nextAttemptAt, failure.firstFailedAt, failure.error, failure.deadAt, delivery.seq,
            ])
            // Set aside, it holds nothing back: its user's next row is due now. Else the later rows wait for its next
            // attempt, so a poll does not read them again and again only to find them held back.
            let later = failure.deadAt == nil ? failure.nextAttemptAt : 0
            try db.cachedStatement(
                sql:
                    "UPDATE event_outbox SET next_attempt_at = ? WHERE endpoint = ? AND user_key = ? AND dead_at IS NULL AND seq > ? AND attempts = 0"
            ).execute(arguments: [later, endpoint, delivery.userKey, delivery.seq])
        }
    }

    public func outboxCounts() async throws -> [OutboxCount] {
        try await read { db in
            [OutboxCount].grouping(
                try Row.fetchAll(db.cachedStatement(sql: Schema.outboxCountsSQL)).map { row in
                    (endpoint: row[0] as String, dead: (row[1] as Int64) != 0, count: Int(row[2] as Int64))
                })
        }
    }

    public func replayDeadEvents(id: String?, audit: AuditEntry?) async throws -> Int {
        try await write { db in
            if let audit { try Self.insertAudit(audit, db) }
            let reset = "UPDATE event_outbox SET dead_at = NULL, attempts = 0, next_attempt_at = 0, first_failed_at = NULL, last_error = NULL"
            if let id {
                try db.cachedStatement(sql: reset + " WHERE dead_at IS NOT NULL AND id = ?").execute(arguments: [id])
            } else {
                try db.cachedStatement(sql: reset + " WHERE dead_at IS NOT NULL").execute()
            }
            return db.changesCount
        }
    }

    public func setAsideEvents(notFor endpoints: [String], at time: Int64) async throws -> Int {
        try await write { db in
            let placeholders = Array(repeating: "?", count: endpoints.count).joined(separator: ", ")
            let condition = endpoints.isEmpty ? "" : " AND endpoint NOT IN (\(placeholders))"
            var arguments: StatementArguments = [time, "endpoint no longer configured"]
            arguments += StatementArguments(endpoints)
            try db.makeStatement(sql: "UPDATE event_outbox SET dead_at = ?, last_error = ? WHERE dead_at IS NULL" + condition).execute(
                arguments: arguments)
            return db.changesCount
        }
    }

    public func appendEvents(_ events: ChangeRecord) async throws {
        let rows = try events.rows()
        guard !rows.isEmpty else { return }
        try await write { db in try Self.insertEvents(rows, db) }
    }
}
