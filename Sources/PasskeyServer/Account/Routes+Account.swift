import HTTPTypes
import Hummingbird
import PasskeyCore
import PasskeyHummingbird

/// The signed-in account: recovery, its recovery codes, its session and other sessions, the account, its passkeys.
extension Routes {
    /// Registers the account's routes on `router`.
    func addAccountRoutes(_ router: Router<ServerContext>, _ registrar: RouteRegistrar) {
        // Recovery: its own per-account and per-client limits, and the failed-results budget of the ceremony results.
        registrar.on(router, .post, "/recovery", APIOperations.recover, kind: .browserJSON) { request, context in
            let body = try RequestJSON.object(try await JSONRequestBody.bytes(of: request, limit: context.maxUploadSize))
            let (members, token) = try await relyingParty.recover(body, client: client(context), origin: context.changeOrigin)
            return APIResponse.ok(members, headers: cookie(token))
        }
        registrar.on(router, .get, "/recovery-codes", APIOperations.recoveryCodeStatus, kind: .browserJSON) { request, _ in
            APIResponse.ok(try await relyingParty.recoveryCodeStatus(try await session(request)))
        }
        registrar.on(router, .post, "/recovery-codes", APIOperations.regenerateRecoveryCodes, kind: .browserJSON) { request, context in
            _ = try RequestJSON.object(try await JSONRequestBody.bytes(of: request, limit: context.maxUploadSize))
            return APIResponse.ok(try await relyingParty.regenerateRecoveryCodes(try await session(request), origin: context.changeOrigin))
        }
        registrar.on(router, .get, "/session", APIOperations.currentUser, kind: .browserJSON) { request, _ in
            // Both answers name where the page works (its origins), so a page opened at another address — such as
            // http://127.0.0.1:8080 for RP ID localhost, where every ceremony would fail — can link to the right one
            // before anything is tried.
            let origins = JSONValue.array(configuration.pageOrigins.map(JSONValue.string))
            do {
                var members = try await relyingParty.currentUser(try await session(request))
                members["origins"] = origins
                return APIResponse.ok(members)
            } catch let refusal as RelyingPartyError where refusal.status == .unauthorized {
                var body = EndpointAnswer.failedBody(refusal.message, code: refusal.code, credentialID: nil)
                body["rpId"] = .string(configuration.relyingParty.rpID)
                body["origins"] = origins
                return APIResponse.json(.object(body), status: .unauthorized)
            }
        }
        registrar.on(router, .delete, "/session", APIOperations.signOut, kind: .browserJSON) { request, context in
            try await relyingParty.signOut(token: token(request), origin: context.changeOrigin)
            // A sign-out by header ends the header's session and leaves the cookie, another credential, alone.
            return APIResponse.ok(headers: bearerToken(request) == nil ? cookie(nil) : [:])
        }
        registrar.on(router, .delete, "/sessions", APIOperations.endOtherSessions, kind: .browserJSON) { request, context in
            try await relyingParty.endOtherSessions(try await session(request), origin: context.changeOrigin)
            return APIResponse.ok()
        }
        registrar.on(router, .delete, "/account", APIOperations.deleteAccount, kind: .browserJSON) { request, context in
            try await relyingParty.deleteAccount(try await session(request), origin: context.changeOrigin)
            return APIResponse.ok(headers: cookie(nil))
        }
        registrar.on(router, .get, "/credentials", APIOperations.listCredentials, kind: .browserJSON) { request, _ in
            let languages = AcceptLanguage.tags(request.headers[.acceptLanguage])
            return APIResponse.ok(try await relyingParty.listCredentials(try await session(request), languages: languages))
        }
        registrar.on(router, .patch, "/credentials/:id", APIOperations.renameCredential, kind: .browserJSON) { request, context in
            let id = try context.parameters.require("id")
            let body = try RequestJSON.object(try await JSONRequestBody.bytes(of: request, limit: context.maxUploadSize))
            return APIResponse.ok(
                try await relyingParty.renameCredential(try await session(request), id: id, body: body, origin: context.changeOrigin))
        }
        registrar.on(router, .delete, "/credentials/:id", APIOperations.deleteCredential, kind: .browserJSON) { request, context in
            try await relyingParty.deleteCredential(
                try await session(request), id: try context.parameters.require("id"), origin: context.changeOrigin)
            return APIResponse.ok()
        }
    }
}
