#if Vapor
import Vapor

extension PasskeyRouteCollection {
    /// `POST session/verify/options`: a sign-in bound to the signed-in user and their session, asking for the user
    /// verification their passkeys can give.
    @Sendable func beginReverification(_ body: [UInt8], _ request: Request) async throws -> Response {
        PasskeyVaporResponse.ok(
            try await endpoints.beginReverification(body, client: clientKey?(request), signedIn: { try await hooks.signedInUser(request) }))
    }

    /// `POST session/verify/result`: verifies the step-up and has the app record it on the session.
    @Sendable func finishReverification(_ body: [UInt8], _ request: Request) async throws -> Response {
        guard let stepUpHooks = hooks as? any PasskeyVaporReverificationHooks<Hooks.User> else {
            throw RelyingPartyError(.notFound, "This app offers no step-up.", code: "notFound")
        }
        return PasskeyVaporResponse.ok(
            try await endpoints.finishReverification(
                body, client: clientKey?(request), signedIn: { try await hooks.signedInUser(request) },
                store: { reverification, signedIn in try await stepUpHooks.storeReverification(reverification, signedIn: signedIn, request: request) }
            ))
    }

    /// The session a registration was bound to, as it is now: asked of the app's step-up hooks; nil for an app without
    /// step-up, which the endpoints then do not ask.
    func boundSession(named name: String, _ request: Request) async throws -> SignedInUser<Hooks.User>? {
        guard let stepUpHooks = hooks as? any PasskeyVaporReverificationHooks<Hooks.User> else { return nil }
        return try await stepUpHooks.session(named: name, request: request)
    }
}
#endif
