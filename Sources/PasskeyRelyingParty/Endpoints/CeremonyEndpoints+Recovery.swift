extension CeremonyEndpoints {
    /// `POST recovery`: a username and one of its unused recovery codes start a recovery session, which may add one
    /// passkey to the account (``SignedInUser/isRecoverySession``) and nothing else; the code is used up.
    ///
    /// The code is hashed once under `hasher`; `use` (the front end's store) looks the name and the hash up together
    /// and, in one transaction, deletes that code, ends the account's other sessions and starts the recovery session,
    /// or answers nil. An unknown name, a wrong code, a used code and input that cannot be a code therefore get the same
    /// answer (400 `invalidRecoveryCode`) after the same work. Attempts are limited per name (keyed by ``UsernameKey``,
    /// so look-alike spellings share a budget, and names without an account are limited exactly like real ones) and per
    /// client (`limits`, keyed by `recoveryClient`, which the front end names even when its other per-client limits are
    /// off: nothing legitimate guesses codes at speed), failures only, and spend `client`'s failed-results budget as a
    /// ceremony result does.
    package func recover<Session>(
        _ body: [UInt8], client: String?, recoveryClient: String?, limits: RecoveryLimits, hasher: RecoveryCodeHasher,
        use: (_ username: String, _ codeHash: String) async throws -> (user: User, session: Session)?
    ) async throws -> (user: User, session: Session, members: JSONObject) {
        try await limitingFailures(of: client) {
            let request = try RequestJSON.object(body)
            let username = try RequestMembers.requiredName(request, "username")
            guard case .string(let code)? = request["code"] else {
                throw RelyingPartyError.badRequest("code: expected a recovery code as a string, found none")
            }
            // A token from each bucket per attempt, given back on success: failures are what is limited.
            if let recoveryClient, try await !limits.perClient.allow(recoveryClient) { throw RelyingPartyError.tooManyRequests }
            let account = UsernameKey(username).rawValue
            guard try await limits.perAccount.allow(account) else { throw RelyingPartyError.tooManyRequests }
            guard let used = try await use(username, hasher.lookupHash(code)) else { throw RelyingPartyError.invalidRecoveryCode }
            if let recoveryClient { await limits.perClient.refund(recoveryClient) }
            await limits.perAccount.refund(account)
            return (used.user, used.session, JSONObject(["user": ResultMembers.user(used.user), "recovery": .bool(true)]))
        }
    }
}

extension RelyingPartyError {
    /// 400 `invalidRecoveryCode`: the same for an unknown username, a wrong code, a used one and input that cannot be a
    /// code.
    public static var invalidRecoveryCode: RelyingPartyError {
        RelyingPartyError(.badRequest, "This username and recovery code do not match an unused recovery code.", code: "invalidRecoveryCode")
    }
}
