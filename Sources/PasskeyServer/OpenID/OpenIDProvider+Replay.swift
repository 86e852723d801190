import PasskeyCore

/// A detected replay (RFC 9700 §4.14.2, RFC 6749 §4.1.2): a code or a refresh token presented a second time, or by a
/// client it was not issued to, means two parties hold the grant. Its family is revoked, with its refresh and access
/// tokens, and the detection is written to the audit log and raised as `oauth.replay-detected`, in one transaction.
extension OpenIDProvider {
    /// The actor of the entry: the provider acted, not the account's user or the client that presented the grant.
    static let replayActor = AuditActor(kind: .server, name: "OpenID Provider")

    /// Revokes `family` and records the replay: the grant type presented, the client it was issued to and, when
    /// another presented it, that one too. The account's user is named when the account still exists.
    func revokeReplayed(
        family: String, grantType: String, subject: String, clientID: String, origin: ChangeOrigin, presentedBy: String? = nil
    ) async throws {
        let now = self.now
        var detail = JSONObject(["grantType": .string(grantType), "clientId": .string(clientID)])
        if let presentedBy { detail["presentedBy"] = .string(presentedBy) }
        var user: UserRecord?
        if let handle = try? Base64URL.decode(subject) { user = try await store.user(handle: handle) }
        let audit = AuditEntry(
            time: now, userID: subject, action: AuditAction.oauthReplayDetected.rawValue, actor: Self.replayActor,
            clientAddress: origin.clientAddress, outcome: AuditOutcome.success.rawValue, detail: JSONValue.object(detail).serialized())
        let change: ChangeRecord
        if let events {
            let factory = EventFactory(now: now, clientAddress: origin.clientAddress, sessionIdentifiers: nil)
            change = ChangeRecord(endpoints: events.endpoints, audit: audit) { [user, detail] _ in
                [factory.event(.oauthReplayDetected, user: user, data: detail)]
            }
        } else {
            change = .audit(audit)
        }
        try await store.revokeGrant(family: family, now: now, events: change)
        events?.committed()
    }
}
