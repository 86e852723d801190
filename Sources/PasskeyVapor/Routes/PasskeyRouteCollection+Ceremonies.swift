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
        let registered = try await endpoints.finishRegistration(
            body, client: clientKey?(request), boundSession: { try await boundSession(named: $0, request) }
        ) { registration in
            let completed = try await hooks.completeRegistration(registration, request: request)
            return (completed.user, completed.members)
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
        let verified = try await endpoints.finishAuthentication(body, client: clientKey?(request)) { signIn in
            try await hooks.completeSignIn(signIn, request: request)
        }
        var members = verified.members
        members.add(verified.session)
        return PasskeyVaporResponse.ok(members)
    }
}
#endif
