import PostgresNIO
import SQLKit

/// The event outbox on PostgreSQL: rows written in the change's own transaction or statement, and the delivery
/// side's reads and writes. Times of the lease are the database's (``nowSQL``), so instances' clocks need not agree.
extension PostgresStore {
    /// Now in milliseconds by the database's clock (`clock_timestamp()`, not the transaction's start).
    static let nowSQL = "(EXTRACT(EPOCH FROM clock_timestamp()) * 1000)::BIGINT"

    /// The outbox rows of a change as a data-modifying `WITH` query for one of the ceremonies' single statements: the
    /// rows are bound as five text arrays from `$first` on, and inserted once per row of `source` (the CTE whose row
    /// says the change happened), in their order.
    static func insertEventsCTE(from source: String, first: Int) -> String {
        let arrays = (first..<first + 5).map { "$\($0)::text[]" }.joined(separator: ", ")
        return """
            INSERT INTO event_outbox (\(Schema.outboxInsertColumns))
            SELECT e.id, e.endpoint, e.type, e.user_key, e.payload
            FROM \(source), unnest(\(arrays)) WITH ORDINALITY AS e(id, endpoint, type, user_key, payload, n)
            ORDER BY e.n
            RETURNING seq
            """
    }

    /// Appends a change's outbox rows as five text arrays (``insertEventsCTE(from:first:)``).
    static func bind(_ rows: ChangeRows, to bindings: inout PostgresBindings) {
        let columns = OutboxRow.columns(rows.outbox)
        bindings.append(columns.ids)
        bindings.append(columns.endpoints)
        bindings.append(columns.types)
        bindings.append(columns.userKeys)
        bindings.append(columns.payloads)
    }

    /// A change's audit entry as a data-modifying `WITH` query for one of the ceremonies' single statements: its
    /// eight columns bound from `$first` on (``bindAudit(_:to:)``), inserted once per row of `source` when the
    /// entry's action (`$first + 2`) is not NULL (a change without an entry binds NULLs).
    static func insertAuditCTE(from source: String, first: Int) -> String {
        let values = (first..<first + 8).map { "$\($0)" }.joined(separator: ", ")
        return """
            INSERT INTO audit_log (\(Schema.auditInsertColumns))
            SELECT \(values) FROM \(source) WHERE $\(first + 2)::text IS NOT NULL
            RETURNING seq
            """
    }

    /// The types of ``insertAuditCTE(from:first:)``'s bindings.
    static let auditBindingDataTypes: [PostgresDataType] = [.int8, .text, .text, .text, .text, .text, .text, .text]

    /// Appends a change's audit entry (NULLs for none) as ``insertAuditCTE(from:first:)`` reads it.
    static func bindAudit(_ entry: AuditEntry?, to bindings: inout PostgresBindings) {
        let v = entry?.insertValues
        bindings.append(v?.0 ?? 0)
        bindings.append(v?.1)
        bindings.append(v?.2)
        bindings.append(v?.3)
        bindings.append(v?.4)
        bindings.append(v?.5)
        bindings.append(v?.6)
        bindings.append(v?.7)
    }

    /// One audit entry (nothing for nil), inside the change's transaction.
    static func insertAudit(_ entry: AuditEntry?, into db: any SQLDatabase) async throws {
        guard let entry else { return }
        try await insertEvents(ChangeRows(outbox: [], audit: entry), into: db)
    }

    /// Writes a change's outbox rows in one statement (nothing for none) and its audit entry, inside the change's
    /// transaction.
    static func insertEvents(_ rows: ChangeRows, into db: any SQLDatabase) async throws {
        if let entry = rows.audit {
            let v = entry.insertValues
            try await db.raw(
                """
                INSERT INTO audit_log (\(unsafeRaw: Schema.auditInsertColumns))
                VALUES (\(bind: v.0), \(bind: v.1), \(bind: v.2), \(bind: v.3), \(bind: v.4), \(bind: v.5), \(bind: v.6), \(bind: v.7))
                """
            ).run()
        }
        guard !rows.outbox.isEmpty else { return }
        let c = OutboxRow.columns(rows.outbox)
        try await db.raw(
            """
            INSERT INTO event_outbox (\(unsafeRaw: Schema.outboxInsertColumns))
            SELECT e.id, e.endpoint, e.type, e.user_key, e.payload
            FROM unnest(\(bind: c.ids)::text[], \(bind: c.endpoints)::text[], \(bind: c.types)::text[], \(bind: c.userKeys)::text[],
                        \(bind: c.payloads)::text[]) WITH ORDINALITY AS e(id, endpoint, type, user_key, payload, n)
            ORDER BY e.n
            """
        ).run()
    }

    public func holdDeliveryLease(holder: String, milliseconds: Int64) async throws -> Bool {
        try await connections.with { db in
            let held = try await db.raw(
                """
                INSERT INTO event_delivery_lease AS l (name, holder, expires_at)
                VALUES (\(bind: Schema.deliveryLeaseName), \(bind: holder), \(unsafeRaw: Self.nowSQL) + \(bind: milliseconds))
                ON CONFLICT (name) DO UPDATE SET holder = EXCLUDED.holder, expires_at = EXCLUDED.expires_at
                WHERE l.holder = EXCLUDED.holder OR l.expires_at < \(unsafeRaw: Self.nowSQL)
                RETURNING holder
                """
            ).all()
            return !held.isEmpty
        }
    }

