import Hummingbird

extension PasskeyRoutes {
    /// `POST assertion/options`: begins a sign-in for a username, or (none given) with a discoverable passkey.
    func beginAuthentication(_ body: [UInt8], _ request: Request, _ context: Hooks.Context) async throws -> PasskeyResponse {
        .ok(try await endpoints.beginAuthentication(body, client: clientKey?(request, context)))
    }

    /// `POST assertion/result`: verifies a sign-in, has the app store what it changed and sign the user in.
    func finishAuthentication(_ body: [UInt8], _ request: Request, _ context: Hooks.Context) async throws -> PasskeyResponse {
        let verified = try await endpoints.finishAuthentication(body, client: clientKey?(request, context)) { signIn in
            try await hooks.completeSignIn(signIn, request: request, context: context)
        }
        var members = verified.members
        members.add(verified.session.members)
        return .ok(members, headers: verified.session.headers)
    }
}
