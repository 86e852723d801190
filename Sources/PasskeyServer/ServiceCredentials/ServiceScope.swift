import HTTPTypes
import Hummingbird

/// What a service route asks of the API key that calls it (``APIKeyScope``).
///
/// One rule per route group, read by ``ServiceCredentialMiddleware`` after the key is found: the operator's API asks
/// `admin:read` of a read and `admin:write` of a change (whatever the path, so a route added later cannot be left
/// open), introspection asks `introspect`. A key revoking itself needs no scope: a leaked key of any scope can always
/// be ended by whoever holds it.
enum ServiceScope: Sendable {
    /// `POST /introspect`.
    case introspection
    /// Everything under `/admin/`.
    case operatorAPI

    /// The scope `request` needs; nil when it needs none (a key revoking itself).
    func needed(by request: Request, context: ServerContext, key: APIKeyRecord) -> APIKeyScope? {
        switch self {
        case .introspection: return .introspect
        case .operatorAPI:
            if request.method == .get || request.method == .head { return .adminRead }
            if request.method == .delete, context.parameters.get("id") == key.id, Self.isKeyPath(request.uri.path) { return nil }
            return .adminWrite
        }
    }

    /// Whether `path` is `/admin/keys/{id}` in any spelling the router accepts (empty segments count for nothing).
    private static func isKeyPath(_ path: String) -> Bool {
        let segments = path.split(separator: "/")
        return segments.count == 3 && segments[0] == "admin" && segments[1] == "keys"
    }

    /// The 403 for a key without `scope` (RFC 6750 §3.1 `insufficient_scope`, with the scope it needs), in the API's
    /// failure shape (code `insufficientScope`). At `/introspect` too, rather than RFC 7662 §2.3's 401, so one rule
    /// holds on every service route: 401 means the key is not valid, 403 that it is valid and may not do this.
    static func refusal(needing scope: APIKeyScope, key: APIKeyRecord) -> Response {
        let challenge = "Bearer realm=\"\(ServiceCredentialMiddleware.realm)\", error=\"insufficient_scope\", scope=\"\(scope.rawValue)\""
        let held = key.scopes.sorted().map(\.rawValue).joined(separator: ", ")
        return APIResponse.failure(
            .forbidden, "This route needs an API key with the scope \(scope.rawValue); the key \(key.id) has \(held).",
            code: "insufficientScope", headers: [.wwwAuthenticate: challenge])
    }
}
