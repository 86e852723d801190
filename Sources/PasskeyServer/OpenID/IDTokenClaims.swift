import Crypto
import Foundation
import JWTKit
import PasskeyCore

/// The claims of an ID token (OpenID Connect Core 1.0 §2): `iss`, `sub` (the user id, the same subject as the session
/// tokens), `aud` (the client), `exp`, `iat`, `auth_time` (when the user last authenticated with a passkey on the
/// session: its sign-in or a later step-up), `nonce` (echoed from the authorization request, §3.1.2.1), `amr`
/// (RFC 8176, ``SessionStart``), `azp` (the client, §2) and `at_hash` (§3.1.3.6: the left half of SHA-256 of the access
/// token issued with it, base64url); with the `profile` scope, `preferred_username` and `name` (§5.1), as `/userinfo`
/// answers them, since many clients read the claims from the ID token alone.
struct IDTokenClaims: JWTPayload {
    var iss: IssuerClaim
    var sub: SubjectClaim
    var aud: AudienceClaim
    var exp: ExpirationClaim
    var iat: IssuedAtClaim
    var authTime: Int64
    var nonce: String?
    var amr: [String]?
    var azp: String
    var atHash: String?
    var preferredUsername: String?
    var name: String?

    enum CodingKeys: String, CodingKey {
        case iss, sub, aud, exp, iat, nonce, amr, azp, name
        case authTime = "auth_time"
        case atHash = "at_hash"
        case preferredUsername = "preferred_username"
    }

    /// This server only signs ID tokens; the client verifies them.
    func verify(using algorithm: some JWTAlgorithm) async throws {}

    /// `at_hash` of `accessToken` for a SHA-256 based algorithm (RS256 and ES256 both).
    static func accessTokenHash(_ accessToken: String) -> String {
        Base64URL.encode(Array(SHA256.hash(data: Array(accessToken.utf8))).prefix(16))
    }
}
