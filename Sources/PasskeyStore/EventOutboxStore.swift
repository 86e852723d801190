/// The event outbox as the delivery side uses it (``EventDeliveryService``, `passkeys events`): who delivers, what is
/// due, and what each attempt did. Both stores keep it in `event_outbox` and `event_delivery_lease` (``Schema``).
public protocol EventOutboxStore: Sendable {
    /// Takes the delivery lease for `holder`, or renews it, for `milliseconds`; true when `holder` now holds it. Only
    /// one holder at a time: a lease is taken from another holder only once it has expired (on PostgreSQL by the
    /// database's clock, so instances' clocks need not agree).
    func holdDeliveryLease(holder: String, milliseconds: Int64) async throws -> Bool
    /// Gives the lease up, when `holder` holds it (a graceful stop), so another instance takes over at once.
    func releaseDeliveryLease(holder: String) async throws

    /// The rows `endpoint` may send now, at most `limit`: due at `now` and the first live row of their user, oldest
    /// first (``Schema/deliverableSQL(endpoint:now:limit:)``).
    func deliverableEvents(endpoint: String, now: Int64, limit: Int) async throws -> [PendingDelivery]
    /// The endpoint acknowledged the row: it is deleted, and its user's next row is due at once.
    func recordDelivered(_ delivery: PendingDelivery, endpoint: String) async throws
    /// An attempt failed: the row's next attempt, its error, and (when ``DeliveryFailure/deadAt`` is set) its setting
    /// aside. Its user's later rows wait for its next attempt; a dead row no longer holds them back.
    func recordFailed(_ delivery: PendingDelivery, endpoint: String, failure: DeliveryFailure) async throws

    /// The live and dead rows of each endpoint.
    func outboxCounts() async throws -> [OutboxCount]
    /// Puts dead rows back in their queues, due at once: the rows of the event `id` (every endpoint's), or every dead
    /// row when `id` is nil, and writes `audit` (an operator's replay) in the same transaction. Returns how
    /// many rows came back.
    func replayDeadEvents(id: String?, audit: AuditEntry?) async throws -> Int
    /// Sets aside, as dead at `at`, the live rows of endpoints not in `endpoints` (an endpoint no longer configured):
    /// they would otherwise wait for good. Returns how many.
    func setAsideEvents(notFor endpoints: [String], at: Int64) async throws -> Int
    /// Writes events that report no change of the store (``EventType/failuresSummary``), in a step of their own.
    func appendEvents(_ events: ChangeRecord) async throws
}

extension EventOutboxStore {
    /// ``replayDeadEvents(id:audit:)`` without an audit entry (`passkeys events replay`, run on the database itself).
    public func replayDeadEvents(id: String?) async throws -> Int { try await replayDeadEvents(id: id, audit: nil) }
}

/// An outbox row the delivery side may send.
public struct PendingDelivery: Sendable, Equatable {
    /// Its place in the outbox.
    public let seq: Int64
    /// The event's id: `webhook-id` of every attempt.
    public let id: String
    public let userKey: String
    /// The body, as signed and sent.
    public let payload: String
    /// Failed attempts so far.
    public let attempts: Int
    /// When the first attempt failed (the delivery side's clock, milliseconds); nil before any failed.
    public let firstFailedAt: Int64?
}

/// What a failed attempt leaves on its row.
public struct DeliveryFailure: Sendable, Equatable {
    /// Failed attempts, this one included.
    public let attempts: Int
    public let nextAttemptAt: Int64
    public let firstFailedAt: Int64
    /// What went wrong, for the operator (status or transport error; never the body it was sent).
    public let error: String
    /// When the row was set aside as dead; nil while it is retried.
    public let deadAt: Int64?

    package init(attempts: Int, nextAttemptAt: Int64, firstFailedAt: Int64, error: String, deadAt: Int64?) {
        self.attempts = attempts
        self.nextAttemptAt = nextAttemptAt
        self.firstFailedAt = firstFailedAt
        self.error = error
        self.deadAt = deadAt
    }
}

/// One endpoint's rows.
public struct OutboxCount: Sendable, Equatable {
    public let endpoint: String
    /// Rows waiting to be delivered (the backlog).
    public let live: Int
    /// Rows set aside as dead, until replayed.
    public let dead: Int
}

extension [OutboxCount] {
    /// The counts as rows `(endpoint, dead, n)` of ``Schema/outboxCountsSQL`` read them.
    static func grouping(_ rows: [(endpoint: String, dead: Bool, count: Int)]) -> [OutboxCount] {
        var counts: [String: (live: Int, dead: Int)] = [:]
        for row in rows {
            var entry = counts[row.endpoint] ?? (0, 0)
            if row.dead { entry.dead += row.count } else { entry.live += row.count }
            counts[row.endpoint] = entry
        }
        return counts.keys.sorted().map { OutboxCount(endpoint: $0, live: counts[$0]?.live ?? 0, dead: counts[$0]?.dead ?? 0) }
    }
}
