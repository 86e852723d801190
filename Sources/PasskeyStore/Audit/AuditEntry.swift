import PasskeyCore

/// One entry of the audit log (the `audit_log` table), as a change writes it and `GET /admin/audit` reads it back.
public struct AuditEntry: Sendable, Equatable {
    /// Its place in the log (increasing); nil before it is stored.
    public let seq: Int64?
    /// When, in milliseconds since 1970 (the relying party's clock).
    public let time: Int64
    /// The account it concerns (its user handle, base64url: the `id` of `GET /session`); nil for none.
    public let userID: String?
    /// What was done: an ``AuditAction``'s raw value.
    public let action: String
    /// Who did it.
    public let actor: AuditActor
    /// The client's address as the server resolved it; nil outside a request.
    public let clientAddress: String?
    /// How it ended: an ``AuditOutcome``'s raw value.
    public let outcome: String
    /// What else the entry carries (the passkey's ID and name, the refusal's code), a JSON object as text; nil for none.
    public let detail: String?

    /// An entry with these values; `seq` is nil until the store assigns it.
    public init(
        seq: Int64? = nil, time: Int64, userID: String?, action: String, actor: AuditActor, clientAddress: String?, outcome: String,
        detail: String?
    ) {
        self.seq = seq
        self.time = time
        self.userID = userID
        self.action = action
        self.actor = actor
        self.clientAddress = clientAddress
        self.outcome = outcome
        self.detail = detail
    }

    /// The entry as `GET /admin/audit` answers it: `{"id", "time", "actor", "action", "user", "clientAddress", "outcome", "detail"}`.
    package var json: JSONValue {
        var members = JSONObject([
            "id": .string(seq.map(String.init) ?? ""), "time": .string(RFC3339.string(millisecondsSince1970: time)), "actor": actor.json,
            "action": .string(action), "user": userID.map(JSONValue.string) ?? .null, "clientAddress": clientAddress.map(JSONValue.string) ?? .null,
            "outcome": .string(outcome),
        ])
        members["detail"] = detail.flatMap { try? JSONParser.parse(Array($0.utf8)) } ?? .object(JSONObject())
        return .object(members)
    }
}

/// Which entries `GET /admin/audit` reads: one account's (or every account's), in a time range, newest first, a page
/// at a time.
public struct AuditQuery: Sendable, Equatable {
    /// The account (user handle, base64url); nil for every entry.
    public var userID: String?
    /// From this time (inclusive), milliseconds.
    public var from: Int64
    /// Until this time (exclusive), milliseconds.
    public var until: Int64
    /// Only entries older than this one (the previous page's `next`); nil for the newest.
    public var before: Int64?
    /// The most entries to read.
    public var limit: Int

    /// A query for the entries of `userID` (nil: every account) in [`from`, `until`), older than `before`, at most `limit`.
    public init(userID: String?, from: Int64, until: Int64, before: Int64?, limit: Int) {
        self.userID = userID
        self.from = from
        self.until = until
        self.before = before
        self.limit = limit
    }
}
