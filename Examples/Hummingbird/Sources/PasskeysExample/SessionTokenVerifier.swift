public import Foundation
public import JWTKit

/// Verifies the session tokens a `passkeys serve` deployment issues (`POST /session/token`), the way any backend
/// would: with jwt-kit, against the server's published JWKS, checking the header (`typ` at+jwt, `alg` ES256, a `kid`
/// the JWKS has), the signature, the issuer, the audience and the times. No call to the server per request: the
/// JWKS is fetched once, again when a token names a key it lacks (a rotation; at most once a minute, so forged `kid`s
/// cannot make it fetch on every request), and again after `refreshInterval`.
public actor SessionTokenVerifier {
    /// The claims an API reads.
    public struct Claims: JWTPayload {
        public var iss: IssuerClaim
        public var sub: SubjectClaim
        public var aud: AudienceClaim
        public var exp: ExpirationClaim
        public var nbf: NotBeforeClaim
        public var iat: IssuedAtClaim
        public var jti: IDClaim
        /// The session, without its secret.
        public var sid: String
        /// RFC 8176: hwk or swk, and user and mfa when the user was verified.
        public var amr: [String]?
        /// When the session started (seconds since 1970).
        public var auth_time: Int?
        /// When the user last verified with a passkey on this session (seconds since 1970); nil when never.
        public var verified_at: Int?

        /// jwt-kit runs this after the signature: expiry and not-before (60 s of leeway for clock skew).
        public func verify(using algorithm: some JWTAlgorithm) async throws {
            try exp.verifyNotExpired(currentDate: Date().addingTimeInterval(-60))
            try nbf.verifyNotBefore(currentDate: Date().addingTimeInterval(60))
        }
    }

    /// Why a token was refused: a 401 for the API.
    public struct Refused: Error, CustomStringConvertible {
        public let description: String
    }

    let issuer: String
    let audience: String
    let fetchJWKS: @Sendable () async throws -> Data
    let refreshInterval: Duration
    private var keys: JWTKeyCollection?
    private var kids: Set<String> = []
    private var fetchedAt: ContinuousClock.Instant?
    private let clock = ContinuousClock()

    /// - Parameters:
    ///   - issuer: the server's issuer (`iss`, by default its first `--origin`).
    ///   - audience: this API's name, one of the server's `--token-audience` values.
    ///   - fetchJWKS: reads `<issuer>/.well-known/jwks.json`.
    public init(issuer: String, audience: String, refreshInterval: Duration = .seconds(900), fetchJWKS: @escaping @Sendable () async throws -> Data) {
        self.issuer = issuer
        self.audience = audience
        self.refreshInterval = refreshInterval
        self.fetchJWKS = fetchJWKS
    }

    /// The claims of a valid token; throws ``Refused`` otherwise.
    public func verify(_ token: String) async throws -> Claims {
        guard token.utf8.count <= 8192 else { throw Refused(description: "the token is too long") }
        let header: JWTHeader
        do {
            header = try DefaultJWTParser().parse(Array(token.utf8), as: Claims.self).header
        } catch {
            throw Refused(description: "not a session token")
        }
        guard header.typ == "at+jwt", header.alg == "ES256", let kid = header.kid else {
            throw Refused(description: "expected typ at+jwt, alg ES256 and a kid")
        }
        try await loadKeys(needing: kid)
        guard let keys, kids.contains(kid) else { throw Refused(description: "the token's key is not in the issuer's JWKS") }
        let claims: Claims
        do { claims = try await keys.verify(token, as: Claims.self) } catch { throw Refused(description: "the token does not verify: \(error)") }
        guard claims.iss.value == issuer else { throw Refused(description: "the token is from another issuer") }
        do { try claims.aud.verifyIntendedAudience(includes: audience) } catch { throw Refused(description: "the token is not for this API") }
        return claims
    }

    private func loadKeys(needing kid: String) async throws {
        let stale = fetchedAt.map { clock.now - $0 > refreshInterval } ?? true
        let missing = !kids.contains(kid) && fetchedAt.map { clock.now - $0 > .seconds(60) } ?? true
        guard stale || missing else { return }
        let data = try await fetchJWKS()
        let jwks = try JSONDecoder().decode(JWKS.self, from: data)
        let collection = JWTKeyCollection()
        try await collection.add(jwks: jwks)
        keys = collection
        kids = Set(jwks.keys.compactMap { $0.keyIdentifier?.string })
        fetchedAt = clock.now
    }
}
