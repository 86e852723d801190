import Foundation
import JWTKit
public import PasskeyCore

/// Session tokens for the app's own backend: short-lived JWTs (RFC 9068 `at+jwt`, ES256) a backend in any
/// language verifies locally against the JWKS, and introspection (RFC 7662) for backends that must see a session end
/// at once. The opaque session stays the truth: a token is issued only for a live session, and introspection answers
/// `active` only while that session lives.
public final class SessionTokens: Sendable {
    /// The relying party's clock in milliseconds (a test's moves; the server's is the wall clock).
    let clock: @Sendable () -> Int64
    let store: any DatabaseStore
    let keys: SigningKeyRing
    let sessionIDs: SessionIdentifiers
    public let issuer: String
    public let audiences: [String]
    /// Seconds from issue to expiry.
    public let lifetime: Int64

    /// The longest token `POST /introspect` reads: session tokens are well under 2 KiB.
    static let maximumTokenLength = 8 * 1024

    /// Opens the keys: loads (or, on a new database, makes) the signing keys and the session-identifier key. Throws
    /// ``SealedSecretUnreadable`` when a stored key cannot be opened with the configured key-encryption key. Times
    /// are read from the relying party's clock in `configuration`.
    public static func open(configuration: ServerConfiguration, store: any DatabaseStore) async throws -> SessionTokens {
        let sealer = configuration.tokens.sealer
        let clock = configuration.millisecondClock
        let keys = SigningKeyRing(
            store: store, sealer: sealer, schedule: SigningKeySchedule(rotationSeconds: configuration.tokens.keyRotation), clock: clock,
            algorithms: [.es256], onDemand: [.rs256])
        try await keys.refresh()
        return SessionTokens(
            clock: clock, store: store, keys: keys, sessionIDs: try await SessionIdentifiers.load(from: store, sealer: sealer),
            issuer: configuration.tokenIssuer, audiences: configuration.tokenAudiences, lifetime: configuration.tokens.lifetime)
    }

    init(
        clock: @escaping @Sendable () -> Int64, store: any DatabaseStore, keys: SigningKeyRing, sessionIDs: SessionIdentifiers,
        issuer: String, audiences: [String], lifetime: Int64
    ) {
        self.clock = clock
        self.store = store
        self.keys = keys
        self.sessionIDs = sessionIDs
        self.issuer = issuer
        self.audiences = audiences
        self.lifetime = lifetime
    }

    /// The JWKS as served.
    public var jwks: [UInt8] { keys.jwks }

    /// `POST /session/token`: a token for the session, or 401 without one; a recovery session, which may only add a
    /// passkey, is refused (403 `recoverySessionRestricted`). One read (the session) and one ES256 signature.
    public func issue(for session: SessionRecord?) async throws -> JSONObject {
        guard let session else { throw RelyingPartyError.noSession }
        guard !session.isRecovery else { throw RelyingPartyError.recoverySessionRestricted }
        let now = clock()
        let keySet = keys.keySet
        // None only when the keys could not be refreshed for longer than a rotation period (the database away): an
        // outage, answered 503 with Retry-After like the others.
        guard let signer = keySet.signer(at: now) else { throw StoreUnavailable(reason: "no signing key covers the present") }
        let issuedAt = Date(timeIntervalSince1970: TimeInterval(now / 1000))
        let claims = SessionTokenClaims(
            iss: IssuerClaim(value: issuer), sub: SubjectClaim(value: Base64URL.encode(session.userHandle)), aud: AudienceClaim(value: audiences),
            iat: IssuedAtClaim(value: issuedAt), nbf: NotBeforeClaim(value: issuedAt),
            exp: ExpirationClaim(value: issuedAt.addingTimeInterval(TimeInterval(lifetime))),
            jti: IDClaim(value: Base64URL.encode(SecureRandom.bytes(16))),
            clientID: issuer, sid: try sessionIDs.identifier(tokenHash: session.tokenHash), authTime: session.startedAt.map { $0 / 1000 },
            amr: session.authenticationMethods.isEmpty ? nil : session.authenticationMethods, verifiedAt: session.userVerifiedAt.map { $0 / 1000 })
        // RFC 9068 §2.1: typ at+jwt, so an access token cannot be taken for an ID token or another JWT.
        let token = try await keySet.collection.sign(claims, kid: JWKIdentifier(string: signer.kid), header: ["typ": .string("at+jwt")])
        return JSONObject(["token": .string(token), "expiresIn": .number(String(lifetime))])
    }

