import Hummingbird

extension PasskeyRoutes {
    /// `POST attestation/options`: begins a registration for the account the app's hook chooses.
    func beginRegistration(_ body: [UInt8], _ request: Request, _ context: Hooks.Context) async throws -> PasskeyResponse {
        let options = try await endpoints.beginRegistration(
            body, client: clientKey?(request, context), signedIn: { try await hooks.signedInUser(request, context: context) },
            target: { options, signedIn in try await hooks.registrationTarget(for: options, signedIn: signedIn, request: request, context: context) })
        return .ok(options)
    }

    /// `POST attestation/result`: verifies a registration, has the app store it, and signs the user in.
    func finishRegistration(_ body: [UInt8], _ request: Request, _ context: Hooks.Context) async throws -> PasskeyResponse {
        let registered = try await endpoints.finishRegistration(body) { registration in
            try await hooks.storeRegistration(registration, request: request, context: context)
        }
        let session = try await hooks.startSession(for: registered.user, credential: registered.credential, request: request, context: context)
        var members = registered.members
        members.add(session.members)
        return .ok(members, headers: session.headers)
    }
}
