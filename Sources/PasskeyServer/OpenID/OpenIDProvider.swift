import Crypto
import Foundation
import JWTKit
import PasskeyCore

/// `passkeys serve` as an OpenID Provider: the authorization code flow with PKCE (OpenID Connect Core 1.0
/// §3.1, RFC 6749 §4.1, RFC 7636 with S256 required of every client as RFC 9700 §2.1.1 recommends, unless the operator
/// registered a confidential one with PKCE optional, RFC 9207 `iss`), ID tokens signed RS256 or ES256 with the keys of
/// ``SigningKeyRing``, userinfo, rotating refresh tokens and their revocation (RFC 7009). The
/// user signs in with the page's passkey ceremonies; the opaque session stays the truth: a code, a refresh token and an
/// access token are each good only while the session they came from lives.
package final class OpenIDProvider: Sendable {
    /// The relying party's clock in milliseconds, as the session tokens read it.
    let clock: @Sendable () -> Int64
    let tokens: SessionTokens
    let store: any Store & TokenStore & OpenIDStore
    let tickets: LoginTicket
    /// Raises the events of a detected replay for webhooks; nil raises none (its audit entry is written either way).
    let events: EventRecorder?

    /// Seconds a code lives (RFC 6749 §4.1.2 recommends at most 10 minutes; a browser redirect takes a second).
    package static let codeLifetime: Int64 = 60
    /// `aud` of the access tokens issued to clients: the userinfo endpoint, so a backend that accepts the app's own
    /// session tokens (audience `--token-audience`, by default the issuer) does not take a client's token for one.
    var userinfoAudience: String { tokens.issuer + "/userinfo" }

    init(
        clock: @escaping @Sendable () -> Int64, tokens: SessionTokens, store: any Store & TokenStore & OpenIDStore, tickets: LoginTicket,
        events: EventRecorder? = nil
    ) {
        self.clock = clock
        self.tokens = tokens
        self.store = store
        self.tickets = tickets
        self.events = events
    }

    /// The provider over the session tokens' keys and issuer; loads (or makes) the login-ticket key, sealed under
    /// `configuration`'s key-encryption key. Times are read from the relying party's clock in `configuration`.
    package static func open(
        configuration: ServerConfiguration, tokens: SessionTokens, store: any Store & TokenStore & OpenIDStore, events: EventRecorder? = nil
    ) async throws -> OpenIDProvider {
        // RS256 keys (ID tokens) are made once there is a client to sign for, not by every server that starts.
        tokens.keys.makeKeys(of: .rs256) { try await !store.oidcClients().isEmpty }
        try await tokens.keys.refresh()
        let sealer = configuration.tokens.sealer
        return OpenIDProvider(
            clock: configuration.millisecondClock, tokens: tokens, store: store, tickets: try await LoginTicket.load(from: store, sealer: sealer),
            events: events)
    }

    var now: Int64 { clock() }

    // MARK: - /authorize

    /// What `/authorize` answers.
    enum AuthorizeOutcome {
        /// Shown on the page, never redirected: an unknown client or redirect URI, a malformed request.
        case refused(String)
        /// The answer for the client's redirect URI (a code, or an error): a 303, or with form_post a page that posts it.
        case respond(AuthorizationAnswer)
        /// 303 to the page, which signs the user in (or, `fresh`, asks the signed-in user for a passkey again) and then
        /// goes to `continuation`.
        case signIn(continuation: String, fresh: Bool)
    }

    func authorize(_ parameters: [String: String], session: SessionRecord?) async throws -> AuthorizeOutcome {
        let client: OIDCClientRecord
        let redirectURI: String
        switch try await AuthorizationRequest.client(parameters, store: store) {
        case .failure(let refusal): return .refused(refusal.message)
        case .success(let found): (client, redirectURI) = found
        }
        let request: AuthorizationRequest
        switch AuthorizationRequest.parse(parameters, client: client, redirectURI: redirectURI) {
        case .failure(let error):
            // An error is answered as the request asked, when it asked for a mode this provider knows.
            return .respond(
                errorAnswer(error, redirectURI: redirectURI, state: parameters["state"], formPost: parameters["response_mode"] == "form_post"))
        case .success(let parsed): request = parsed
        }
        let now = self.now
        // A recovery session may only add a passkey: it signs in to nothing.
        let live = session.flatMap { $0.isRecovery ? nil : $0 }
        let authTime = live.map { max($0.startedAt ?? 0, $0.verifiedAt ?? 0) } ?? 0
        let ticketTime = request.ticket.flatMap { tickets.time(of: $0, binding: request.ticketBinding, now: now) }
        var fresh = true
        if request.prompt.contains("login") { fresh = false }
        if let maxAge = request.maxAge, now - authTime > maxAge * 1000 { fresh = false }
        // A ceremony after the page was asked for satisfies prompt=login and max_age (the request came back signed).
        if let ticketTime, authTime >= ticketTime { fresh = true }
        if let live, fresh { return .respond(try await issueCode(request, session: live, authTime: authTime)) }
        if request.prompt.contains("none") {
            let error = OAuthError("login_required", live == nil ? "No one is signed in." : "A fresh sign-in is needed and prompt is none.")
            return .respond(errorAnswer(error, redirectURI: redirectURI, state: request.state, formPost: request.formPost))
        }
        let ticket = request.ticket.flatMap { ticketTime != nil ? $0 : nil } ?? tickets.make(at: now, binding: request.ticketBinding)
        return .signIn(continuation: request.continuation(ticket: ticket), fresh: live != nil)
    }

    private func issueCode(_ request: AuthorizationRequest, session: SessionRecord, authTime: Int64) async throws -> AuthorizationAnswer {
        let code = OpaqueSecret.make()
        try await store.insertAuthorizationCode(
            AuthorizationCodeRecord(
                codeHash: Self.hash(code), clientID: request.client.id, redirectURI: request.redirectURI, codeChallenge: request.codeChallenge,
                sessionHash: session.tokenHash, subject: Base64URL.encode(session.userHandle), nonce: request.nonce,
                scope: request.scope.joined(separator: " "), authTime: authTime,
                authenticationMethods: session.authenticationMethods.joined(separator: " "),
                expiresAt: now + Self.codeLifetime * 1000))
        var pairs = [("code", code)]
        if let state = request.state { pairs.append(("state", state)) }
        // RFC 9207 §2: the issuer, so a client talking to several providers knows which one answered (mix-up attacks).
        pairs.append(("iss", tokens.issuer))
        return AuthorizationAnswer(redirectURI: request.redirectURI, parameters: pairs, formPost: request.formPost)
    }

    private func errorAnswer(_ error: OAuthError, redirectURI: String, state: String?, formPost: Bool) -> AuthorizationAnswer {
        var pairs = [("error", error.error), ("error_description", error.description)]
        if let state { pairs.append(("state", state)) }
        pairs.append(("iss", tokens.issuer))
        return AuthorizationAnswer(redirectURI: redirectURI, parameters: pairs, formPost: formPost)
    }

    /// `uri` with `pairs` added to its query (RFC 6749 §3.1.2: a registered query is kept).
    static func append(_ pairs: [(String, String)], to uri: String) -> String {
        uri + (uri.contains("?") ? "&" : "?") + FormEncoding.encode(pairs)
    }

    static func hash(_ secret: String) -> String { OpaqueSecret.digest(secret) }

    // MARK: - /token

    /// The parameters `/token` reads.
    static let tokenParameters: Set<String> = [
        "grant_type", "code", "redirect_uri", "code_verifier", "client_id", "client_secret", "refresh_token", "scope",
    ]

    /// `POST /token` (RFC 6749 §4.1.3 and §6, OpenID Connect Core §3.1.3 and §12): the token response, or the error.
    func token(
        _ parameters: [String: String], authorization: AuthorizationCredentials?, origin: ChangeOrigin = .outsideRequest
    ) async throws -> Result<JSONObject, OAuthError> {
        let client: OIDCClientRecord
        switch try await authenticate(parameters, authorization: authorization) {
        case .failure(let error): return .failure(error)
        case .success(let found): client = found
        }
        switch parameters["grant_type"] {
        case "authorization_code": return try await redeemCode(parameters, client: client, origin: origin)
        case "refresh_token": return try await refresh(parameters, client: client, origin: origin)
        case nil: return .failure(.invalidRequest("Expected grant_type authorization_code or refresh_token, found none."))
        case let other?:
            return .failure(
                OAuthError("unsupported_grant_type", "Expected grant_type authorization_code or refresh_token, found '\(other.prefix(64))'."))
        }
    }

    /// Client authentication (RFC 6749 §2.3.1): HTTP Basic or the form's client_secret for a confidential client, only
    /// client_id for a public one; never both methods at once.
    func authenticate(
        _ parameters: [String: String], authorization: AuthorizationCredentials?
    ) async throws -> Result<OIDCClientRecord, OAuthError> {
        var id = parameters["client_id"]
        var secret = parameters["client_secret"]
        if let authorization {
            guard case .basic(let credentials) = authorization else {
                return .failure(.invalidClient("Expected Authorization: Basic with the client's id and secret, found another scheme."))
            }
            guard secret == nil else {
                return .failure(.invalidRequest("The client authenticated twice: both Authorization and client_secret (RFC 6749 §2.3)."))
            }
            guard let (basicID, basicSecret) = BasicCredentials.parse(credentials) else {
                return .failure(.invalidClient("Authorization: Basic is not base64 of client_id:client_secret (RFC 6749 §2.3.1)."))
            }
            if let id, id != basicID { return .failure(.invalidRequest("client_id differs from the client in Authorization.")) }
            id = basicID
            secret = basicSecret
        }
        guard let id, !id.isEmpty, id.count <= 64, let client = try await store.oidcClient(id: id) else {
            return .failure(.invalidClient("Unknown client, or no client_id."))
        }
        if let expected = client.secretHash {
            guard let secret, secret.utf8.count <= 256, OpaqueSecret.matches(secret, digest: expected) else {
                return .failure(.invalidClient("The client secret is missing or wrong."))
            }
        } else if secret != nil {
            return .failure(.invalidClient("This client is public: it has no secret, and sends only client_id."))
        }
        return .success(client)
    }

    private func redeemCode(
        _ parameters: [String: String], client: OIDCClientRecord, origin: ChangeOrigin
    ) async throws -> Result<JSONObject, OAuthError> {
        guard let code = parameters["code"], !code.isEmpty, code.utf8.count <= 128 else {
            return .failure(.invalidRequest("Expected code, found none."))
        }
        let verifier = parameters["code_verifier"]
        let now = self.now
        let record: AuthorizationCodeRecord
        switch try await store.useAuthorizationCode(hash: Self.hash(code), now: now) {
        case .unknown: return .failure(.invalidGrant("The code is not one this server issued."))
        case .replayed(let used):
            // RFC 6749 §4.1.2: a code used twice revokes what its first use issued, its refresh and access tokens (and
            // a successor that first use is storing now: issueGrant refuses it once the family is revoked).
            try await revokeReplayed(
                family: used.codeHash, grantType: "authorization_code", subject: used.subject, clientID: used.clientID, origin: origin)
            return .failure(.invalidGrant("The code was used already; the tokens issued for it are revoked."))
        case .first(let found): record = found
        }
        guard record.clientID == client.id else { return .failure(.invalidGrant("The code was issued to another client.")) }
        guard record.expiresAt > now else { return .failure(.invalidGrant("The code has expired (codes live \(Self.codeLifetime) seconds).")) }
        // RFC 6749 §4.1.3: the same redirect_uri as in the authorization request.
        guard parameters["redirect_uri"] == record.redirectURI else {
            return .failure(.invalidGrant("redirect_uri differs from the one the code was issued for."))
        }
        if record.codeChallenge.isEmpty {
            // RFC 9700 §2.1.1: a verifier for a code issued without a challenge is a downgrade (an attacker who stripped
            // the challenge from the request), refused.
            guard verifier == nil else {
                return .failure(.invalidGrant("code_verifier was sent for a code issued without code_challenge (RFC 9700 §2.1.1)."))
            }
        } else if let verifier {
            guard Self.verifierMatches(verifier, challenge: record.codeChallenge) else {
                return .failure(.invalidGrant("code_verifier does not match the code_challenge (RFC 7636 §4.6)."))
            }
        } else {
            return .failure(.invalidRequest("Expected code_verifier: the code was issued with a code_challenge (RFC 7636 §4.5)."))
        }
        guard let session = try await store.session(tokenHash: record.sessionHash, now: now), !session.isRecovery else {
            return .failure(.invalidGrant("The session the code was issued for has ended."))
        }
        return try await issueTokens(
            client: client, session: session, subject: record.subject, scope: record.scope, authTime: record.authTime,
            authenticationMethods: record.authenticationMethods, nonce: record.nonce, family: record.codeHash)
    }

    /// RFC 7636 §4.1 and §4.6: 43 to 128 unreserved characters, whose SHA-256 is the challenge.
    static func verifierMatches(_ verifier: String, challenge: String) -> Bool {
        (43...128).contains(verifier.utf8.count)
            && verifier.utf8.allSatisfy({ byte in
                (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2D || byte == 0x2E
                    || byte == 0x5F || byte == 0x7E
            })
            && OpaqueSecret.equalInConstantTime(
                Array(Base64URL.encode(Array(SHA256.hash(data: Array(verifier.utf8)))).utf8), Array(challenge.utf8))
    }

    private func refresh(
        _ parameters: [String: String], client: OIDCClientRecord, origin: ChangeOrigin
    ) async throws -> Result<JSONObject, OAuthError> {
        guard let token = parameters["refresh_token"], !token.isEmpty, token.utf8.count <= 128 else {
            return .failure(.invalidRequest("Expected refresh_token, found none."))
        }
        let now = self.now
        let record: RefreshTokenRecord
        switch try await store.useRefreshToken(hash: Self.hash(token), now: now) {
        case .unknown: return .failure(.invalidGrant("The refresh token is not one this server issued."))
        case .replayed(let used):
            // RFC 9700 §4.14.2: a rotated token used again means two parties hold the chain. The store revoked the
            // family as it saw the replay; this records it (and revokes again, which changes nothing).
            try await revokeReplayed(family: used.family, grantType: "refresh_token", subject: used.subject, clientID: used.clientID, origin: origin)
            return .failure(.invalidGrant("The refresh token was used already or revoked; its whole family is revoked now."))
        case .first(let found): record = found
        }
        guard record.clientID == client.id else {
            // Another client holds this client's token: as a replay, the family is revoked.
            try await revokeReplayed(
                family: record.family, grantType: "refresh_token", subject: record.subject, clientID: record.clientID, origin: origin,
                presentedBy: client.id)
            return .failure(.invalidGrant("The refresh token was issued to another client."))
        }
        guard record.expiresAt > now, let session = try await store.session(tokenHash: record.sessionHash, now: now), !session.isRecovery else {
            return .failure(.invalidGrant("The session the refresh token belongs to has ended."))
        }
        return try await issueTokens(
            client: client, session: session, subject: record.subject, scope: record.scope, authTime: record.authTime,
            authenticationMethods: record.authenticationMethods, nonce: nil, family: record.family)
    }

    /// The token response (OpenID Connect Core §3.1.3.3): an access token for `/userinfo`, a new refresh token of
    /// `family`, and an ID token; `invalid_grant` when the family was revoked meanwhile (a replay of the code or the
    /// refresh token this use presented, seen by another request).
    private func issueTokens(
        client: OIDCClientRecord, session: SessionRecord, subject: String, scope: String, authTime: Int64, authenticationMethods: String,
        nonce: String?, family: String
    ) async throws -> Result<JSONObject, OAuthError> {
        let idAlgorithm = SigningAlgorithm(rawValue: client.idTokenAlgorithm) ?? .rs256
        let keySet = try await tokens.keys.require(idAlgorithm)
        // Read after the keys: a first RS256 key made just now signs from the moment it was made, so a time read
        // before would find no key covering it (and answer 503).
        let now = self.now
        guard let accessSigner = keySet.signer(at: now), let idSigner = keySet.signer(at: now, algorithm: idAlgorithm) else {
            throw StoreUnavailable(reason: "no signing key covers the present")
        }
        let issuedAt = Date(timeIntervalSince1970: TimeInterval(now / 1000))
        let expiry = ExpirationClaim(value: issuedAt.addingTimeInterval(TimeInterval(tokens.lifetime)))
        let methods = authenticationMethods.split(separator: " ").map(String.init)
        let accessTokenID = Base64URL.encode(SecureRandom.bytes(16))
        // The access token is a session token (RFC 9068) for this client and the userinfo audience.
        let access = SessionTokenClaims(
            iss: IssuerClaim(value: tokens.issuer), sub: SubjectClaim(value: subject), aud: AudienceClaim(value: [userinfoAudience]),
            iat: IssuedAtClaim(value: issuedAt), nbf: NotBeforeClaim(value: issuedAt), exp: expiry,
            jti: IDClaim(value: accessTokenID), clientID: client.id,
            sid: try tokens.sessionIDs.identifier(tokenHash: session.tokenHash), authTime: authTime / 1000, amr: methods.isEmpty ? nil : methods,
            verifiedAt: session.userVerifiedAt.map { $0 / 1000 }, scope: scope)
        let accessToken = try await keySet.collection.sign(
            access, kid: JWKIdentifier(string: accessSigner.kid), header: ["typ": .string("at+jwt")])
        var idClaims = IDTokenClaims(
            iss: IssuerClaim(value: tokens.issuer), sub: SubjectClaim(value: subject), aud: AudienceClaim(value: [client.id]), exp: expiry,
            iat: IssuedAtClaim(value: issuedAt), authTime: authTime / 1000, nonce: nonce, amr: methods.isEmpty ? nil : methods, azp: client.id,
            atHash: IDTokenClaims.accessTokenHash(accessToken))
        if scope.split(separator: " ").contains("profile"), let user = try await store.user(handle: session.userHandle) {
            idClaims.preferredUsername = user.username
            idClaims.name = user.displayName
        }
        let idToken = try await keySet.collection.sign(idClaims, kid: JWKIdentifier(string: idSigner.kid), header: ["typ": .string("JWT")])
        let refreshToken = OpaqueSecret.make()
        let issued = try await store.issueGrant(
            GrantIssue(
                refreshToken: RefreshTokenRecord(
                    tokenHash: Self.hash(refreshToken), family: family, clientID: client.id, sessionHash: session.tokenHash, subject: subject,
                    scope: scope, authTime: authTime, authenticationMethods: authenticationMethods, expiresAt: session.expiresAt),
                accessTokenID: accessTokenID, accessTokenExpiresAt: (now / 1000 + tokens.lifetime) * 1000))
        guard issued else {
            return .failure(.invalidGrant("The grant was revoked while this request was served: its code or refresh token was presented twice."))
        }
        return .success(
            JSONObject([
                "access_token": .string(accessToken), "token_type": .string("Bearer"), "expires_in": .number(String(tokens.lifetime)),
                "refresh_token": .string(refreshToken), "id_token": .string(idToken), "scope": .string(scope),
            ]))
    }

    // MARK: - /userinfo

    /// `GET /userinfo` (OpenID Connect Core §5.3): `sub`, and `preferred_username` and `name` when the profile scope
    /// was granted, for an access token this server issued to a client that is still registered, for a grant that is
    /// not revoked, and whose session lives (deleting a client ends its access tokens at once, as its codes and
    /// refresh tokens).
    func userinfo(accessToken: String) async throws -> Result<JSONObject, OAuthError> {
        let invalid = OAuthError(
            "invalid_token", "The access token is not valid: unknown, expired, its client deleted, or its session ended.", status: .unauthorized)
        guard let claims = try await tokens.verifiedClaims(accessToken), claims.aud.value.contains(userinfoAudience),
            try await store.oidcClient(id: claims.clientID) != nil,
            // Its grant family not revoked (a replayed code or refresh token ends the access tokens it issued).
            try await store.accessTokenIsLive(id: claims.jti.value, now: now),
            let hash = try? tokens.sessionIDs.tokenHash(identifier: claims.sid),
            let session = try await store.session(tokenHash: hash, now: now), !session.isRecovery,
            Base64URL.encode(session.userHandle) == claims.sub.value, let user = try await store.user(handle: session.userHandle)
        else { return .failure(invalid) }
        var answer = JSONObject(["sub": .string(claims.sub.value)])
        if (claims.scope ?? "").split(separator: " ").contains("profile") {
            answer["preferred_username"] = .string(user.username)
            answer["name"] = .string(user.displayName)
        }
        return .success(answer)
    }
}
