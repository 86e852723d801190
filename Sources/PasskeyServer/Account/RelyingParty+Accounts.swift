import Foundation
import PasskeyCore

/// Sessions, the passkey list and the account itself.
extension RelyingParty {
    /// The session for a token, or nil when there is none or it expired.
    public func session(token: String?) async throws -> SessionRecord? {
        guard let token, !token.isEmpty, token.utf8.count <= 128 else { return nil }
        return try await store.session(tokenHash: Self.hash(token), now: configuration.nowMilliseconds)
    }

    /// The signed-in user, or 401; a recovery session, which may only add a passkey, is refused (403).
    package func signedInUser(_ session: SessionRecord?) async throws -> UserRecord {
        guard let session, let user = try await store.user(handle: session.userHandle) else { throw RelyingPartyError.noSession }
        guard !session.isRecovery else { throw RelyingPartyError.recoverySessionRestricted }
        return user
    }

    /// The signed-in user of a session that verified with a passkey within the reverification window; else 403
    /// `reverificationRequired` (a session alone, stolen or not, does not take sensitive actions): the one gate for
    /// sensitive actions, ``Passkeys/requireStepUp(_:)``.
    func recentlyVerifiedUser(_ session: SessionRecord?) async throws -> (UserRecord, SessionRecord) {
        guard let session, let signedIn = try await signedIn(session) else { throw RelyingPartyError.noSession }
        try passkeys.requireStepUp(signedIn)
        return (signedIn.user, session)
    }

    package func currentUser(_ session: SessionRecord?) async throws -> JSONObject {
        // rpId too: the page names it in the Signal API calls it makes while signed in (it is in every options answer).
        JSONObject(["user": Self.user(try await signedInUser(session)), "rpId": .string(configuration.rpID)])
    }

    /// `DELETE /session`: ends the session of `token` (nothing for a token of no live session), a change from `origin`.
    package func signOut(token: String?, origin: ChangeOrigin) async throws {
        guard let token, !token.isEmpty else { return }
        let tokenHash = Self.hash(token)
        // The account the event and the audit entry name: the session's, read first; a token of no live session ends
        // nothing.
        guard let session = try await store.session(tokenHash: tokenHash, now: configuration.nowMilliseconds),
            let user = try await store.user(handle: session.userHandle)
        else { return try await store.deleteSession(tokenHash: tokenHash, events: .none) }
        let events = try await changeEvents(.sessionRevoked, user: user, origin: origin) { factory, ended in
            try factory.revoked(ended, user: user, reason: .signOut)
        }
        try await store.deleteSession(tokenHash: tokenHash, events: events)
        eventsCommitted()
    }

    /// `DELETE /sessions`: ends every other session of the signed-in account ("sign out everywhere else"), for a
    /// user who suspects a session was stolen; the asking session stays. A change from `origin`.
    package func endOtherSessions(_ session: SessionRecord?, origin: ChangeOrigin) async throws {
        let (user, session) = try await recentlyVerifiedUser(session)
        try await endSessions(of: user, except: session.tokenHash, reason: .signOutEverywhere, origin: origin)
    }

    /// Ends every session of `user`'s account except `tokenHash` (none: every one), with one `session.revoked` for
    /// each and one audit entry (`sessions.revoked`, with the reason), as a change from `origin`.
    func endSessions(of user: UserRecord, except tokenHash: String?, reason: SessionEndReason, origin: ChangeOrigin) async throws {
        let detail = JSONObject(["reason": .string(reason.rawValue)])
        let events = try await changeEvents(.sessionsRevoked, user: user, detail: detail, origin: origin) {
            factory, ended in try factory.revoked(ended, user: user, reason: reason)
        }
        // A token hash is never empty, so `except: ""` ends them all.
        try await store.deleteSessions(userHandle: user.handle, except: tokenHash ?? "", events: events)
        eventsCommitted()
    }

    /// `GET /credentials`: the signed-in account's passkeys, each with its provider named in the first of
    /// `languages` that FIDO metadata has (an `Accept-Language` list, best first).
    package func listCredentials(_ session: SessionRecord?, languages: [String] = []) async throws -> JSONObject {
        let user = try await signedInUser(session)
        return JSONObject(["credentials": .array(try await store.credentials(userHandle: user.handle).map { summary($0, languages: languages) })])
    }

