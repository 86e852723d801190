import PasskeyCore

/// How this server's store and sessions answer the ceremony endpoints' questions: who is signed in, whether a bound
/// session still lives, and storing what a ceremony produced together with the session it starts, each in one
/// transaction. The same questions a Hummingbird or Vapor app answers with its hooks.
extension RelyingParty {
    /// What signing in adds to a ceremony's answer: the session's token (`session`, for `Authorization: Bearer`, and
    /// the cookie the route sets) and any other members (a new account's `recoveryCodes`, the stored `credential`).
    struct StartedSession: Sendable {
        let token: String
        let members: JSONObject
    }

    /// The signed-in user of `session` for the endpoints: its account, its name (the token's hash, never the token),
    /// its last verification, and whether it is a recovery session. nil without a session or when its account is gone.
    func signedIn(_ session: SessionRecord?) async throws -> SignedInUser<UserRecord>? {
        guard let session, let user = try await store.user(handle: session.userHandle) else { return nil }
        return SignedInUser(user: user, sessionID: session.tokenHash, verifiedAt: session.verifiedAt, isRecoverySession: session.isRecovery)
    }

    /// The session named `name` (a token's hash) as it is now, for a registration bound to it: no cookie is needed to
    /// finish one (the conformance API finds a ceremony by its challenge alone).
    func boundSession(named name: String) async throws -> SignedInUser<UserRecord>? {
        try await signedIn(try await store.session(tokenHash: name, now: configuration.nowMilliseconds))
    }

    /// Stores a verified registration (a new account with its recovery codes, or a passkey for the bound session's
    /// account, ending a recovery session) and its new session, in one transaction, as a change from `origin`.
    func completeRegistration(_ registration: PasskeyRegistration, origin: ChangeOrigin) async throws -> (user: UserRecord, session: StartedSession) {
        var record = registration.credential
        let handle = record.userHandle
        let now = record.createdAt
        let newUser: UserRecord?
        let boundSession: String?
        switch registration.account {
        case .new(let user):
            newUser = UserRecord(handle: handle, username: user.passkeyUserName, displayName: user.passkeyDisplayName, createdAt: now)
            boundSession = nil
        case .signedIn(let sessionID):
            newUser = nil
            boundSession = sessionID
        }
        // A default name no other passkey of the account has: "Passkey N" after the count, or the provider's name,
        // numbered on from 2 when taken. The count alone repeated names after a removal or a recovery (two "Passkey 2").
        let taken = Set(newUser == nil ? try await store.credentials(userHandle: handle).map(\.name) : [])
        if registration.passkey.authenticatorName == nil {
            var number = taken.count + 1
            while taken.contains("Passkey \(number)") { number += 1 }
            record.name = "Passkey \(number)"
        } else if taken.contains(record.name) {
            var number = 2
            while taken.contains("\(record.name) \(number)") { number += 1 }
            record.name = "\(record.name) \(number)"
        }
        let (token, session) = newSession(
            for: handle, credentialID: record.id, now: now, verified: registration.passkey.countsAsVerification,
            userVerified: registration.passkey.verification.userVerified, backupEligible: record.backupEligible)
        // A new account's recovery codes are stored with it (shown once, in this answer); only their keyed hashes are kept.
        let (recoveryCodes, recoveryCodeHashes) = newUser == nil ? ([], []) : try await recoveryCodeHasher().issue()
        // The events and the audit entry name the account: a new one as it is being written, an existing one as it is now.
        var account = newUser
        if account == nil { account = try await store.user(handle: handle) }
        let events = try await registrationEvents(
            account: account, isNew: newUser != nil, credential: record, session: session.tokenHash,
            endedSession: registration.endsSession ? boundSession : nil, origin: origin)
        switch try await store.finishRegistration(
            newUser: newUser, credential: record, session: session, requiredSession: boundSession, endsRequiredSession: registration.endsSession,
            recoveryCodeHashes: recoveryCodeHashes, now: now, events: events)
        {
        case .registered:
            eventsCommitted()
        case .usernameTaken:
            throw RelyingPartyError.usernameTakenMeanwhile(newUser?.username ?? "")
        case .credentialExists:
            // WebAuthn L3 §7.1 step 26: a credential ID registered before is refused.
            throw RelyingPartyError.credentialAlreadyRegistered
        case .accountGone:
            throw RelyingPartyError.accountDeleted
        case .sessionEnded:
            throw RelyingPartyError.sessionEnded
        }
        // Read before the change when events needed it (an account's name does not change).
        var user = account
        if user == nil { user = try await store.user(handle: handle) }
        guard let user else { throw RelyingPartyError.accountDeleted }
        // `credential` as stored, under the name given here (it replaces the endpoints' member of that name).
        var members = JSONObject(["session": .string(token), "credential": summary(record)])
        if !recoveryCodes.isEmpty { members["recoveryCodes"] = .array(recoveryCodes.map(JSONValue.string)) }
        return (user, StartedSession(token: token, members: members))
    }

    /// Stores a verified sign-in (the counter only moving up) and its new session, in one transaction; the session
    /// records a verification when the sign-in counts as one; a change from `origin`.
    func completeSignIn(_ signIn: VerifiedSignIn<UserRecord>, origin: ChangeOrigin) async throws -> StartedSession {
        let record = signIn.credential
        let now = record.lastUsedAt ?? configuration.nowMilliseconds
        let (token, session) = newSession(
            for: signIn.user.handle, credentialID: record.id, now: now, verified: signIn.countsAsVerification,
            userVerified: signIn.verification.userVerified, backupEligible: record.backupEligible)
        let user = signIn.user
        let passkey = EventFactory.credential(id: record.id, name: record.name)
        let events = try await changeEvents(.sessionCreated, user: user, detail: JSONObject(["credential": passkey]), origin: origin) { factory, _ in
            [
                factory.event(
                    .sessionCreated, user: user,
                    [
                        "session": try factory.session(session.tokenHash, recovery: false),
                        "credential": EventFactory.credential(id: record.id, name: record.name),
                    ])
            ]
        }
        guard
            try await store.recordSignIn(
                credentialID: record.id, signCount: record.signCount, backupState: record.backupState, uvInitialized: record.uvInitialized, at: now,
                session: session, events: events)
        else { throw RelyingPartyError.signInConflict }
        eventsCommitted()
        return StartedSession(token: token, members: JSONObject(["session": .string(token)]))
    }

    /// Stores a verified step-up: the credential's new state and the session's `verifiedAt`, in one transaction; a
    /// change from `origin`.
    func storeReverification(_ reverification: Reverification<UserRecord>, signedIn: SignedInUser<UserRecord>, origin: ChangeOrigin) async throws {
        let record = reverification.signIn.credential
        let user = signedIn.user
        let passkey = EventFactory.credential(id: record.id, name: record.name)
        let events = try await changeEvents(.stepUpCompleted, user: user, detail: JSONObject(["credential": passkey]), origin: origin) { factory, _ in
            [
                factory.event(
                    .stepUpCompleted, user: user,
                    ["session": try factory.session(signedIn.sessionID), "credential": EventFactory.credential(id: record.id, name: record.name)])
            ]
        }
        guard
            try await store.recordReverification(
                credentialID: record.id, signCount: record.signCount, backupState: record.backupState, uvInitialized: record.uvInitialized,
                userVerified: reverification.signIn.verification.userVerified, at: reverification.verifiedAt, tokenHash: signedIn.sessionID,
                events: events)
        else { throw RelyingPartyError.signInConflict }
        eventsCommitted()
    }
}
