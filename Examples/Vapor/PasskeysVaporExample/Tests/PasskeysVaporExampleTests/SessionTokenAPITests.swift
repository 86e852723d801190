import Foundation
import JWTKit
import PasskeysVaporExample
import Testing
import Vapor

/// The example's `/api/me` accepts tokens shaped as `passkeys serve` issues them (RFC 9068 at+jwt, ES256
/// with a kid from the issuer's JWKS), verified with jwt-kit against the JWKS the verifier fetches. This package does
/// not build the server, so the issuer's side is played here with jwt-kit: a key, its JWKS, tokens with the server's
/// claims. The root package's Hummingbird example runs the same check against a real `passkeys serve`.
@Suite("Vapor example: session tokens for the app's API")
struct SessionTokenAPITests {
    static let issuer = "https://login.example.test"
    static let audience = "https://api.example.test"

    struct IssuedClaims: JWTPayload {
        var iss: IssuerClaim
        var sub: SubjectClaim
        var aud: AudienceClaim
        var exp: ExpirationClaim
        var nbf: NotBeforeClaim
        var iat: IssuedAtClaim
        var jti: IDClaim
        var sid: String
        var amr: [String]
        var verified_at: Int?
        func verify(using algorithm: some JWTAlgorithm) async throws {}
    }

    /// The issuer's side: a signing key with its kid, and its JWKS.
    struct Issuer {
        let keys = JWTKeyCollection()
        let kid = "test-key-1"
        let jwks: Data

        init() async throws {
            let key = ES256PrivateKey()
            await keys.add(ecdsa: key, kid: JWKIdentifier(string: kid))
            let parameters = try #require(key.publicKey.parameters)
            let jwk = JWK.ecdsa(.es256, identifier: JWKIdentifier(string: kid), x: parameters.x, y: parameters.y, curve: .p256)
            jwks = try JSONEncoder().encode(JWKS(keys: [jwk]))
        }

        func token(audience: String = SessionTokenAPITests.audience, expiresIn: TimeInterval = 300, typ: String = "at+jwt") async throws -> String {
            let now = Date()
            let claims = IssuedClaims(
                iss: IssuerClaim(value: SessionTokenAPITests.issuer), sub: SubjectClaim(value: "dXNlcg"), aud: AudienceClaim(value: [audience]),
                exp: ExpirationClaim(value: now.addingTimeInterval(expiresIn)), nbf: NotBeforeClaim(value: now), iat: IssuedAtClaim(value: now),
                jti: IDClaim(value: UUID().uuidString), sid: "session", amr: ["swk", "user", "mfa"], verified_at: Int(now.timeIntervalSince1970))
            return try await keys.sign(claims, kid: JWKIdentifier(string: kid), header: ["typ": .string(typ)])
        }
    }

    static func get(_ client: TestClient, token: String?) async throws -> (status: Int, body: String, challenge: String?) {
        let answer = try await client.exchange("GET", "/api/me", headers: token.map { [("Authorization", "Bearer \($0)")] } ?? [], body: nil)
        return (answer.status, String(decoding: answer.body, as: UTF8.self), answer.headers.first { $0.0.lowercased() == "www-authenticate" }?.1)
    }

    @Test("a valid token is accepted; none, another audience, an expired, a retyped or a foreign-key token is 401")
    func verification() async throws {
        let issuer = try await Issuer()
        let jwks = issuer.jwks
        try await ExampleServer.run(configure: { configuration in
            configuration.sessionTokens = SessionTokenVerifier(issuer: Self.issuer, audience: Self.audience) { jwks }
        }) { client in
            let accepted = try await Self.get(client, token: try await issuer.token())
            #expect(accepted.status == 200 && accepted.body.contains("\"sub\":\"dXNlcg\""), "\(accepted.body)")
            let none = try await Self.get(client, token: nil)
            #expect(none.status == 401 && none.challenge?.hasPrefix("Bearer") == true)
            #expect(try await Self.get(client, token: try await issuer.token(audience: "https://other.example.test")).status == 401)
            #expect(try await Self.get(client, token: try await issuer.token(expiresIn: -120)).status == 401, "expired beyond the leeway")
            #expect(try await Self.get(client, token: try await issuer.token(typ: "JWT")).status == 401, "not an access token")
            let stranger = try await Issuer()
            #expect(try await Self.get(client, token: try await stranger.token()).status == 401, "signed by a key the JWKS lacks")
        }
    }
}
