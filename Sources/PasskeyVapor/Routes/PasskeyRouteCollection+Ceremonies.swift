#if Vapor
import Vapor

extension PasskeyRouteCollection {
    /// `POST attestation/options`: begins a registration for the account the app's hook chooses.
    @Sendable func beginRegistration(_ body: [UInt8], _ request: Request) async throws -> Response {
        let options = try await endpoints.beginRegistration(
            body, client: clientKey?(request), signedIn: { try await hooks.signedInUser(request) },
            target: { options, signedIn in try await hooks.registrationTarget(for: options, signedIn: signedIn, request: request) })
        return PasskeyVaporResponse.ok(options)
    }

    /// `POST attestation/result`: verifies a registration, has the app store it, and signs the user in.
    @Sendable func finishRegistration(_ body: [UInt8], _ request: Request) async throws -> Response {
        let registered = try await endpoints.finishRegistration(body) { registration in
            let user = try await hooks.storeRegistration(registration, request: request)
            // The account check before any session starts: a wrong account's session is never created.
            try registration.requireAccount(user)
            return (user, try await hooks.startSession(for: user, credential: registration.credential, request: request))
        }
        var members = registered.members
        members.add(registered.session)
        return PasskeyVaporResponse.ok(members)
    }

    /// `POST assertion/options`: begins a sign-in for a username, or (none given) with a discoverable passkey. A name
    /// without an account is answered like one with an account.
    @Sendable func beginAuthentication(_ body: [UInt8], _ request: Request) async throws -> Response {
        PasskeyVaporResponse.ok(try await endpoints.beginAuthentication(body, client: clientKey?(request)))
    }

    /// `POST assertion/result`: verifies a sign-in, has the app store what it changed, and signs the user in.
    @Sendable func finishAuthentication(_ body: [UInt8], _ request: Request) async throws -> Response {
        let verified = try await endpoints.finishAuthentication(body) { signIn in
            try await hooks.storeSignIn(signIn, request: request)
            return try await hooks.startSession(for: signIn.user, credential: signIn.credential, request: request)
        }
        var members = verified.members
        members.add(verified.session)
        return PasskeyVaporResponse.ok(members)
    }
}
#endif