    /// `PATCH /credentials/{id}`: renames a passkey of the signed-in account to the body's `name`, a change from `origin`.
    package func renameCredential(_ session: SessionRecord?, id: String, body: JSONObject, origin: ChangeOrigin) async throws -> JSONObject {
        let user = try await signedInUser(session)
        let credentialID = try RequestMembers.credentialID(id)
        let name = try RequestMembers.requiredName(body, "name")
        let passkey = EventFactory.credential(id: credentialID, name: name)
        let events = try await changeEvents(.passkeyRenamed, user: user, detail: JSONObject(["credential": passkey]), origin: origin) { factory, _ in
            [factory.event(.passkeyRenamed, user: user, ["credential": passkey])]
        }
        guard try await store.renameCredential(id: credentialID, userHandle: user.handle, name: name, events: events),
            let record = try await store.credential(id: credentialID)
        else {
            throw RelyingPartyError(.notFound, "No passkey \(id) belongs to this account.")
        }
        return JSONObject(["credential": summary(record)])
    }

    /// `DELETE /credentials/{id}`: removes a passkey and ends every session it started, except the asking one (a lost
    /// phone's sessions end; the user stays signed in where they are). The last passkey is refused with 409: without
    /// it the account has no way in, so only deleting the account removes it. A change from `origin`.
    package func deleteCredential(_ session: SessionRecord?, id: String, origin: ChangeOrigin) async throws {
        let (user, _) = try await recentlyVerifiedUser(session)
        try await removeCredential(of: user, id: id, keepingSession: session?.tokenHash, origin: origin)
    }

    /// Removes the passkey `id` of `user`'s account and ends the sessions it started, except `keepingSession`: 404
    /// when the account has no such passkey, 409 for its last. Its event and audit entry name it by ID and name, and
    /// `origin` as where the change came from.
    func removeCredential(of user: UserRecord, id: String, keepingSession: String?, origin: ChangeOrigin) async throws {
        let credentialID = try RequestMembers.credentialID(id)
        guard let record = try await store.credential(id: credentialID), record.userHandle == user.handle else {
            throw RelyingPartyError(.notFound, "No passkey \(id) belongs to this account.")
        }
        // Its name as it was just before (an event names a passkey by ID and name).
        let passkey = EventFactory.credential(id: credentialID, name: record.name)
        let events = try await changeEvents(.passkeyDeleted, user: user, detail: JSONObject(["credential": passkey]), origin: origin) {
            factory, ended in
            [factory.event(.passkeyDeleted, user: user, ["credential": passkey])] + (try factory.revoked(ended, user: user, reason: .passkeyRemoval))
        }
        switch try await store.deleteCredential(id: credentialID, userHandle: user.handle, keepingSession: keepingSession, events: events) {
        case .deleted:
            eventsCommitted()
            return
        case .notFound:
            throw RelyingPartyError(.notFound, "No passkey \(id) belongs to this account.")
        case .lastCredential:
            throw RelyingPartyError(
                .conflict,
                "This is the only passkey of this account; without it nobody could sign in. Add another passkey first, or delete the whole account.",
                code: "lastPasskey")
        }
    }

    /// `DELETE /account`: removes the signed-in account, all its passkeys and all its sessions. Its username becomes
    /// free for a new account, which gets a new user handle. A change from `origin`.
    package func deleteAccount(_ session: SessionRecord?, origin: ChangeOrigin) async throws {
        let (user, _) = try await recentlyVerifiedUser(session)
        guard try await removeAccount(user, origin: origin) else { throw RelyingPartyError.noSession }
    }

    /// Removes `user`'s account with everything it holds, as a change from `origin`; false when it was gone already.
    func removeAccount(_ user: UserRecord, origin: ChangeOrigin) async throws -> Bool {
        let events = try await changeEvents(.userDeleted, user: user, origin: origin) { factory, _ in [factory.event(.userDeleted, user: user)] }
        guard try await store.deleteAccount(userHandle: user.handle, events: events) else { return false }
        eventsCommitted()
        return true
    }

    func summary(_ record: CredentialRecord, languages: [String] = []) -> JSONValue {
        .object(
            record.summaryJSON(
                provider: AuthenticatorProviders.provider(for: record.aaguid, metadata: configuration.attestation.metadata, languages: languages)))
    }
}
