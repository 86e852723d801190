import HTTPTypes
import Hummingbird
import PasskeyCore
import PasskeyHummingbird

/// The ceremonies: registration and sign-in (WebAuthn L3 §7.1, §7.2) and the step-up, each the page's JSON API.
extension Routes {
    /// Registers the four ceremony endpoints and the step-up on `router`.
    func addCeremonyRoutes(_ router: Router<ServerContext>, _ registrar: RouteRegistrar) {
        // The ceremony endpoints and the step-up: the shared endpoints (`CeremonyEndpoints`, as the route groups run
        // them) decide and limit each client (options rate, failed results, waiting ceremonies, taken names); the
        // routes read bodies and the session, and set the cookie.
        registrar.on(router, .post, "/attestation/options", APIOperations.beginRegistration, kind: .browserJSON) { request, context in
            let body = try await JSONRequestBody.bytes(of: request, limit: context.maxUploadSize)
            return APIResponse.ok(try await relyingParty.beginRegistration(body, session: try await session(request), client: client(context)))
        }
        registrar.on(router, .post, "/attestation/result", APIOperations.finishRegistration, kind: .browserJSON) { request, context in
            let body = try await JSONRequestBody.bytes(of: request, limit: context.maxUploadSize)
            let (members, token) = try await relyingParty.finishRegistration(body, client: client(context), origin: context.changeOrigin)
            return APIResponse.ok(members, headers: cookie(token))
        }
        registrar.on(router, .post, "/assertion/options", APIOperations.beginAuthentication, kind: .browserJSON) { request, context in
            let body = try await JSONRequestBody.bytes(of: request, limit: context.maxUploadSize)
            return APIResponse.ok(try await relyingParty.beginAuthentication(body, client: client(context)))
        }
        registrar.on(router, .post, "/assertion/result", APIOperations.finishAuthentication, kind: .browserJSON) { request, context in
            let body = try await JSONRequestBody.bytes(of: request, limit: context.maxUploadSize)
            let (members, token) = try await relyingParty.finishAuthentication(body, client: client(context), origin: context.changeOrigin)
            return APIResponse.ok(members, headers: cookie(token))
        }
        registrar.on(router, .post, "/session/verify/options", APIOperations.beginReverification, kind: .browserJSON) { request, context in
            let body = try await JSONRequestBody.bytes(of: request, limit: context.maxUploadSize)
            return APIResponse.ok(try await relyingParty.beginReverification(body, session: try await session(request), client: client(context)))
        }
        registrar.on(router, .post, "/session/verify/result", APIOperations.finishReverification, kind: .browserJSON) { request, context in
            let body = try await JSONRequestBody.bytes(of: request, limit: context.maxUploadSize)
            let answer = try await relyingParty.finishReverification(
                body, session: try await session(request), client: client(context), origin: context.changeOrigin)
            return APIResponse.ok(answer)
        }
    }
}
