/// The four ceremony endpoints of the conformance server API (CONTRACT.md §2) without HTTP: the per-client limits,
/// the rules that keep accounts safe, and the members of each answer. PasskeyHummingbird's `PasskeyRoutes` and
/// PasskeyVapor's `PasskeyRouteCollection` read bodies, ask their app's hooks and write answers around this one
/// piece, so both frameworks accept, refuse and answer exactly alike.
package struct CeremonyEndpoints<Accounts: PasskeyAccounts>: Sendable {
    package typealias User = Accounts.User

    /// The ceremonies, over the app's accounts.
    package let passkeys: Passkeys<Accounts>
    /// What each client may begin (used when the front end names the client).
    package let limits: PasskeyRouteLimits
    let quota: CeremonyQuota

    /// `passkeys` must keep a `CeremonyStore`: a result finds its ceremony by the challenge in its `clientDataJSON`.
    package init(_ passkeys: Passkeys<Accounts>, limits: PasskeyRouteLimits, frontEnd: String) {
        // A configuration mistake, found when the app starts, not a request's fault.
        precondition(passkeys.ceremonies != nil, "\(frontEnd) needs Passkeys with a CeremonyStore: results find their ceremony by its challenge")
        self.passkeys = passkeys
        self.limits = limits
        quota = CeremonyQuota(perClient: limits.pendingCeremoniesPerClient, maximumClients: limits.maximumTrackedClients)
    }

    /// `POST attestation/options`: begins a registration for the account `target` chooses, given the request and
    /// who `signedIn` says is signed in; returns the `PublicKeyCredentialCreationOptionsJSON` members (and `mediation`
    /// for a conditional create).
    ///
    /// With `requireStepUp`, a passkey is added to the signed-in account only within the reverification window of
    /// its session's last passkey verification (`SignedInUser.verifiedAt`; 403 `reverificationRequired`): a stolen
    /// session alone must not add the thief's passkey and keep the account.
    package func beginRegistration(
        _ body: [UInt8], client: String?, requireStepUp: Bool = false, signedIn: () async throws -> SignedInUser<User>?,
        target: (RegistrationOptionsRequest, SignedInUser<User>?) async throws -> RegistrationTarget
    ) async throws -> JSONObject {
        try admitOptions(client)
        let options = try RegistrationOptionsRequest(json: RequestJSON.object(body))
        let signedIn = try await signedIn()
        let start: RegistrationStart
        switch try await target(options, signedIn) {
        case .newAccount(let name, let displayName):
            // Nothing invisible and one script per new name (UTS #39 Highly Restrictive), so it cannot pass for another.
            try NewUsername.check(name)
            // A taken name is refused whoever asks: an account's passkeys and its user handle are reached only
            // through its own session. The answer is the same for every taken name.
            // Every new-account sign-up takes a token and a free name gives it back, so a client whose budget is
            // spent gets 429 for taken and free names alike: the answer stops telling which names have accounts.
            let takenNames = client.flatMap { client in limits.takenNameLimiter.map { (client, $0) } }
            if let (client, limiter) = takenNames, !limiter.allow(client) { throw RelyingPartyError.tooManyRequests }
            guard try await passkeys.accounts.user(named: name) == nil else { throw RelyingPartyError.usernameTaken(name) }
            if let (client, limiter) = takenNames { limiter.refund(client) }
            start = try await keeping(
                for: client,
                {
                    try await passkeys.beginRegistration(
                        for: NewPasskeyUser(name: name, displayName: displayName), excluding: [],
                        authenticatorSelection: options.authenticatorSelection, attestation: options.attestation, extensions: options.extensions,
                        conditional: options.conditional)
                }, ceremony: \.ceremony)
        case .signedInUser:
            guard let signedIn else { throw RelyingPartyError.notSignedIn }
            if requireStepUp { try passkeys.requireRecentVerification(signedIn.verifiedAt) }
            // Bound to the session: finishing stores the passkey only while this session lives.
            start = try await keeping(
                for: client,
                {
                    try await passkeys.beginRegistration(
                        for: signedIn.user, authenticatorSelection: options.authenticatorSelection, attestation: options.attestation,
                        extensions: options.extensions, sessionHash: signedIn.sessionID, conditional: options.conditional)
                }, ceremony: \.ceremony)
        }
        return start.clientJSON
    }

    /// `POST attestation/result`: verifies a registration and has `complete` (the app's hooks) store it and start its
    /// session; returns the account, the credential, the session and the answer's `user` and `credential` members.
    package func finishRegistration<Session>(
        _ body: [UInt8], complete: (PasskeyRegistration) async throws -> (user: User, session: Session)
    ) async throws -> (user: User, credential: CredentialRecord, session: Session, members: JSONObject) {
        let registered = try await passkeys.finishRegistration(body)
        let ceremony = registered.ceremony
        let credential = registered.credential
        let account: PasskeyRegistration.Account
        if let sessionID = ceremony.sessionHash {
            account = .signedIn(sessionID: sessionID)
        } else {
            // `Passkeys.beginRegistration` always records the name; a ceremony without one was not begun here.
            guard let name = ceremony.username else {
                throw RelyingPartyError(
                    .badRequest, "This registration is incomplete; begin again with attestation/options.", code: "unknownCeremony")
            }
            // The name may have been taken since the options were given; the app's transaction checks again.
            guard try await passkeys.accounts.user(named: name) == nil else { throw RelyingPartyError.usernameTaken(name) }
            account = .new(NewPasskeyUser(handle: credential.userHandle, name: name, displayName: ceremony.displayName))
        }
        let registration = PasskeyRegistration(account: account, passkey: registered)
        let (user, session) = try await complete(registration)
        // The hook must return the account the credential was stored for; signing in anyone else would hand out an
        // account. A mismatch is the app's bug, answered as a fault, and the session's token is never sent.
        try registration.requireAccount(user)
        return (user, credential, session, JSONObject(["user": ResultMembers.user(user), "credential": ResultMembers.credential(registered)]))
    }

    /// `POST assertion/options`: begins a sign-in for a username, or (none given) with a discoverable passkey;
    /// returns the `PublicKeyCredentialRequestOptionsJSON` members.
    ///
    /// A name without an account is answered like one with an account (`Passkeys`'s stand-in credentials), so this
    /// does not tell who has an account.
    package func beginAuthentication(_ body: [UInt8], client: String?) async throws -> JSONObject {
        try admitOptions(client)
        let options = try AuthenticationOptionsRequest(json: RequestJSON.object(body))
        let start = try await keeping(
            for: client,
            {
                try await passkeys.beginAuthentication(
                    username: options.username, userVerification: options.userVerification, extensions: options.extensions)
            }, ceremony: \.ceremony)
        return start.options.json
    }

    /// `POST assertion/result`: verifies a sign-in and has `complete` (the app's hooks) store what it changed and
    /// start its session; returns both and the answer's `user` member.
    package func finishAuthentication<Session>(
        _ body: [UInt8], complete: (VerifiedSignIn<User>) async throws -> Session
    ) async throws -> (signIn: VerifiedSignIn<User>, session: Session, members: JSONObject) {
        let signIn: VerifiedSignIn<User>
        do {
            signIn = try await passkeys.finishAuthentication(body)
        } catch let refusal as RelyingPartyError {
            // An unknown passkey's answer names the ID the client itself sent (for its passkey list), read again from
            // the body, never from what was looked up.
            throw refusal.echoingSubmittedCredential(body)
        }
        let session = try await complete(signIn)
        return (signIn, session, JSONObject(["user": ResultMembers.user(signIn.user)]))
    }
}
