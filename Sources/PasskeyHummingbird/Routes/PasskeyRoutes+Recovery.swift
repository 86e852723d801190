public import Hummingbird

extension PasskeyRoutes where Hooks: PasskeyRecoveryHooks {
    /// Adds the recovery route to `routes`, relative to it like the ceremony routes:
    ///
    /// | route | body | ok answer (after `status`, `errorMessage`) |
    /// | --- | --- | --- |
    /// | `POST recovery` | `{"username", "code"}` | `user`, `recovery: true`, the app's ``SessionStart`` |
    ///
    /// 400 `invalidRecoveryCode` for an unknown name, a wrong code, a used code and input that cannot be a code alike;
    /// 429 past `PasskeyRouteLimits.recovery`'s budgets (per name, and per client when the routes name clients) or the
    /// failed-results budget. Other methods on the path are 405.
    public func addRecovery(to routes: some RouterMethods<Hooks.Context>) {
        routes.post("recovery") { request, context in await answer(request, context, recover) }
        for method in PasskeyResponse.refusedMethods where method != .post {
            routes.on(RouterPath("recovery"), method: method) { request, _ in
                PasskeyResponse.methodNotAllowed(request.method, path: request.uri.path, allowed: [.post])
            }
        }
    }

    /// `POST recovery`: a recovery code starts a recovery session.
    func recover(_ body: [UInt8], _ request: Request, _ context: Hooks.Context) async throws -> PasskeyResponse {
        let client = clientKey?(request, context)
        let recovered = try await endpoints.recover(
            body, client: client, recoveryClient: client, limits: limits.recovery,
            hasher: try RecoveryCodeHasher(key: try await hooks.recoveryCodeKey()),
            use: { username, hash in try await hooks.useRecoveryCode(username: username, codeHash: hash, request: request, context: context) })
        var members = recovered.members
        members.add(recovered.session.members)
        return .ok(members, headers: recovered.session.headers)
    }
}
