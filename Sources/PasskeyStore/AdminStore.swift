/// What the operator's API reads beyond ``Store``: accounts a page at a time, an account's live sessions,
/// and the audit log. Both stores implement it; the changes an operator makes are ``Store``'s own steps, each writing
/// its events and its audit entry in its transaction.
public protocol AdminStore: Sendable {
    /// At most `limit` accounts whose handle (base64url) sorts after `after` (nil: from the first), in handle order.
    func users(after: String?, limit: Int) async throws -> [UserRecord]
    /// The account's sessions that have not expired at `now`, newest first.
    func sessions(userHandle: [UInt8], now: Int64) async throws -> [SessionRecord]
    /// The audit entries `query` selects, newest first.
    func auditEntries(_ query: AuditQuery) async throws -> [AuditEntry]
    /// Removes audit entries older than `time` (milliseconds); returns how many.
    func pruneAudit(before time: Int64) async throws -> Int
}

/// The bindings of an audit entry, in the order of ``Schema/auditInsertColumns``.
extension AuditEntry {
    var insertValues: (Int64, String?, String, String, String, String?, String, String?) {
        (time, userID, action, actor.kind.rawValue, actor.name, clientAddress, outcome, detail)
    }

    /// An entry read back: `kind` not one of ``AuditActor/Kind`` (a row written by hand) reads as the server.
    static func read(
        seq: Int64, time: Int64, userKey: String?, action: String, actorKind: String, actorName: String, clientAddress: String?, outcome: String,
        detail: String?
    ) -> AuditEntry {
        AuditEntry(
            seq: seq, time: time, userID: userKey, action: action,
            actor: AuditActor(kind: AuditActor.Kind(rawValue: actorKind) ?? .server, name: actorName),
            clientAddress: clientAddress, outcome: outcome, detail: detail)
    }
}
