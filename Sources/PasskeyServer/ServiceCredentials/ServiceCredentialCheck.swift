import HTTPTypes
import Hummingbird
import PasskeyCore
import PasskeyHummingbird

/// The service-credential check every service route shares (introspection now, the operator API later): a route
/// group with this middleware serves only requests carrying a valid, unrevoked API key as
/// `Authorization: Bearer psk_…`, and answers any other 401 with `WWW-Authenticate` (RFC 6750 §3). A user's session
/// is never accepted here, by header or cookie: a service route is for backends, and a session token is not a key.
/// The key that passed is in ``ServerContext/serviceCredential`` for the route.
struct ServiceCredentialMiddleware: RouterMiddleware {
    typealias Context = ServerContext
    let store: any TokenStore
    static let realm = "passkeys"

    func handle(_ request: Request, context: ServerContext, next: (Request, ServerContext) async throws -> Response) async throws -> Response {
        guard let authorization = AuthorizationCredentials(request.headers[.authorization]) else {
            // RFC 6750 §3.1: a request without credentials gets the challenge without an error code.
            return Self.refusal("This route needs a service credential: Authorization: Bearer <API key> (passkeys api-key create).", error: nil)
        }
        guard let key = authorization.bearerToken else {
            return Self.refusal("Expected Authorization: Bearer <API key>, found another scheme.", error: "invalid_request")
        }
        // A malformed value never reaches the database.
        guard APIKey.isWellFormed(key), let record = try await store.apiKey(hash: APIKey.hash(key)), record.revokedAt == nil else {
            return Self.refusal("The API key is not valid: unknown, revoked, or not an API key.", error: "invalid_token")
        }
        var context = context
        context.serviceCredential = record
        return try await next(request, context)
    }

    /// 401 with the RFC 6750 challenge, in the API's JSON failure shape (code `invalidServiceCredential`).
    static func refusal(_ message: String, error: String?) -> Response {
        let challenge = "Bearer realm=\"\(realm)\"" + (error.map { ", error=\"\($0)\"" } ?? "")
        return APIResponse.failure(.unauthorized, message, code: "invalidServiceCredential", headers: [.wwwAuthenticate: challenge])
    }
}
