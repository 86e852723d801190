public import Hummingbird

extension PasskeyRoutes where Hooks: PasskeyReverificationHooks {
    /// Adds the step-up routes to `routes`, relative to it like the ceremony routes:
    ///
    /// | route | body | ok answer (after `status`, `errorMessage`) |
    /// | --- | --- | --- |
    /// | `POST session/verify/options` | empty or `{}` | `PublicKeyCredentialRequestOptionsJSON` members: the user's passkeys |
    /// | `POST session/verify/result` | `AuthenticationResponseJSON` | `verifiedAt`, `verifiedUntil` (RFC 3339) |
    ///
    /// Both need a signed-in user (401 `notSignedIn`; 403 `recoverySessionRestricted` for a recovery session). The
    /// options ask for user verification `required` when every passkey of the account has shown UV, else `preferred`
    /// (so keys that cannot verify their user do not lock the account out); the result accepts only a step-up begun
    /// for that user (`ceremonyUserMismatch`) by this same session (`ceremonySessionMismatch`), counts only when it
    /// verified (`userNotVerified` for a passkey that has shown UV and did not this time), and starts no session.
    /// Other methods on these paths are 405.
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

    /// `POST session/verify/options`: a sign-in bound to the signed-in user and their session, asking for the user
    /// verification their passkeys can give.
    func beginReverification(_ body: [UInt8], _ request: Request, _ context: Hooks.Context) async throws -> PasskeyResponse {
        .ok(
            try await endpoints.beginReverification(
                body, client: clientKey?(request, context), signedIn: { try await hooks.signedInUser(request, context: context) }))
    }

    /// `POST session/verify/result`: verifies the step-up and has the app record it on the session.
    func finishReverification(_ body: [UInt8], _ request: Request, _ context: Hooks.Context) async throws -> PasskeyResponse {
        .ok(
            try await endpoints.finishReverification(
                body, client: clientKey?(request, context), signedIn: { try await hooks.signedInUser(request, context: context) },
                store: { reverification, signedIn in
                    try await hooks.storeReverification(reverification, signedIn: signedIn, request: request, context: context)
                }))
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
