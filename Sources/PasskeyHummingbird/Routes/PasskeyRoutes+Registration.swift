import Hummingbird

extension PasskeyRoutes {
    /// `POST attestation/options`: begins a registration for the account the app's hook chooses.
    func beginRegistration(_ body: [UInt8], _ request: Request, _ context: Hooks.Context) async throws -> PasskeyResponse {
        let client = try admitOptions(request, context)
        let options = try RegistrationOptionsRequest(json: RequestJSON.object(body))
        let signedIn = try await hooks.signedInUser(request, context: context)
        let start: RegistrationStart
        switch try await hooks.registrationTarget(for: options, signedIn: signedIn, request: request, context: context) {
        case .newAccount(let name, let displayName):
            guard UsernameScripts.isSingleScript(name) else { throw RelyingPartyError.usernameMixesScripts(name) }
            // A taken name is refused whoever asks: an account's passkeys and its user handle are reached only
            // through its own session. The answer is the same for every taken name.
            // Every new-account sign-up takes a token and a free name gives it back, so a client whose budget is
            // spent gets 429 for taken and free names alike: the answer stops telling which names have accounts.
            let takenNames = client.flatMap { client in limits.takenNameLimiter.map { (client, $0) } }
            if let (client, limiter) = takenNames, !limiter.allow(client) { throw RelyingPartyError.tooManyRequests }
            guard try await passkeys.accounts.user(named: name) == nil else { throw RelyingPartyError.usernameTaken(name) }
            if let (client, limiter) = takenNames { limiter.refund(client) }
            start = try await keeping(for: client, {
                try await passkeys.beginRegistration(
                    for: NewPasskeyUser(name: name, displayName: displayName), excluding: [],
                    authenticatorSelection: options.authenticatorSelection, attestation: options.attestation, extensions: options.extensions,
                    conditional: options.conditional)
            }, ceremony: \.ceremony)
        case .signedInUser:
            guard let signedIn else { throw RelyingPartyError.notSignedIn }
            // An app that offers step-up gates adding a passkey on it: a stolen session alone must not add the
            // thief's passkey and keep the account.
            if hooks is any PasskeyReverificationHooks { try passkeys.requireRecentVerification(signedIn.verifiedAt) }
            // Bound to the session: finishing stores the passkey only while this session lives.
            start = try await keeping(for: client, {
                try await passkeys.beginRegistration(
                    for: signedIn.user, authenticatorSelection: options.authenticatorSelection, attestation: options.attestation,
                    extensions: options.extensions, sessionHash: signedIn.sessionID, conditional: options.conditional)
            }, ceremony: \.ceremony)
        }
        return .ok(start.clientJSON)
    }

    /// `POST attestation/result`: verifies a registration, has the app store it, and signs the user in.
    func finishRegistration(_ body: [UInt8], _ request: Request, _ context: Hooks.Context) async throws -> PasskeyResponse {
        let registered = try await passkeys.finishRegistration(body)
        let ceremony = registered.ceremony
        let credential = registered.credential
        let account: PasskeyRegistration.Account
        if let sessionID = ceremony.sessionHash {
            account = .signedIn(sessionID: sessionID)
        } else {
            // `Passkeys.beginRegistration` always records the name; a ceremony without one was not begun here.
            guard let name = ceremony.username else {
                throw RelyingPartyError(.badRequest, "This registration is incomplete; begin again with attestation/options.", code: "unknownCeremony")
            }
            // The name may have been taken since the options were given; the app's transaction checks again.
            guard try await passkeys.accounts.user(named: name) == nil else { throw RelyingPartyError.usernameTaken(name) }
            account = .new(NewPasskeyUser(handle: credential.userHandle, name: name, displayName: ceremony.displayName))
        }
        let registration = PasskeyRegistration(account: account, passkey: registered)
        let completion = try await hooks.completeRegistration(registration, request: request, context: context)
        // The hook must return the account the credential was stored for; signing in anyone else would hand out an
        // account. A mismatch is the app's bug, answered as a fault, and the session's token is never sent.
        try registration.requireAccount(completion.user)
        let (user, session) = (completion.user, completion.session)
        var members = JSONObject(["user": ResultMembers.user(user), "credential": ResultMembers.credential(registered)])
        members.add(session.members)
        return .ok(members, headers: session.headers)
    }
}