    /// `POST /introspect` (RFC 7662 §2.2): the token's claims with `active: true` while it verifies (signature by a
    /// published key, `typ` at+jwt, `alg` ES256, this issuer, not expired, not before `nbf`), is meant for one of the
    /// backends (its `aud` names one of ``audiences``, so an OpenID client's access token, meant for `/userinfo`, is
    /// not: RFC 9068 §4 has a resource server refuse a token of another audience) and its session lives (not ended,
    /// not expired, the same user); otherwise `{"active": false}` alone, whatever the reason, so the answer tells a
    /// caller nothing about why (RFC 7662 §2.2).
    public func introspect(_ token: String) async throws -> JSONObject {
        guard let claims = try await verifiedClaims(token), claims.aud.value.contains(where: audiences.contains) else {
            return JSONObject(["active": .bool(false)])
        }
        let now = clock()
        guard let hash = try? sessionIDs.tokenHash(identifier: claims.sid),
            let session = try await store.session(tokenHash: hash, now: now),
            !session.isRecovery, Base64URL.encode(session.userHandle) == claims.sub.value
        else { return JSONObject(["active": .bool(false)]) }
        var answer = JSONObject(["active": .bool(true)])
        for member in claims.json.members { answer[member.key] = member.value }
        answer["token_type"] = .string("Bearer")
        return answer
    }

    /// The claims of a token this server signed that is valid now; nil for anything else. Its key must still be stored:
    /// a key withdrawn by `passkeys keys retire` ends its tokens at once on every instance, before their next refresh
    /// drops it from memory (one primary-key read, made only for a token that passed every other check).
    func verifiedClaims(_ token: String) async throws -> SessionTokenClaims? {
        guard token.utf8.count <= Self.maximumTokenLength, CompactJWS.isCanonical(token) else { return nil }
        let keySet = keys.keySet
        guard let header = try? SessionTokenCoding.parser.header(of: Array(token.utf8)),
            header.typ == "at+jwt", header.alg == SigningAlgorithm.es256.rawValue, let kid = header.kid,
            // Only a published ES256 key: jwt-kit would otherwise try its default key for an unknown kid, and the RS256
            // keys sign ID tokens, never access tokens.
            keySet.keys.contains(where: { $0.kid == kid && $0.algorithm == .es256 }),
            let claims = try? await keySet.collection.verify(token, as: SessionTokenClaims.self)
        else { return nil }
        let now = clock() / 1000
        guard claims.iss.value == issuer, Int64(claims.exp.value.timeIntervalSince1970) > now, Int64(claims.nbf.value.timeIntervalSince1970) <= now,
            try await store.signingKeyExists(kid: kid)
        else { return nil }
        return claims
    }
}

extension JWTParser {
    /// The header of a token, without verifying it (jwt-kit's own is internal).
    func header(of token: [UInt8]) throws -> JWTHeader {
        let parts = try getTokenParts(token)
        guard let data = Data(base64URLEncoded: parts.header) else { throw JWTError.malformedToken(reason: "the header is not base64url") }
        return try jsonDecoder.decode(JWTHeader.self, from: data)
    }
}

extension Data {
    /// Unpadded base64url (RFC 4648 §5), strictly: the project's decoder.
    fileprivate init?(base64URLEncoded slice: ArraySlice<UInt8>) {
        guard let bytes = try? Base64URL.decode(String(decoding: slice, as: UTF8.self)) else { return nil }
        self.init(bytes)
    }
}
