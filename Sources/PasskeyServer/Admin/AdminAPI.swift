import PasskeyCore
import PasskeyRelyingParty

/// The operator's API: what support staff do without SQL, each call recorded in the audit log. Reached
/// only through an API key (``ServiceCredentialMiddleware``); each request's routes call it as
/// ``acting(as:)`` the request's ``ChangeOrigin``, so the key is the actor of every entry and event reason. Changes go
/// through the relying party's own steps, so each raises the events a user's change raises and writes its audit entry
/// in its transaction; reads and refusals write their entry alone.
struct AdminAPI: Sendable {
    let relyingParty: RelyingParty
    let store: any DatabaseStore
    /// Names sessions by their `sid`, as tokens and events do.
    let sessionIDs: SessionIdentifiers
    /// Who calls and from where: outside a request, the server; a request's routes set the calling key and client with
    /// ``acting(as:)``.
    private(set) var origin = ChangeOrigin.outsideRequest
    /// The audit log's default range when a query gives none: this many milliseconds back.
    static let defaultAuditWindow: Int64 = 30 * 86_400_000

    /// This API as `origin` calls it: every entry and event it writes names `origin`'s actor and client address.
    func acting(as origin: ChangeOrigin) -> AdminAPI {
        var call = self
        call.origin = origin
        return call
    }

    // MARK: Accounts

    /// `GET /admin/users`: by name (exactly, or by the name's lookup key as sign-in finds it), by id, or a page of every
    /// account in id order (`next` is the `after` of the following page; null on the last).
    func users(_ query: AdminQuery.Users) async throws -> JSONObject {
        let (found, next): ([UserRecord], String?)
        switch query.selection {
        case .username(let name, let id):
            found = try await store.user(username: name).map { [$0] }?.filter { id == nil || $0.handle == id } ?? []
            next = nil
        case .id(let id):
            found = try await store.user(handle: id).map { [$0] } ?? []
            next = nil
        case .page(let after, let limit):
            // One more than the page, to know whether another follows.
            let rows = try await store.users(after: after, limit: limit + 1)
            found = Array(rows.prefix(limit))
            next = rows.count > limit ? found.last.map { Base64URL.encode($0.handle) } : nil
        }
        try await record(.usersRead, user: found.count == 1 ? found[0] : nil, detail: query.auditDetail)
        return JSONObject(["users": .array(found.map(Self.user)), "next": next.map(JSONValue.string) ?? .null])
    }

    /// `GET /admin/users/{id}`.
    func user(id: String) async throws -> JSONObject {
        let user = try await account(id, reading: .usersRead)
        try await record(.usersRead, user: user)
        return JSONObject(["user": Self.user(user)])
    }

    /// `GET /admin/users/{id}/credentials`: the account's passkeys as their owner's list shows them.
    func credentials(userID: String) async throws -> JSONObject {
        let user = try await account(userID, reading: .credentialsRead)
        let records = try await store.credentials(userHandle: user.handle)
        try await record(.credentialsRead, user: user)
        return JSONObject(["credentials": .array(records.map { relyingParty.summary($0) })])
    }

    /// `GET /admin/users/{id}/sessions`: the account's live sessions, named by `sid` (never a token or its hash).
    func sessions(userID: String) async throws -> JSONObject {
        let user = try await account(userID, reading: .sessionsRead)
        let sessions = try await store.sessions(userHandle: user.handle, now: relyingParty.configuration.nowMilliseconds)
        try await record(.sessionsRead, user: user)
        return JSONObject(["sessions": .array(try sessions.map(session))])
    }

    /// `DELETE /admin/users/{id}/sessions`: ends every session of the account (`session.revoked`, reason `operator`).
    func endSessions(userID: String) async throws -> JSONObject {
        let user = try await account(userID, reading: .sessionsRevoked)
        let before = try await store.sessions(userHandle: user.handle, now: relyingParty.configuration.nowMilliseconds).count
        try await relyingParty.endSessions(of: user, except: nil, reason: .operator, origin: origin)
        return JSONObject(["ended": JSONValue(before)])
    }

    /// `DELETE /admin/users/{id}/credentials/{credentialId}`: removes one passkey of the account and the sessions it
    /// started; its last passkey is refused (409 `lastPasskey`: delete the account instead).
    func deleteCredential(userID: String, credentialID: String) async throws {
        let user = try await account(userID, reading: .passkeyDeleted)
        try await refusalsRecorded(
            .passkeyDeleted, user: user, detail: JSONObject(["credential": .object(JSONObject(["id": .string(credentialID)]))])
        ) {
            try await relyingParty.removeCredential(of: user, id: credentialID, keepingSession: nil, origin: origin)
        }
    }

    /// `DELETE /admin/users/{id}`: removes the account with its passkeys, sessions and recovery codes.
    func deleteUser(id: String) async throws {
        let user = try await account(id, reading: .userDeleted)
        guard try await relyingParty.removeAccount(user, origin: origin) else { throw Self.noAccount }
    }

    /// `POST /admin/users/{id}/recovery-codes`: new codes replace the account's, handed to the operator this once.
    func newRecoveryCodes(userID: String) async throws -> JSONObject {
        let user = try await account(userID, reading: .recoveryCodesRegenerated)
        return JSONObject(["recoveryCodes": .array(try await relyingParty.issueRecoveryCodes(for: user, origin: origin).map(JSONValue.string))])
    }

