#if Vapor
import Vapor

extension PasskeyRouteCollection {
    /// `POST recovery`: a username and one of its unused recovery codes start a recovery session
    /// (`CeremonyEndpoints.recover`, with `PasskeyRouteLimits.recovery`).
    @Sendable func recover(_ body: [UInt8], _ request: Request) async throws -> Response {
        guard let recoveryHooks = hooks as? any PasskeyVaporRecoveryHooks<Hooks.User> else {
            throw RelyingPartyError(.notFound, "This app offers no recovery codes.", code: "notFound")
        }
        let client = clientKey?(request)
        let recovered = try await endpoints.recover(
            body, client: client, recoveryClient: client, limits: limits.recovery,
            hasher: try RecoveryCodeHasher(key: try await recoveryHooks.recoveryCodeKey(request: request)),
            use: { username, hash in
                try await recoveryHooks.useRecoveryCode(username: username, codeHash: hash, request: request).map {
                    (user: $0.user, session: $0.members)
                }
            })
        var members = recovered.members
        members.add(recovered.session)
        return PasskeyVaporResponse.ok(members)
    }
}
#endif
