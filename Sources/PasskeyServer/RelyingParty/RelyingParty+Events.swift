import PasskeyCore
import PasskeyRelyingParty

/// Events for webhooks (issue #44): each change builds its events before it is made and hands them to the store,
/// which writes them in the change's transaction; nothing is built without webhooks.
extension RelyingParty {
    /// The events of a change about to be made, from `build` (given the token hashes of the sessions the change ends,
    /// inside its transaction); ``ChangeEvents/none`` without webhooks.
    func changeEvents(
        _ build: @escaping @Sendable (_ factory: EventFactory, _ endedSessions: [String]) throws -> [OutboxEvent]
    ) async throws -> ChangeEvents {
        guard let events else { return .none }
        let factory = EventFactory(
            now: configuration.nowMilliseconds, clientAddress: EventContext.clientAddress,
            sessionIdentifiers: try await events.sessionIdentifiers(store))
        return ChangeEvents(endpoints: events.endpoints) { ended in try build(factory, ended) }
    }

    /// A change with events committed: the delivery sends them now rather than at its next poll.
    func eventsCommitted() { events?.committed() }

    /// A registration's events, in the order they happened: `user.created` (a new account), `passkey.created`, the
    /// end of the recovery session that added the passkey (`session.revoked`, reason `recovery`), `session.created`.
    func registrationEvents(
        account: UserRecord?, isNew: Bool, credential: CredentialRecord, session tokenHash: String, endedSession: String?
    ) async throws -> ChangeEvents {
        guard let account else { return .none }
        return try await changeEvents { factory, _ in
            let passkey = EventFactory.credential(id: credential.id, name: credential.name)
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
