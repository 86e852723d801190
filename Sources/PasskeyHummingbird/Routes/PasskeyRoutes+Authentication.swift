import Hummingbird

extension PasskeyRoutes {
    /// `POST assertion/options`: begins a sign-in for a username, or (none given) with a discoverable passkey.
    ///
    /// A name without an account is answered like one with an account (`Passkeys`'s stand-in credentials), so this
    /// route does not tell who has an account.
    func beginAuthentication(_ body: [UInt8], _ request: Request, _ context: Hooks.Context) async throws -> PasskeyResponse {
        let client = try admitOptions(request, context)
        let options = try AuthenticationOptionsRequest(json: RequestJSON.object(body))
        let start = try await keeping(for: client, {
            try await passkeys.beginAuthentication(
                username: options.username, userVerification: options.userVerification, extensions: options.extensions)
        }, ceremony: \.ceremony)
        return .ok(start.options.json)
    }

    /// `POST assertion/result`: verifies a sign-in, has the app store what it changed, and signs the user in.
    func finishAuthentication(_ body: [UInt8], _ request: Request, _ context: Hooks.Context) async throws -> PasskeyResponse {
        let signIn: VerifiedSignIn<Accounts.User>
        do {
            signIn = try await passkeys.finishAuthentication(body)
        } catch let refusal as RelyingPartyError {
            // An unknown passkey's answer names the ID the client itself sent (for its passkey list), read again from
            // the body, never from what was looked up.
            throw refusal.echoingSubmittedCredential(body)
        }
        let session = try await hooks.completeSignIn(signIn, request: request, context: context)
        var members = JSONObject(["user": ResultMembers.user(signIn.user)])
        members.add(session.members)
        return .ok(members, headers: session.headers)
    }
}
