import Foundation
import JWTKit
import PasskeyCore

/// The claims of a session token (RFC 9068 §2.2 for an access token in JWT form, plus what a session knows):
///
/// - `iss`, `sub` (the user's id exactly as `GET /session` gives it: the user handle, base64url), `aud`, `iat`,
///   `nbf`, `exp`, `jti` and `client_id` (RFC 9068 requires one; this server's own front ends have no OAuth client
///   registration, so it is the issuer);
/// - `sid`: the session, as an identifier that is not its secret (``SessionIdentifiers``);
/// - `auth_time`: when the session started; `amr`: how (``SessionStart``); both absent for sessions older than them;
/// - `verified_at`: when the user last verified with user verification (a PIN or biometric: the UV flag, WebAuthn L3
///   §6.1) on this session (the sign-in, or a step-up), NumericDate; absent when no ceremony of the session had it,
///   even when a passkey that cannot verify its user passed a step-up. An API that wants a recent verification
///   compares it with the time; `amr` says how the session started.
struct SessionTokenClaims: JWTPayload {
    var iss: IssuerClaim
    var sub: SubjectClaim
    var aud: AudienceClaim
    var iat: IssuedAtClaim
    var nbf: NotBeforeClaim
    var exp: ExpirationClaim
    var jti: IDClaim
    var clientID: String
    var sid: String
    var authTime: Int64?
    var amr: [String]?
    var verifiedAt: Int64?
    /// The scopes granted to an OpenID Connect client (RFC 9068 §2.2.3); absent from the app's own session tokens.
    var scope: String? = nil

    enum CodingKeys: String, CodingKey {
        case iss, sub, aud, iat, nbf, exp, jti, sid, amr, scope
        case clientID = "client_id"
        case authTime = "auth_time"
        case verifiedAt = "verified_at"
    }

    /// Signature, issuer and time are checked by ``SessionTokens/introspect(_:)`` with the server's clock (tests pin
    /// it), after jwt-kit verified the signature; nothing here depends on the wall clock.
    func verify(using algorithm: some JWTAlgorithm) async throws {}

    /// The claims as introspection (RFC 7662 §2.2) answers them, NumericDates as integers.
    var json: JSONObject {
        func number(_ value: Int64) -> JSONValue { .number(String(value)) }
        var members = JSONObject([
            "iss": .string(iss.value), "sub": .string(sub.value),
            "aud": aud.value.count == 1 ? .string(aud.value[0]) : .array(aud.value.map(JSONValue.string)),
            "iat": number(Int64(iat.value.timeIntervalSince1970)), "nbf": number(Int64(nbf.value.timeIntervalSince1970)),
            "exp": number(Int64(exp.value.timeIntervalSince1970)), "jti": .string(jti.value), "client_id": .string(clientID), "sid": .string(sid),
        ])
        if let authTime { members["auth_time"] = number(authTime) }
        if let amr { members["amr"] = .array(amr.map(JSONValue.string)) }
        if let verifiedAt { members["verified_at"] = number(verifiedAt) }
        if let scope { members["scope"] = .string(scope) }
        return members
    }
}

/// How session tokens are written and read: NumericDates as whole seconds (RFC 7519 §2), members sorted.
enum SessionTokenCoding {
    static let serializer: DefaultJWTSerializer = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .integerSecondsSince1970
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return DefaultJWTSerializer(jsonEncoder: encoder)
    }()

    static let parser: DefaultJWTParser = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return DefaultJWTParser(jsonDecoder: decoder)
    }()
}
