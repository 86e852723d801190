public import Hummingbird

extension PasskeyRoutes where Hooks: PasskeyReverificationHooks {
    /// Adds the step-up routes to `routes`, relative to it like the ceremony routes:
    ///
    /// | route | body | ok answer (after `status`, `errorMessage`) |
    /// | --- | --- | --- |
    /// | `POST session/verify/options` | empty or `{}` | `PublicKeyCredentialRequestOptionsJSON` members: the user's passkeys, UV required |
    /// | `POST session/verify/result` | `AuthenticationResponseJSON` | `verifiedAt`, `verifiedUntil` (RFC 3339) |
    ///
    /// Both need a signed-in user (401 `notSignedIn`); the result accepts only a step-up begun for that user
    /// (`ceremonyUserMismatch`) and starts no session. Other methods on these paths are 405.
    public func addReverification(to routes: some RouterMethods<Hooks.Context>) {
        routes.post("session/verify/options") { request, context in await answer(request, context, beginReverification) }
        routes.post("session/verify/result") { request, context in await answer(request, context, finishReverification) }
        for path in ["session/verify/options", "session/verify/result"] {
            for method in PasskeyResponse.refusedMethods where method != .post {
                routes.on(RouterPath(path), method: method) { request, _ in
                    PasskeyResponse.methodNotAllowed(request.method, path: request.uri.path, allowed: [.post])
                }
            }
        }
    }

    /// `POST session/verify/options`: a sign-in bound to the signed-in user, user verification required.
    func beginReverification(_ body: [UInt8], _ request: Request, _ context: Hooks.Context) async throws -> PasskeyResponse {
        let client = clientKey?(request, context)
        try endpoints.admitOptions(client)
        _ = try RequestJSON.object(body)
        guard let signedIn = try await hooks.signedInUser(request, context: context) else { throw RelyingPartyError.notSignedIn }
        let start = try await endpoints.keeping(for: client, { try await passkeys.beginReverification(for: signedIn.user) }, ceremony: \.ceremony)
        return .ok(start.options.json)
    }

    /// `POST session/verify/result`: verifies the step-up and has the app record it on the session.
    func finishReverification(_ body: [UInt8], _ request: Request, _ context: Hooks.Context) async throws -> PasskeyResponse {
        guard let signedIn = try await hooks.signedInUser(request, context: context) else { throw RelyingPartyError.notSignedIn }
        let reverification: Reverification<Accounts.User>
        do {
            reverification = try await passkeys.finishReverification(body, for: signedIn.user)
        } catch let refusal as RelyingPartyError {
            throw refusal.echoingSubmittedCredential(body)
        }
        try await hooks.storeReverification(reverification, signedIn: signedIn, request: request, context: context)
        let window = passkeys.configuration.reverificationWindow
        return .ok(
            JSONObject([
                "verifiedAt": .string(RFC3339.string(millisecondsSince1970: reverification.verifiedAt)),
                "verifiedUntil": .string(RFC3339.string(millisecondsSince1970: reverification.verifiedAt + window)),
            ]))
    }
}

extension RouterMethods {
    /// Adds the passkey routes (``PasskeyRoutes``) and the step-up routes (``PasskeyRoutes/addReverification(to:)``)
    /// over `passkeys` and the app's `hooks` to this router or group.
    @discardableResult
    public func addPasskeyRoutesWithReverification<Accounts: PasskeyAccounts, Hooks: PasskeyReverificationHooks>(
        _ routes: PasskeyRoutes<Accounts, Hooks>
    ) -> Self where Hooks.Context == Context {
        routes.add(to: self)
        routes.addReverification(to: self)
        return self
    }
}
