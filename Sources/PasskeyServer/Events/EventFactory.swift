import PasskeyCore
import PasskeyRelyingParty

/// Makes the events of one change: each an id, the change's time, and the body `{"id", "type", "timestamp", "data"}`
/// where `data` names the account (`user`: id, name, displayName, as `GET /session` gives them), and what else the
/// type carries (docs/events.md). Never a secret: sessions are named by their `sid` (``SessionIdentifiers``),
/// passkeys by ID and name, never their public key or counter.
struct EventFactory: Sendable {
    /// When the change happened, in milliseconds (the relying party's clock).
    let now: Int64
    /// The client the change came from, as the server resolved it (``ChangeOrigin/clientAddress``); nil outside a request.
    let clientAddress: String?
    /// Names sessions; nil for events that name none (a failure summary).
    let sessionIdentifiers: SessionIdentifiers?

    /// A new event. `data` follows `user` in the body; `clientAddress` ends it when the change came from a request.
    func event(_ type: EventType, user: UserRecord?, _ data: KeyValuePairs<String, JSONValue> = [:]) -> OutboxEvent {
        var object = JSONObject()
        for (key, value) in data { object[key] = value }
        return event(type, user: user, data: object)
    }

    /// A new event whose `data` members (after `user`) are `data`'s, in its order.
    func event(_ type: EventType, user: UserRecord?, data: JSONObject) -> OutboxEvent {
        let id = "evt_" + Base64URL.encode(SecureRandom.bytes(16))
        var members = JSONObject()
        if let user { members["user"] = .object(user.userJSON) }
        for member in data.members { members[member.key] = member.value }
        if let clientAddress { members["clientAddress"] = .string(clientAddress) }
        let body = JSONObject([
            "id": .string(id), "type": .string(type.rawValue), "timestamp": .string(Timestamp.iso8601(now)), "data": .object(members),
        ])
        return OutboxEvent(id: id, type: type, userKey: user.map { Base64URL.encode($0.handle) } ?? "", payload: JSONValue.object(body).serialized())
    }

    /// `{"id": sid}` of the session whose token hash is `tokenHash`, with `recovery` when it is a recovery session.
    func session(_ tokenHash: String, recovery: Bool? = nil) throws -> JSONValue {
        guard let sessionIdentifiers else { throw SessionIdentifierInvalid() }
        var session = JSONObject(["id": .string(try sessionIdentifiers.identifier(tokenHash: tokenHash))])
        if let recovery { session["recovery"] = .bool(recovery) }
        return .object(session)
    }

    /// `{"id", "name"}` of a passkey: its credential ID (base64url) and the name its owner gave it.
    static func credential(id: [UInt8], name: String) -> JSONValue {
        .object(JSONObject(["id": .string(Base64URL.encode(id)), "name": .string(name)]))
    }

    /// One `session.revoked` for each session a change ended.
    func revoked(_ endedSessions: [String], user: UserRecord, reason: SessionEndReason) throws -> [OutboxEvent] {
        try endedSessions.map { event(.sessionRevoked, user: user, ["session": try session($0), "reason": .string(reason.rawValue)]) }
    }
}
