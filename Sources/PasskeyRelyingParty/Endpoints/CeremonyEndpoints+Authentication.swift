extension CeremonyEndpoints {
    /// `POST assertion/options`: begins a sign-in for a username, or (none given) with a discoverable passkey;
    /// returns the `PublicKeyCredentialRequestOptionsJSON` members.
    ///
    /// A name without an account is answered like one with an account (`Passkeys`'s stand-in credentials), so this
    /// does not tell who has an account.
    package func beginAuthentication(_ body: [UInt8], client: String?) async throws -> JSONObject {
        try await admitOptions(client)
        let options = try AuthenticationOptionsRequest(json: RequestJSON.object(body))
        let start = try await keeping(
            for: client,
            {
                try await passkeys.beginAuthentication(
                    username: options.username, userVerification: options.userVerification, extensions: options.extensions)
            }, ceremony: \.ceremony)
        metrics.begun(.authentication)
        return start.options.json
    }

    /// `POST assertion/result`: verifies a sign-in and has `complete` (the front end's store) store what it changed
    /// and start its session; returns both and the answer's `user` member. The session records a verification only
    /// when the sign-in `countsAsVerification`.
    package func finishAuthentication<Session>(
        _ body: [UInt8], client: String?, complete: (VerifiedSignIn<User>) async throws -> Session
    ) async throws -> (signIn: VerifiedSignIn<User>, session: Session, members: JSONObject) {
        try await limitingFailures(of: client) {
            try await counting(.authentication) {
                let signIn: VerifiedSignIn<User>
                do {
                    signIn = try await passkeys.finishAuthentication(body)
                } catch let refusal as RelyingPartyError {
                    // An unknown passkey's answer names the ID the client itself sent (for its passkey list), read
                    // again from the body, never from what was looked up.
                    throw refusal.echoingSubmittedCredential(body)
                }
                let session = try await complete(signIn)
                return (signIn, session, JSONObject(["user": ResultMembers.user(signIn.user)]))
            }
        }
    }
}
