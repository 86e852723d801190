import HTTPTypes
import Hummingbird
import PasskeyCore
import PasskeyHummingbird

/// The service-credential check every service route shares (introspection and the operator's API): a route group
/// with this middleware serves only requests carrying a valid, unrevoked API key as `Authorization: Bearer psk_…`
/// that holds the group's scope (``ServiceScope``). No key, or a bad one, is 401 with `WWW-Authenticate` (RFC 6750
/// §3); a valid key without the scope is 403 `insufficient_scope`. A user's session is never accepted here, by header
/// or cookie: a service route is for backends, and a session token is not a key. Every refusal is audited
/// (``RefusalAudit``). The key that passed is in ``ServerContext/serviceCredential`` for the route.
struct ServiceCredentialMiddleware: RouterMiddleware {
    typealias Context = ServerContext
    let store: any TokenStore
    let scope: ServiceScope
    let refusals: RefusalAudit
    static let realm = "passkeys"

    func handle(_ request: Request, context: ServerContext, next: (Request, ServerContext) async throws -> Response) async throws -> Response {
        guard let authorization = AuthorizationCredentials(request.headers[.authorization]) else {
            // RFC 6750 §3.1: a request without credentials gets the challenge without an error code.
            return await refuse(
                request, context, "This route needs a service credential: Authorization: Bearer <API key> (passkeys api-key create).", error: nil)
        }
        guard let key = authorization.bearerToken else {
            return await refuse(request, context, "Expected Authorization: Bearer <API key>, found another scheme.", error: "invalid_request")
        }
        // A malformed value never reaches the database.
        let record = APIKey.isWellFormed(key) ? try await store.apiKey(hash: APIKey.hash(key)) : nil
        guard let record, record.revokedAt == nil else {
            return await refuse(
                request, context, "The API key is not valid: unknown, revoked, or not an API key.", error: "invalid_token", key: record)
        }
        if let needed = scope.needed(by: request, context: context, key: record), !record.scopes.contains(needed) {
            await refusals.record(
                code: "insufficientScope", status: 403, method: request.method.rawValue, path: request.uri.path, key: record,
                origin: context.changeOrigin)
            return ServiceScope.refusal(needing: needed, key: record)
        }
        var context = context
        context.serviceCredential = record
        return try await next(request, context)
    }

    /// The 401, after its audit entry (`key` when the key is known but revoked).
    private func refuse(
        _ request: Request, _ context: ServerContext, _ message: String, error: String?, key: APIKeyRecord? = nil
    ) async -> Response {
        await refusals.record(
            code: "invalidServiceCredential", status: 401, method: request.method.rawValue, path: request.uri.path, key: key,
            origin: context.changeOrigin)
        return Self.refusal(message, error: error)
    }

    /// 401 with the RFC 6750 challenge, in the API's JSON failure shape (code `invalidServiceCredential`).
    static func refusal(_ message: String, error: String?) -> Response {
        let challenge = "Bearer realm=\"\(realm)\"" + (error.map { ", error=\"\($0)\"" } ?? "")
        return APIResponse.failure(.unauthorized, message, code: "invalidServiceCredential", headers: [.wwwAuthenticate: challenge])
    }
}
