import PasskeyCore
import PasskeyRelyingParty

/// Events for webhooks and the audit log: each change builds its events and its audit entry
/// before it is made and hands them to the store, which writes them in the change's transaction; no event is built
/// without webhooks, the audit entry always is.
extension RelyingParty {
    /// The events and the audit entry of a change about to be made: the entry records `action` on `user`'s account by
    /// whoever `origin` names (``auditEntry(_:user:outcome:detail:origin:)``); the events come from `build` (given the
    /// token hashes of the sessions the change ends, inside its transaction), none without webhooks.
    func changeEvents(
        _ action: AuditAction, user: UserRecord?, detail: JSONObject = JSONObject(), origin: ChangeOrigin,
        _ build: @escaping @Sendable (_ factory: EventFactory, _ endedSessions: [String]) throws -> [OutboxEvent]
    ) async throws -> ChangeRecord {
        let audit = auditEntry(action, user: user, detail: detail, origin: origin)
        guard let events else { return ChangeRecord(endpoints: [], audit: audit) { _ in [] } }
        let factory = EventFactory(
            now: configuration.nowMilliseconds, clientAddress: origin.clientAddress,
            sessionIdentifiers: try await events.sessionIdentifiers(store))
        return ChangeRecord(endpoints: events.endpoints, audit: audit) { ended in try build(factory, ended) }
    }

    /// An audit entry for `action` on `user`'s account, now: the actor is `origin`'s (an operator's key), else the
    /// account's own user, else the server; the client's address is `origin`'s.
    func auditEntry(
        _ action: AuditAction, user: UserRecord?, outcome: AuditOutcome = .success, detail: JSONObject = JSONObject(), origin: ChangeOrigin
    ) -> AuditEntry {
        AuditEntry(
            time: configuration.nowMilliseconds, userID: user.map { Base64URL.encode($0.handle) }, action: action.rawValue,
            actor: origin.actor(for: user), clientAddress: origin.clientAddress, outcome: outcome.rawValue,
            detail: detail.keys.isEmpty ? nil : JSONValue.object(detail).serialized())
    }

    /// A change with events committed: the delivery sends them now rather than at its next poll.
    func eventsCommitted() { events?.committed() }

    /// A registration's events, in the order they happened: `user.created` (a new account), `passkey.created`, the
    /// end of the recovery session that added the passkey (`session.revoked`, reason `recovery`), `session.created`.
    func registrationEvents(
        account: UserRecord?, isNew: Bool, credential: CredentialRecord, session tokenHash: String, endedSession: String?, origin: ChangeOrigin
    ) async throws -> ChangeRecord {
        guard let account else { return .none }
        let passkey = EventFactory.credential(id: credential.id, name: credential.name)
        return try await changeEvents(
            isNew ? .userCreated : .passkeyCreated, user: account, detail: JSONObject(["credential": passkey]), origin: origin
        ) {
            factory, _ in
            var events: [OutboxEvent] = []
            if isNew { events.append(factory.event(.userCreated, user: account)) }
            events.append(factory.event(.passkeyCreated, user: account, ["credential": passkey]))
            if let endedSession { events += try factory.revoked([endedSession], user: account, reason: .recovery) }
            events.append(
                factory.event(.sessionCreated, user: account, ["session": try factory.session(tokenHash, recovery: false), "credential": passkey]))
            return events
        }
    }

    /// Runs `body`, counting the refusal it throws when it is an attacker-driven one (`--webhook-failures`), from
    /// `client` (the client as the limits key it).
    func countingFailures<T>(client: String?, _ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as RelyingPartyError {
            events?.failures?.count(code: error.code, client: client, now: configuration.nowMilliseconds)
            throw error
        }
    }
}
