import Hummingbird

extension PasskeyRoutes {
    /// `POST attestation/options`: begins a registration for the account the app's hook chooses.
    func beginRegistration(_ body: [UInt8], _ request: Request, _ context: Hooks.Context) async throws -> PasskeyResponse {
        // An app that offers step-up gates adding a passkey on it (PasskeyReverificationHooks).
        let options = try await endpoints.beginRegistration(
            body, client: clientKey?(request, context), requireStepUp: hooks is any PasskeyReverificationHooks,
            signedIn: { try await hooks.signedInUser(request, context: context) },
            target: { options, signedIn in try await hooks.registrationTarget(for: options, signedIn: signedIn, request: request, context: context) })
        return .ok(options)
    }

    /// `POST attestation/result`: verifies a registration, has the app store it and sign the user in.
    func finishRegistration(_ body: [UInt8], _ request: Request, _ context: Hooks.Context) async throws -> PasskeyResponse {
        let registered = try await endpoints.finishRegistration(body) { registration in
            let completion = try await hooks.completeRegistration(registration, request: request, context: context)
            return (completion.user, completion.session)
        }
        var members = registered.members
        members.add(registered.session.members)
        return .ok(members, headers: registered.session.headers)
    }
}
