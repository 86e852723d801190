import PasskeyVapor
import Vapor

/// An API route of the app's own backend that accepts the session tokens of a `passkeys serve` deployment:
/// `GET /api/me` with `Authorization: Bearer <token>` answers who the token names and how they signed in; anything
/// else is 401 with the RFC 6750 challenge. Vapor's own session plays no part here: the token is the credential.
func addAPIRoutes(_ app: Application, verifier: SessionTokenVerifier) {
    app.get("api", "me") { request -> Response in
        guard let bearer = request.headers.bearerAuthorization else {
            return refusal("expected Authorization: Bearer <session token>")
        }
        do {
            let claims = try await verifier.verify(bearer.token)
            return PasskeyVaporResponse.ok(
                JSONObject([
                    "sub": .string(claims.sub.value), "amr": .array((claims.amr ?? []).map(JSONValue.string)),
                    "verifiedAt": claims.verified_at.map { JSONValue($0) } ?? .null,
                ]))
        } catch let refused as SessionTokenVerifier.Refused {
            return refusal(refused.description)
        }
    }
}

private func refusal(_ reason: String) -> Response {
    let response = PasskeyVaporResponse.failed(RelyingPartyError(.unauthorized, "The session token is not valid: \(reason).", code: "invalidToken"))
    response.headers.replaceOrAdd(name: .wwwAuthenticate, value: "Bearer error=\"invalid_token\"")
    return response
}