    public func releaseDeliveryLease(holder: String) async throws {
        try await connections.with { db in
            try await db.raw("DELETE FROM event_delivery_lease WHERE name = \(bind: Schema.deliveryLeaseName) AND holder = \(bind: holder)").run()
        }
    }

    public func deliverableEvents(endpoint: String, now: Int64, limit: Int) async throws -> [PendingDelivery] {
        try await connections.execute(DeliverableEventsStatement(endpoint: endpoint, now: now, limit: Int64(limit)))
    }

    public func recordDelivered(_ delivery: PendingDelivery, endpoint: String) async throws {
        let release: @Sendable (any SQLDatabase) async throws -> Void = { db in
            try await db.raw("DELETE FROM event_outbox WHERE seq = \(bind: delivery.seq)").run()
            if delivery.attempts > 0 {
                try await db.raw(
                    """
                    UPDATE event_outbox SET next_attempt_at = 0
                    WHERE endpoint = \(bind: endpoint) AND user_key = \(bind: delivery.userKey) AND dead_at IS NULL
                    """
                ).run()
            }
        }
        if delivery.attempts > 0 { try await connections.transaction(release) } else { try await connections.with(release) }
    }

    public func recordFailed(_ delivery: PendingDelivery, endpoint: String, failure: DeliveryFailure) async throws {
        let later = failure.deadAt == nil ? failure.nextAttemptAt : 0
        try await connections.transaction { db in
            try await db.raw(
                """
                UPDATE event_outbox SET attempts = \(bind: Int64(failure.attempts)), next_attempt_at = \(bind: failure.nextAttemptAt),
                    first_failed_at = \(bind: failure.firstFailedAt), last_error = \(bind: failure.error), dead_at = \(bind: failure.deadAt)
                WHERE seq = \(bind: delivery.seq)
                """
            ).run()
            try await db.raw(
                """
                UPDATE event_outbox SET next_attempt_at = \(bind: later)
                WHERE endpoint = \(bind: endpoint) AND user_key = \(bind: delivery.userKey) AND dead_at IS NULL AND seq > \(bind: delivery.seq)
                  AND attempts = 0
                """
            ).run()
        }
    }

    public func outboxCounts() async throws -> [OutboxCount] {
        try await connections.with { db in
            [OutboxCount].grouping(
                try await db.raw(SQLQueryString(Schema.outboxCountsSQL)).all().map { row in
                    (
                        endpoint: try row.decode(column: "endpoint", as: String.self), dead: try row.decode(column: "dead", as: Int64.self) != 0,
                        count: Int(try row.decode(column: "n", as: Int64.self))
                    )
                })
        }
    }

    public func replayDeadEvents(id: String?, audit: AuditEntry?) async throws -> Int {
        try await connections.transaction { db in
            try await Self.insertEvents(ChangeRows(outbox: [], audit: audit), into: db)
            let reset: SQLQueryString =
                "UPDATE event_outbox SET dead_at = NULL, attempts = 0, next_attempt_at = 0, first_failed_at = NULL, last_error = NULL WHERE dead_at IS NOT NULL"
            let query: SQLQueryString = if let id { reset + " AND id = \(bind: id) RETURNING seq" } else { reset + " RETURNING seq" }
            return try await db.raw(query).all().count
        }
    }

    public func setAsideEvents(notFor endpoints: [String], at time: Int64) async throws -> Int {
        try await connections.with { db in
            try await db.raw(
                """
                UPDATE event_outbox SET dead_at = \(bind: time), last_error = 'endpoint no longer configured'
                WHERE dead_at IS NULL AND NOT (endpoint = ANY(\(bind: endpoints)::text[])) RETURNING seq
                """
            ).all().count
        }
    }

    public func appendEvents(_ events: ChangeRecord) async throws {
        let rows = try events.rows()
        guard !rows.isEmpty else { return }
        let write: @Sendable (any SQLDatabase) async throws -> Void = { db in try await Self.insertEvents(rows, into: db) }
        // One statement alone; an entry with events, both in one transaction.
        if rows.outbox.isEmpty || rows.audit == nil { try await connections.with(write) } else { try await connections.transaction(write) }
    }
}

/// The rows an endpoint may send now (``Schema/deliverableSQL(endpoint:now:limit:)``), prepared once per connection:
/// the delivering instance runs it at every poll.
struct DeliverableEventsStatement: PostgresPreparedStatement {
    static let name = "passkeys_deliverable_events"
    static let sql = Schema.deliverableSQL(endpoint: "$1", now: "$2", limit: "$3")
    static let bindingDataTypes: [PostgresDataType] = [.text, .int8, .int8]
    typealias Row = PendingDelivery

    let endpoint: String
    let now: Int64
    let limit: Int64

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 3)
        bindings.append(endpoint)
        bindings.append(now)
        bindings.append(limit)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> PendingDelivery {
        let (seq, id, userKey, payload, attempts, firstFailedAt) = try row.decode((Int64, String, String, String, Int64, Int64?).self)
        return PendingDelivery(seq: seq, id: id, userKey: userKey, payload: payload, attempts: Int(attempts), firstFailedAt: firstFailedAt)
    }
}
