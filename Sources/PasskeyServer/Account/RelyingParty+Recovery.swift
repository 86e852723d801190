import PasskeyCore
import PasskeyHummingbird

/// Recovery codes: issued at sign-up and on request (shown once, stored as keyed hashes), each usable once to start
/// a short recovery session that can only register a new passkey.
extension RelyingParty {
    /// `POST /recovery`: a username and one of its unused recovery codes start a recovery session and end every other
    /// session of the account; the code is used up (the shared endpoint, `CeremonyEndpoints.recover`, as the route
    /// groups run it).
    ///
    /// An unknown name, a wrong code, a used code and input that cannot be a code get the same answer (400
    /// `invalidRecoveryCode`) after the same work: one keyed hash of the code, then one statement that looks the name
    /// and the hash up together (``Store/recoveryCodeOwner(username:codeHash:)``), which returns no row for all four.
    /// Reading the account's hashes first and comparing them here, as this did before, cost a known name ~30 µs more
    /// than an unknown one. Each failure also spends the client's failed-results budget, as a ceremony
    /// result's does; the per-name and per-client recovery budgets hold whatever `--rate-limit` says. The change's
    /// audit entry and events name `origin`.
    package func recover(_ body: JSONObject, client: String, origin: ChangeOrigin) async throws -> (response: JSONObject, sessionToken: String) {
        try await countingFailures(client: client) {
            let recovered = try await endpoints.recover(
                JSONValue.object(body).serializedBytes(), client: clientKey(client), recoveryClient: client, limits: recoveryLimits,
                hasher: try await recoveryCodeHasher(),
                use: { try await useRecoveryCode(username: $0, codeHash: $1, origin: origin) })
            var members = recovered.members
            members.add(recovered.session.members)
            return (members, recovered.session.token)
        }
    }

    /// Uses the code whose hash is `codeHash` for the account named `username`: in one transaction the code is deleted,
    /// every session of the account ends and the recovery session starts; nil when no unused code of that account has
    /// this hash (or the name has no account). A change from `origin`.
    private func useRecoveryCode(
        username: String, codeHash: String, origin: ChangeOrigin
    ) async throws -> (user: UserRecord, session: StartedSession)? {
        guard let user = try await store.recoveryCodeOwner(username: username, codeHash: codeHash) else { return nil }
        let now = configuration.nowMilliseconds
        let (token, session) = newSession(for: user.handle, credentialID: nil, now: now, verified: false, recovery: true)
        let events = try await changeEvents(.recoveryUsed, user: user, origin: origin) { factory, ended in
            [factory.event(.recoveryUsed, user: user)] + (try factory.revoked(ended, user: user, reason: .recovery))
                + [factory.event(.sessionCreated, user: user, ["session": try factory.session(session.tokenHash, recovery: true)])]
        }
        // Used once: the row is deleted in the same transaction that starts the session, so two requests with one code
        // cannot both succeed.
        guard try await store.useRecoveryCode(userHandle: user.handle, hash: codeHash, session: session, events: events) else { return nil }
        eventsCommitted()
        let remaining = try await store.recoveryCodeCount(userHandle: user.handle)
        return (
            user,
            StartedSession(token: token, members: JSONObject(["session": .string(token), "recoveryCodesRemaining": JSONValue(Int64(remaining))]))
        )
    }

    /// `GET /recovery-codes`: how many unused codes the signed-in account has.
    package func recoveryCodeStatus(_ session: SessionRecord?) async throws -> JSONObject {
        let user = try await signedInUser(session)
        return JSONObject(["remaining": JSONValue(Int64(try await store.recoveryCodeCount(userHandle: user.handle)))])
    }

    /// `POST /recovery-codes`: replaces the account's codes with new ones, shown once; needs a recent verification.
    /// A change from `origin`.
    package func regenerateRecoveryCodes(_ session: SessionRecord?, origin: ChangeOrigin) async throws -> JSONObject {
        let (user, _) = try await recentlyVerifiedUser(session)
        return JSONObject(["recoveryCodes": .array(try await issueRecoveryCodes(for: user, origin: origin).map(JSONValue.string))])
    }

    /// New codes for the account, replacing any it had, as a change from `origin`; returns them (for the one time
    /// they are shown).
    func issueRecoveryCodes(for user: UserRecord, origin: ChangeOrigin) async throws -> [String] {
        let (codes, hashes) = try await recoveryCodeHasher().issue()
        let detail = JSONObject(["count": JSONValue(Int64(hashes.count))])
        let events = try await changeEvents(.recoveryCodesRegenerated, user: user, detail: detail, origin: origin) {
            factory, _ in
            [factory.event(.recoveryCodesRegenerated, user: user, ["count": JSONValue(Int64(hashes.count))])]
        }
        try await store.replaceRecoveryCodes(userHandle: user.handle, hashes: hashes, events: events)
        eventsCommitted()
        return codes
    }

    /// Opens the deployment's secrets before the first request, as the signing keys are: a key-encryption key that
    /// does not open them stops the start instead of failing the first recovery, and plain ones are sealed now.
    package func openSecrets() async throws {
        _ = try await SealedSecret.load(SealedSecret.standInCredentials, from: try Self.tokenStore(store), sealer: sealer)
        _ = try await recoveryCodeHasher()
    }

    /// The hasher under this deployment's recovery-code key, a sealed secret in the database like the stand-in key
    /// (``SealedSecret``), so every instance and restart hashes alike.
    func recoveryCodeHasher() async throws -> RecoveryCodeHasher {
        if let ready = recoveryHasher.withLock({ $0 }) { return ready }
        let made = try RecoveryCodeHasher(
            key: try await SealedSecret.load(SealedSecret.recoveryCodes, from: try Self.tokenStore(store), sealer: sealer))
        recoveryHasher.withLock { $0 = made }
        return made
    }
}
