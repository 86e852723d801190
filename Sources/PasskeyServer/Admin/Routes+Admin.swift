import HTTPTypes
import Hummingbird
import PasskeyCore
import PasskeyHummingbird

/// The operator's API (``AdminAPI``), under `/admin/`: API keys only (never a user's session), of the scope `admin:read`
/// to read and `admin:write` to change, every call under the per-client options rate and the failed-attempts budget,
/// the key named as the actor of what it does.
/// On the main listener, or alone on `--admin-address` (``buildAdminRouter()``).
extension Routes {
    static let adminPrefix = "/admin/"

    /// Registers the operator's routes on `router`, in their group.
    func addAdminRoutes(_ admin: AdminAPI, to router: Router<ServerContext>, _ registrar: RouteRegistrar) {
        let group = router.group()
        // The options rate first: every call costs a database read at least, and a flood stops before the key lookup.
        group.add(middleware: OptionsRateMiddleware(relyingParty: relyingParty))
        group.add(middleware: FailedAttemptsMiddleware(relyingParty: relyingParty))
        // A read needs a key with `admin:read`, a change one with `admin:write` (``ServiceScope``).
        group.add(
            middleware: ServiceCredentialMiddleware(
                store: admin.store, scope: .operatorAPI, refusals: RefusalAudit(relyingParty: relyingParty, store: admin.store)))
        let noStore: HTTPFields = [.cacheControl: "no-store"]
        // Each handler gets the API (`api`) as the request's origin calls it (the calling key, the client's address), so the
        // entries and events of what it does name them.
        func on(
            _ method: HTTPRequest.Method, _ path: String, _ operation: AdminOperation,
            _ handler: @escaping @Sendable (AdminAPI, Request, ServerContext) async throws -> JSONObject
        ) {
            registrar.on(group, method, path, operation.operation, kind: .service) { request, context in
                APIResponse.ok(try await handler(admin.acting(as: context.changeOrigin), request, context), headers: noStore)
            }
        }
        on(.get, "/admin/users", .users) { api, request, _ in try await api.users(try AdminQuery.users(request.uri.query)) }
        on(.get, "/admin/users/:id", .user) { api, _, context in try await api.user(id: try context.parameters.require("id")) }
        on(.delete, "/admin/users/:id", .deleteUser) { api, _, context in
            try await api.deleteUser(id: try context.parameters.require("id"))
            return JSONObject()
        }
        on(.get, "/admin/users/:id/credentials", .credentials) { api, _, context in
            try await api.credentials(userID: try context.parameters.require("id"))
        }
        on(.delete, "/admin/users/:id/credentials/:credentialId", .deleteCredential) { api, _, context in
            try await api.deleteCredential(
                userID: try context.parameters.require("id"), credentialID: try context.parameters.require("credentialId"))
            return JSONObject()
        }
        on(.get, "/admin/users/:id/sessions", .sessions) { api, _, context in try await api.sessions(userID: try context.parameters.require("id")) }
        on(.delete, "/admin/users/:id/sessions", .endSessions) { api, _, context in
            try await api.endSessions(userID: try context.parameters.require("id"))
        }
        on(.post, "/admin/users/:id/recovery-codes", .recoveryCodes) { api, request, context in
            _ = try RequestJSON.object(try await JSONRequestBody.bytes(of: request, limit: context.maxUploadSize))
            return try await api.newRecoveryCodes(userID: try context.parameters.require("id"))
        }
        on(.post, "/admin/events/replay", .replay) { api, request, context in
            let body = try RequestJSON.object(try await JSONRequestBody.bytes(of: request, limit: context.maxUploadSize))
            return try await api.replay(id: try AdminBody.replayTarget(body))
        }
        on(.get, "/admin/audit", .audit) { api, request, _ in try await api.audit(try AdminQuery.audit(request.uri.query)) }
        on(.get, "/admin/oidc-clients", .oidcClients) { api, _, _ in try await api.listOIDCClients() }
        on(.get, "/admin/oidc-clients/:id", .oidcClient) { api, _, context in try await api.oidcClient(id: try context.parameters.require("id")) }
        on(.post, "/admin/oidc-clients", .createOIDCClient) { api, request, context in
            let body = try RequestJSON.object(try await JSONRequestBody.bytes(of: request, limit: context.maxUploadSize))
            return try await api.createOIDCClient(try OIDCClientBody.create(body))
        }
        on(.patch, "/admin/oidc-clients/:id", .updateOIDCClient) { api, request, context in
            let body = try RequestJSON.object(try await JSONRequestBody.bytes(of: request, limit: context.maxUploadSize))
            return try await api.updateOIDCClient(id: try context.parameters.require("id"), try OIDCClientBody.update(body))
        }
        on(.delete, "/admin/oidc-clients/:id", .deleteOIDCClient) { api, _, context in
            try await api.deleteOIDCClient(id: try context.parameters.require("id"))
            return JSONObject()
        }
        on(.get, "/admin/keys", .keys) { api, _, _ in try await api.keys() }
        on(.delete, "/admin/keys/:id", .revokeKey) { api, _, context in
            try await api.revokeKey(id: try context.parameters.require("id"))
            return JSONObject()
        }
    }

    /// The operator's API alone, for `--admin-address`: the same middleware as the main listener, the admin routes,
    /// `/healthz` and an `/openapi.json` describing them. nil without an admin address or an API.
    func buildAdminRouter() -> Router<ServerContext>? {
        guard configuration.adminAddress != nil, let admin else { return nil }
        let router = Router(context: ServerContext.self, options: .autoGenerateHeadEndpoints)
        let table = RouteTable()
        addCommonMiddleware(router, table: table)
        let registrar = RouteRegistrar(table: table)
        addAdminRoutes(admin, to: router, registrar)
        registrar.on(router, .get, "/healthz", APIOperations.health, kind: .browserJSON) { _, _ in APIResponse.ok() }
        registrar.addDocument(to: router)
        return router
    }
}

/// The bodies the operator's API reads.
enum AdminBody {
    /// `{"id": "evt_…"}` for one dead event, `{"allDead": true}` for every one: exactly one of them.
    static func replayTarget(_ body: JSONObject) throws(RelyingPartyError) -> String? {
        for key in body.keys where key != "id" && key != "allDead" {
            throw FormBody.invalid("Expected only the members id and allDead, found '\(key.prefix(64))'.")
        }
        switch (body["id"], body["allDead"]) {
        case (.string(let id), nil):
            guard id.hasPrefix("evt_"), id.utf8.count == 26, (try? Base64URL.decode(String(id.dropFirst(4)))) != nil else {
                throw FormBody.invalid(
                    "id: expected an event id (evt_ and 22 base64url characters), found \(id.utf8.count) characters that are not one.")
            }
            return id
        case (nil, .bool(true)): return nil
        default: throw FormBody.invalid("Expected exactly one of id (an event id, a string) and allDead (true).")
        }
    }
}
