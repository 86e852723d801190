import Hummingbird

extension PasskeyRoutes {
    /// `POST attestation/options`: begins a registration for the account the app's hook chooses.
    func beginRegistration(_ body: [UInt8], _ request: Request, _ context: Hooks.Context) async throws -> PasskeyResponse {
        let options = try await endpoints.beginRegistration(
            body, client: clientKey?(request, context), signedIn: { try await hooks.signedInUser(request, context: context) },
            target: { options, signedIn in try await hooks.registrationTarget(for: options, signedIn: signedIn, request: request, context: context) })
        return .ok(options)
    }

    /// `POST attestation/result`: verifies a registration, has the app store it and sign the user in.
    func finishRegistration(_ body: [UInt8], _ request: Request, _ context: Hooks.Context) async throws -> PasskeyResponse {
        let registered = try await endpoints.finishRegistration(
            body, client: clientKey?(request, context),
            boundSession: { name in try await boundSession(named: name, request, context) }
        ) { registration in
            let completion = try await hooks.completeRegistration(registration, request: request, context: context)
            return (completion.user, completion.session)
        }
        var members = registered.members
        members.add(registered.session.members)
        return .ok(members, headers: registered.session.headers)
    }

    /// The session a registration was bound to, as it is now: asked of the app's step-up hooks (which may look it up by
    /// name, so the finishing request need carry no session); nil for an app without step-up, which the endpoints
    /// then do not ask.
    private func boundSession(named name: String, _ request: Request, _ context: Hooks.Context) async throws -> SignedInUser<Hooks.User>? {
        guard let stepUpHooks = hooks as? any PasskeyReverificationHooks<Hooks.Context, Hooks.User> else { return nil }
        return try await stepUpHooks.session(named: name, request: request, context: context)
    }
}