    // MARK: Events, keys, the log

    /// `POST /admin/events/replay`: dead webhook events back in their queues (as `passkeys events replay`), the audit
    /// entry in the same transaction.
    func replay(id: String?) async throws -> JSONObject {
        let detail = JSONObject(["event": id.map(JSONValue.string) ?? .string("all-dead")])
        let entry = relyingParty.auditEntry(.eventsReplayed, user: nil, detail: detail, origin: origin)
        let replayed = try await store.replayDeadEvents(id: id, audit: entry)
        if let id, replayed == 0 {
            try await record(.eventsReplayed, user: nil, outcome: .refused, detail: detail)
            throw RelyingPartyError(.notFound, "No dead event has the id \(id).", code: "noDeadEvent")
        }
        return JSONObject(["replayed": JSONValue(replayed)])
    }

    /// `GET /admin/keys`: every API key, never the keys themselves.
    func keys() async throws -> JSONObject {
        let keys = try await store.apiKeys()
        try await record(.apiKeysRead, user: nil)
        return JSONObject(["keys": .array(keys.map(Self.key))])
    }

    /// `DELETE /admin/keys/{id}`: revokes a key (a leaked one; the calling key may revoke itself, whatever its scopes),
    /// the entry in the revocation's transaction.
    func revokeKey(id: String) async throws {
        let configuration = relyingParty.configuration
        let keys = APIKeys(store: store, clock: { configuration.nowMilliseconds }, origin: origin)
        guard id.utf8.count <= 64, try await keys.revoke(id: id) else {
            try await record(.apiKeyRevoked, user: nil, outcome: .refused, detail: JSONObject(["key": .string(String(id.prefix(64)))]))
            throw RelyingPartyError(.notFound, "No valid API key has the id '\(id.prefix(64))'.", code: "apiKeyNotFound")
        }
    }

    /// `GET /admin/audit`: entries newest first, a page at a time (`next` is the `before` of the following page).
    func audit(_ query: AdminQuery.Audit) async throws -> JSONObject {
        let now = relyingParty.configuration.nowMilliseconds
        let until = query.until ?? now + 1
        let from = query.from ?? until - Self.defaultAuditWindow
        let entries = try await store.auditEntries(
            AuditQuery(userID: query.userID, from: from, until: until, before: query.before, limit: query.limit + 1))
        let page = Array(entries.prefix(query.limit))
        let next = entries.count > query.limit ? page.last?.seq.map(String.init) : nil
        try await record(.auditRead, user: nil, detail: JSONObject(["user": query.userID.map(JSONValue.string) ?? .null]))
        return JSONObject([
            "entries": .array(page.map(\.json)), "next": next.map(JSONValue.string) ?? .null,
            "from": .string(RFC3339.string(millisecondsSince1970: from)), "until": .string(RFC3339.string(millisecondsSince1970: until)),
        ])
    }

    // MARK: Helpers

    static let noAccount = RelyingPartyError(.notFound, "No account has this id.", code: "userNotFound")

    /// The account whose id is `id`; 404 `userNotFound` (recorded as refused) when there is none.
    func account(_ id: String, reading action: AuditAction) async throws -> UserRecord {
        let handle = try AdminQuery.userHandle(id)
        guard let user = try await store.user(handle: handle) else {
            try await record(action, user: nil, outcome: .refused, detail: JSONObject(["user": .string(id), "code": .string("userNotFound")]))
            throw Self.noAccount
        }
        return user
    }

    /// Runs `change`; a refusal it throws is recorded (its code in the entry) before it is answered.
    func refusalsRecorded(_ action: AuditAction, user: UserRecord, detail: JSONObject, _ change: () async throws -> Void) async throws {
        do {
            try await change()
        } catch let refusal as RelyingPartyError {
            var detail = detail
            detail["code"] = .string(refusal.code ?? "refused")
            try await record(action, user: user, outcome: .refused, detail: detail)
            throw refusal
        }
    }

    /// An entry for a read or a refusal, in a statement of its own (nothing changed to share a transaction with).
    func record(_ action: AuditAction, user: UserRecord?, outcome: AuditOutcome = .success, detail: JSONObject = JSONObject()) async throws {
        try await store.appendEvents(.audit(relyingParty.auditEntry(action, user: user, outcome: outcome, detail: detail, origin: origin)))
    }

    static func user(_ user: UserRecord) -> JSONValue {
        var members = user.userJSON
        members["createdAt"] = .string(RFC3339.string(millisecondsSince1970: user.createdAt))
        return .object(members)
    }

    func session(_ record: SessionRecord) throws -> JSONValue {
        let time = { (value: Int64?) in value.map { JSONValue.string(RFC3339.string(millisecondsSince1970: $0)) } ?? .null }
        return .object(
            JSONObject([
                "id": .string(try sessionIDs.identifier(tokenHash: record.tokenHash)), "startedAt": time(record.startedAt),
                "expiresAt": time(record.expiresAt), "verifiedAt": time(record.verifiedAt), "recovery": .bool(record.isRecovery),
                "credentialId": record.credentialID.map { .string(Base64URL.encode($0)) } ?? .null,
                "amr": .array(record.authenticationMethods.map(JSONValue.string)),
            ]))
    }

    static func key(_ record: APIKeyRecord) -> JSONValue { record.listing }
}
