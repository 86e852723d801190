/// One event as the outbox keeps it: its id (the `webhook-id` of every attempt to send it), its type, the account it
/// is about (the order key) and the exact body that is signed and sent.
public struct OutboxEvent: Sendable, Equatable {
    /// `evt_` and 22 base64url characters (128 random bits): no full stop, as Standard Webhooks requires of the
    /// signed id, and the same on every attempt and for every endpoint, so a receiver drops duplicates by it.
    public let id: String
    public let type: EventType
    /// The account's user handle, base64url; empty for an event about no account. Events with one key are sent in
    /// the order they were written.
    public let userKey: String
    /// The JSON body, byte for byte what is signed and sent.
    public let payload: String

    package init(id: String, type: EventType, userKey: String, payload: String) {
        self.id = id
        self.type = type
        self.userKey = userKey
        self.payload = payload
    }
}

/// What a store step writes in its own transaction beside its change: the events it raises (the outbox) and its
/// audit entry. Nothing is reported that did not happen, and nothing that happened goes unreported,
/// whatever crashes when.
public struct ChangeRecord: Sendable {
    /// The webhook endpoints (their URLs): each event is one row per endpoint, so each endpoint's queue moves on its
    /// own.
    public let endpoints: [String]
    /// The audit log's entry for the change; nil for none (the tests' steps without events).
    public let audit: AuditEntry?
    /// The step's events, given the token hashes of the sessions the step ended (known only inside its transaction;
    /// empty when it ends none). Runs inside the transaction, so it must be quick and must not touch the store.
    let make: @Sendable (_ endedSessions: [String]) throws -> [OutboxEvent]

    package init(endpoints: [String], audit: AuditEntry? = nil, make: @escaping @Sendable (_ endedSessions: [String]) throws -> [OutboxEvent]) {
        self.endpoints = endpoints
        self.audit = audit
        self.make = make
    }

    /// No events and no audit entry: the stores write nothing and run no statement for them.
    public static let none = ChangeRecord(endpoints: []) { _ in [] }

    /// An audit entry alone (an operator's read, a refusal): no event.
    package static func audit(_ entry: AuditEntry) -> ChangeRecord { ChangeRecord(endpoints: [], audit: entry) { _ in [] } }

    /// Whether nothing is to be written, so the store can skip the work (and the statement).
    public var isEmpty: Bool { endpoints.isEmpty && audit == nil }

    /// Whether the events need the token hashes of the sessions the step ends (only when there are endpoints).
    var needsEndedSessions: Bool { !endpoints.isEmpty }

    /// The rows to insert, in order: each event once per endpoint, and the audit entry.
    func rows(endedSessions: [String] = []) throws -> ChangeRows {
        guard !endpoints.isEmpty else { return ChangeRows(outbox: [], audit: audit) }
        let outbox = try make(endedSessions).flatMap { event in
            endpoints.map { OutboxRow(id: event.id, endpoint: $0, type: event.type.rawValue, userKey: event.userKey, payload: event.payload) }
        }
        return ChangeRows(outbox: outbox, audit: audit)
    }
}

/// What one change writes beside itself: its outbox rows and its audit entry.
struct ChangeRows: Sendable, Equatable {
    let outbox: [OutboxRow]
    let audit: AuditEntry?

    var isEmpty: Bool { outbox.isEmpty && audit == nil }
}

/// One row of `event_outbox` as a change writes it (``Schema/outboxInsertColumns``).
struct OutboxRow: Sendable, Equatable {
    let id: String
    let endpoint: String
    let type: String
    let userKey: String
    let payload: String

    /// The rows as five parallel arrays, for PostgreSQL's `unnest`.
    static func columns(_ rows: [OutboxRow]) -> (ids: [String], endpoints: [String], types: [String], userKeys: [String], payloads: [String]) {
        (rows.map(\.id), rows.map(\.endpoint), rows.map(\.type), rows.map(\.userKey), rows.map(\.payload))
    }
}
