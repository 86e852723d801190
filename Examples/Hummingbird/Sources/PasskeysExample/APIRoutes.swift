import Foundation
import Hummingbird
import PasskeyHummingbird

/// An API route of the app's own backend that accepts the session tokens of a `passkeys serve` deployment:
/// `GET /api/me` with `Authorization: Bearer <token>` answers who the token names and how they signed in; anything
/// else is 401 with the RFC 6750 challenge. `GET /api/payments` wants a passkey verification in the last five
/// minutes (`verified_at`), as an API that demands a recent step-up does.
struct APIRoutes {
    let verifier: SessionTokenVerifier

    func add(to router: Router<ExampleContext>) {
        router.get("api/me") { request, _ -> PasskeyResponse in
            let claims: SessionTokenVerifier.Claims
            do { claims = try await verify(request) } catch let refused as SessionTokenVerifier.Refused { return Self.refusal(refused) }
            return .ok(
                JSONObject([
                    "sub": .string(claims.sub.value), "amr": .array((claims.amr ?? []).map(JSONValue.string)),
                    "verifiedAt": claims.verified_at.map { JSONValue($0) } ?? .null,
                ]))
        }
        router.get("api/payments") { request, _ -> PasskeyResponse in
            let claims: SessionTokenVerifier.Claims
            do { claims = try await verify(request) } catch let refused as SessionTokenVerifier.Refused { return Self.refusal(refused) }
            let recent = claims.verified_at.map { Double($0) > Date().timeIntervalSince1970 - 300 } ?? false
            guard recent else {
                return .failed(.forbidden, "Verify with your passkey again (a step-up) to see payments.", code: "reverificationRequired")
            }
            return .ok(JSONObject(["payments": .array([])]))
        }
    }

    private func verify(_ request: Request) async throws -> SessionTokenVerifier.Claims {
        guard let authorization = request.headers[.authorization], authorization.lowercased().hasPrefix("bearer ") else {
            throw SessionTokenVerifier.Refused(description: "expected Authorization: Bearer <session token>")
        }
        return try await verifier.verify(String(authorization.dropFirst(7)))
    }

    static func refusal(_ refused: SessionTokenVerifier.Refused) -> PasskeyResponse {
        .failed(
            .unauthorized, "The session token is not valid: \(refused.description).", code: "invalidToken",
            headers: [.wwwAuthenticate: "Bearer error=\"invalid_token\""])
    }
}
