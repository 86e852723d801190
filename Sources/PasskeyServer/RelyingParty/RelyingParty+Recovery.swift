public import PasskeyCore
import PasskeyHummingbird

/// Recovery codes: issued at sign-up and on request (shown once, stored as keyed hashes), each usable once to start
/// a short recovery session that can only register a new passkey.
extension RelyingParty {
    /// `POST /recovery`: a username and one of its unused recovery codes start a recovery session and end every other
    /// session of the account; the code is used up.
    ///
    /// An unknown name, a wrong code, a used code and input that cannot be a code get the same answer (400
    /// `invalidRecoveryCode`) after the same work (one read, one keyed hash, the same number of comparisons). Each
    /// failure also spends the client's failed-results budget, as a ceremony result's does.
    public func recover(_ body: JSONObject, client: String) async throws -> (response: JSONObject, sessionToken: String) {
        try await endpoints.limitingFailures(of: clientKey(client)) { try await recovering(body, client: client) }
    }

    private func recovering(_ body: JSONObject, client: String) async throws -> (response: JSONObject, sessionToken: String) {
        let username = try RequestMembers.requiredName(body, "username")
        guard case .string(let code)? = body["code"] else {
            throw RelyingPartyError.badRequest("code: expected a recovery code as a string, found none")
        }
        // A token from each bucket per attempt, refunded on success: failures are what is limited.
        guard try await recoveryLimits.perClient.allow(client) else { throw RelyingPartyError.tooManyRequests }
        // Keyed as accounts are found (UsernameKey), so look-alike spellings of one name share its budget.
        let account = UsernameKey(username).rawValue
        guard try await recoveryLimits.perAccount.allow(account) else { throw RelyingPartyError.tooManyRequests }
        let hasher = try await recoveryCodeHasher()
        let found = try await store.recoveryCodes(username: username)
        guard let matched = hasher.match(code, among: found?.1 ?? []), let user = found?.0 else { throw RelyingPartyError.invalidRecoveryCode }
        let now = configuration.nowMilliseconds
        let (token, session) = newSession(for: user.handle, credentialID: nil, now: now, verified: false, recovery: true)
        // Used once: the row is deleted in the same transaction that starts the session, so two requests with one code
        // cannot both succeed.
        guard try await store.useRecoveryCode(userHandle: user.handle, hash: matched, session: session) else {
            throw RelyingPartyError.invalidRecoveryCode
        }
        await recoveryLimits.perClient.refund(client)
        await recoveryLimits.perAccount.refund(account)
        let remaining = try await store.recoveryCodeCount(userHandle: user.handle)
        return (
            JSONObject([
                "session": .string(token), "user": Self.user(user), "recovery": .bool(true), "recoveryCodesRemaining": JSONValue(Int64(remaining)),
            ]), token
        )
    }

    /// `GET /recovery-codes`: how many unused codes the signed-in account has.
    public func recoveryCodeStatus(_ session: SessionRecord?) async throws -> JSONObject {
        let user = try await signedInUser(session)
        return JSONObject(["remaining": JSONValue(Int64(try await store.recoveryCodeCount(userHandle: user.handle)))])
    }

    /// `POST /recovery-codes`: replaces the account's codes with new ones, shown once; needs a recent verification.
    public func regenerateRecoveryCodes(_ session: SessionRecord?) async throws -> JSONObject {
        let (user, _) = try await recentlyVerifiedUser(session)
        return JSONObject(["recoveryCodes": .array(try await issueRecoveryCodes(for: user.handle).map(JSONValue.string))])
    }

    /// New codes for the account, replacing any it had; returns them (for the one time they are shown).
    func issueRecoveryCodes(for handle: [UInt8]) async throws -> [String] {
        let (codes, hashes) = try await recoveryCodeHasher().issue()
        try await store.replaceRecoveryCodes(userHandle: handle, hashes: hashes)
        return codes
    }

    /// The hasher under this deployment's recovery-code key, a secret kept in the database like the stand-in key,
    /// so every instance and restart hashes alike.
    func recoveryCodeHasher() async throws -> RecoveryCodeHasher {
        if let ready = recoveryHasher.withLock({ $0 }) { return ready }
        let made = try RecoveryCodeHasher(key: try await store.secret(named: "recovery-codes") { SecureRandom.bytes(32) })
        recoveryHasher.withLock { $0 = made }
        return made
    }
}

extension RelyingPartyError {
    /// 400 `invalidRecoveryCode`: the same for an unknown username, a wrong code and a used one.
    static var invalidRecoveryCode: RelyingPartyError {
        RelyingPartyError(.badRequest, "This username and recovery code do not match an unused recovery code.", code: "invalidRecoveryCode")
    }
}
