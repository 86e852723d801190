extension CeremonyEndpoints {
    /// `POST attestation/options`: begins a registration for the account `target` chooses, given the request and
    /// who `signedIn` says is signed in; returns the `PublicKeyCredentialCreationOptionsJSON` members (and `mediation`
    /// for a conditional create).
    ///
    /// A new account's name is checked (``SignUpName``) and its ceremony stored in one step where the store can
    /// (`NameCheckingCeremonyStore`); a taken name is `usernameTaken` whoever asks, as often as the client's budget
    /// allows (``TakenNameBudget``). A signed-in user's registration is bound to their session and, with ``stepUp``,
    /// needs a recent verification or a recovery session (403 `reverificationRequired`): a stolen session alone must
    /// not add the thief's passkey and keep the account.
    package func beginRegistration(
        _ body: [UInt8], client: String?, signedIn: () async throws -> SignedInUser<User>?,
        target: (RegistrationOptionsRequest, SignedInUser<User>?) async throws -> RegistrationTarget
    ) async throws -> JSONObject {
        try await admitOptions(client)
        let options = try RegistrationOptionsRequest(json: RequestJSON.object(body))
        let signedIn = try await signedIn()
        let start: RegistrationStart
        switch try await target(options, signedIn) {
        case .newAccount(let name, let displayName):
            let user = NewPasskeyUser(name: name, displayName: displayName)
            let budget = TakenNameBudget(client: client, limits: limits)
            start = try await keeping(
                for: client,
                {
                    let signUp = { try await SignUpName.begin(user, options: options, passkeys: passkeys) }
                    guard let budget else { return try await signUp() }
                    return try await budget.charging(signUp)
                }, ceremony: \.ceremony)
        case .signedInUser:
            guard let signedIn else { throw RelyingPartyError.notSignedIn }
            try requireMayAddPasskey(signedIn.verifiedAt, recovery: signedIn.isRecoverySession)
            // The stored name, however the request spelled it (the target matched it by UsernameKey), and the display
            // name this request gives: the authenticator shows both.
            let user = NewPasskeyUser(handle: signedIn.user.passkeyUserHandle, name: signedIn.user.passkeyUserName, displayName: options.displayName)
            // Bound to the session: finishing stores the passkey only while this session lives.
            start = try await keeping(
                for: client,
                {
                    try await passkeys.beginRegistration(
                        for: user, authenticatorSelection: options.authenticatorSelection, attestation: options.attestation,
                        extensions: options.extensions, sessionHash: signedIn.sessionID, conditional: options.conditional)
                }, ceremony: \.ceremony)
        }
        metrics.begun(.registration)
        return start.clientJSON
    }

    /// `POST attestation/result`: verifies a registration and has `complete` (the front end's store) store it and start
    /// its session; returns the account, the credential, the session and the answer's `user` and `credential` members.
    ///
    /// A registration bound to a session is checked against that session as it is now (`boundSession`, by the name the
    /// ceremony kept; the finishing request itself need carry no session, as the conformance API finds a ceremony by
    /// its challenge alone): it must live and be the credential's account's (403 `sessionEnded`), and with ``stepUp``
    /// it must still be within its reverification window (403 `reverificationRequired`), so an add-passkey ceremony
    /// begun inside the window cannot be finished minutes after it. A recovery session's registration ends it
    /// (``PasskeyRegistration/endsSession``).
    package func finishRegistration<Session>(
        _ body: [UInt8], client: String?, boundSession: (String) async throws -> SignedInUser<User>?,
        complete: (PasskeyRegistration) async throws -> (user: User, session: Session)
    ) async throws -> (user: User, credential: CredentialRecord, session: Session, members: JSONObject) {
        try await limitingFailures(of: client) {
            try await counting(.registration) {
                let registered = try await passkeys.finishRegistration(body)
                let registration = try await self.registration(of: registered, boundSession: boundSession)
                let (user, session) = try await complete(registration)
                // The store must return the account the credential was stored for; signing in anyone else would hand
                // out an account. A mismatch is the app's bug, answered as a fault, and the session's token is never
                // sent.
                try registration.requireAccount(user)
                let members = JSONObject(["user": ResultMembers.user(user), "credential": ResultMembers.credential(registered)])
                return (user, registered.credential, session, members)
            }
        }
    }

    /// Whose registration `registered` is, checked as it is now: a new account's name still free (unless the accounts
    /// refuse a taken name themselves), or the bound session still live, recent and the credential's account's.
    private func registration(
        of registered: RegisteredPasskey, boundSession: (String) async throws -> SignedInUser<User>?
    ) async throws -> PasskeyRegistration {
        let ceremony = registered.ceremony
        let credential = registered.credential
        guard let sessionID = ceremony.sessionHash else {
            // `Passkeys.beginRegistration` always records the name; a ceremony without one was not begun here.
            guard let name = ceremony.username else {
                throw RelyingPartyError(
                    .badRequest, "This registration is incomplete; begin again with attestation/options.", code: "unknownCeremony")
            }
            // The name may have been taken since the options were given; the app's transaction checks again.
            if !(passkeys.accounts is any NameRefusingAccounts) {
                guard try await passkeys.accounts.user(named: name) == nil else { throw RelyingPartyError.usernameTaken(name) }
            }
            let user = NewPasskeyUser(handle: credential.userHandle, name: name, displayName: ceremony.displayName)
            return PasskeyRegistration(account: .new(user), passkey: registered)
        }
        guard stepUp else { return PasskeyRegistration(account: .signedIn(sessionID: sessionID), passkey: registered) }
        guard let bound = try await boundSession(sessionID), bound.user.passkeyUserHandle == credential.userHandle else {
            throw RelyingPartyError.sessionEnded
        }
        // Checked again here: the gate at begin held when the options were given, not necessarily now.
        try requireMayAddPasskey(bound.verifiedAt, recovery: bound.isRecoverySession)
        return PasskeyRegistration(account: .signedIn(sessionID: sessionID), passkey: registered, endsSession: bound.isRecoverySession)
    }

    /// With ``stepUp``, a passkey is added to a signed-in account only within the reverification window of its
    /// session's last verification, or by a recovery session (which may add one and ends with it).
    private func requireMayAddPasskey(_ verifiedAt: Int64?, recovery: Bool) throws(RelyingPartyError) {
        guard stepUp, !recovery else { return }
        try passkeys.requireRecentVerification(verifiedAt)
    }
}
