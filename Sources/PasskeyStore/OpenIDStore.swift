import PasskeyCore

/// An OpenID Connect client as stored (the `oidc_clients` table): registered by the operator (`passkeys oidc-client`),
/// first-party, so no consent screen. A confidential client's secret is kept only as its SHA-256 (``OIDCClients``).
public struct OIDCClientRecord: Sendable, Equatable {
    /// `client_id`: 16 random bytes, base64url.
    public let id: String
    /// What the operator called it (the app that uses it).
    public var name: String
    /// SHA-256 of the client secret, hex; nil for a public client (`token_endpoint_auth_method` none).
    public var secretHash: String?
    /// The redirect URIs, compared exactly (RFC 9700 §4.1.3) except for the port of loopback IP literals (RFC 8252 §7.3).
    public var redirectURIs: [String]
    /// Where RP-initiated logout may return to; compared exactly.
    public var postLogoutRedirectURIs: [String]
    /// `RS256` (the default, OpenID Connect Core 1.0 §15.1) or `ES256`: how this client's ID tokens are signed.
    public var idTokenAlgorithm: String
    /// When it was registered, milliseconds since 1970.
    public let createdAt: Int64
    /// Whether its authorization requests must carry a PKCE challenge (RFC 7636). Always true for a public client; a
    /// confidential one may be registered without (RFC 9700 §2.1.1 lets it rely on `nonce`, OpenID Connect Core does
    /// not ask for PKCE), which many certified relying parties need with their default settings.
    public var pkceRequired: Bool

    /// A client record as stored.
    public init(
        id: String, name: String, secretHash: String?, redirectURIs: [String], postLogoutRedirectURIs: [String], idTokenAlgorithm: String,
        createdAt: Int64, pkceRequired: Bool = true
    ) {
        self.pkceRequired = pkceRequired
        self.id = id
        self.name = name
        self.secretHash = secretHash
        self.redirectURIs = redirectURIs
        self.postLogoutRedirectURIs = postLogoutRedirectURIs
        self.idTokenAlgorithm = idTokenAlgorithm
        self.createdAt = createdAt
    }

    /// Whether the client authenticates at the token endpoint (client_secret_basic or client_secret_post).
    public var isConfidential: Bool { secretHash != nil }
}

/// What an authorization code stands for (RFC 6749 §4.1.2): single-use, short-lived, bound to its client, redirect URI
/// and PKCE challenge, and to the session it was issued for. Only the code's SHA-256 is stored.
public struct AuthorizationCodeRecord: Sendable, Equatable {
    /// SHA-256 of the code, hex.
    public let codeHash: String
    /// The client it was issued to.
    public let clientID: String
    /// The redirect URI of the request, which `/token` must repeat exactly (RFC 6749 §4.1.3).
    public let redirectURI: String
    /// The S256 challenge (RFC 7636 §4.2): base64url(SHA-256(code_verifier)).
    public let codeChallenge: String
    /// The session's token hash: the code, and what it yields, live only while the session does.
    public let sessionHash: String
    /// The user handle, base64url (`sub`).
    public let subject: String
    /// The request's `nonce`, for the ID token.
    public let nonce: String?
    /// The granted scopes, space-separated.
    public let scope: String
    /// When the user last authenticated on the session, milliseconds (`auth_time`).
    public let authTime: Int64
    /// RFC 8176 values, space-separated (`amr`).
    public let authenticationMethods: String
    /// When it expires, milliseconds since 1970.
    public let expiresAt: Int64

    /// A code record as stored.
    public init(
        codeHash: String, clientID: String, redirectURI: String, codeChallenge: String, sessionHash: String, subject: String, nonce: String?,
        scope: String, authTime: Int64, authenticationMethods: String, expiresAt: Int64
    ) {
        self.codeHash = codeHash
        self.clientID = clientID
        self.redirectURI = redirectURI
        self.codeChallenge = codeChallenge
        self.sessionHash = sessionHash
        self.subject = subject
        self.nonce = nonce
        self.scope = scope
        self.authTime = authTime
        self.authenticationMethods = authenticationMethods
        self.expiresAt = expiresAt
    }
}

/// A refresh token as stored: its SHA-256, and its family (the code that started the chain). Each use rotates it
/// (RFC 9700 §4.14.2); a second use of one revokes the whole family.
public struct RefreshTokenRecord: Sendable, Equatable {
    /// SHA-256 of the token, hex.
    public let tokenHash: String
    /// The hash of the authorization code the chain started from.
    public let family: String
    /// The client it was issued to.
    public let clientID: String
    /// The session's token hash: the token ends with the session.
    public let sessionHash: String
    /// The user handle, base64url (`sub`).
    public let subject: String
    /// The granted scopes, space-separated.
    public let scope: String
    /// `auth_time` of the ID tokens it yields, milliseconds.
    public let authTime: Int64
    /// `amr` of the ID tokens it yields, space-separated.
    public let authenticationMethods: String
    /// The session's expiry: a refresh token never outlives its session.
    public let expiresAt: Int64

    /// A refresh token record as stored.
    public init(
        tokenHash: String, family: String, clientID: String, sessionHash: String, subject: String, scope: String, authTime: Int64,
        authenticationMethods: String, expiresAt: Int64
    ) {
        self.tokenHash = tokenHash
        self.family = family
        self.clientID = clientID
        self.sessionHash = sessionHash
        self.subject = subject
        self.scope = scope
        self.authTime = authTime
        self.authenticationMethods = authenticationMethods
        self.expiresAt = expiresAt
    }
}

/// What one token response stores: the refresh token of its grant family, and the access token's `jti` (RFC 7519
/// §4.1.7) with that family, so revoking the family ends the access token too.
public struct GrantIssue: Sendable, Equatable {
    /// The family's new refresh token (its ``RefreshTokenRecord/family`` names the family).
    public let refreshToken: RefreshTokenRecord
    /// The access token's `jti`.
    public let accessTokenID: String
    /// When the access token expires, milliseconds since 1970.
    public let accessTokenExpiresAt: Int64

    /// What a token response issues: `refreshToken`, and the access token `accessTokenID` until `accessTokenExpiresAt`.
    public init(refreshToken: RefreshTokenRecord, accessTokenID: String, accessTokenExpiresAt: Int64) {
        self.refreshToken = refreshToken
        self.accessTokenID = accessTokenID
        self.accessTokenExpiresAt = accessTokenExpiresAt
    }

    /// How long the family's row is kept: until the last token issued for it has expired.
    var familyExpiresAt: Int64 { max(refreshToken.expiresAt, accessTokenExpiresAt) }

    /// How long the row of a family revoked with no row yet (its tokens issued before families had rows) is kept:
    /// far longer than any use in flight, which is all it has to outlast.
    static let revokedFamilyLifetime: Int64 = 24 * 3_600_000
}

/// The outcome of presenting a code or a refresh token: its first use, a replay (the stored row, already used or
/// revoked), or nothing stored under that hash.
public enum SingleUse<Record: Sendable & Equatable>: Sendable, Equatable {
    /// The first use: this caller used it.
    case first(Record)
    /// Used before (or revoked): a replay.
    case replayed(Record)
    /// Nothing is stored under that hash.
    case unknown
}

/// What the OpenID Provider keeps in the database; both stores implement it, so any instance redeems a code another
/// issued and a replay is seen whichever instance it reaches.
public protocol OpenIDStore: Sendable {
    /// Stores a new client, with `audit` in the same transaction.
    func insertOIDCClient(_ client: OIDCClientRecord, audit: AuditEntry?) async throws
    /// The client `id`; nil when there is none.
    func oidcClient(id: String) async throws -> OIDCClientRecord?
    /// Every client, oldest first.
    func oidcClients() async throws -> [OIDCClientRecord]
    /// Replaces the stored client of the same id, with `audit` in the same transaction; false when there is none,
    /// and then nothing is written.
    func updateOIDCClient(_ client: OIDCClientRecord, audit: AuditEntry?) async throws -> Bool
    /// Removes a client with its codes and refresh tokens, with `audit` in the same transaction; false when there is
    /// none, and then nothing is written.
    func deleteOIDCClient(id: String, audit: AuditEntry?) async throws -> Bool

    /// Stores a new code.
    func insertAuthorizationCode(_ code: AuthorizationCodeRecord) async throws
    /// Marks the code used, in one atomic step: ``SingleUse/first(_:)`` for the one caller that did, ``SingleUse/replayed(_:)``
    /// for every later one.
    func useAuthorizationCode(hash: String, now: Int64) async throws -> SingleUse<AuthorizationCodeRecord>

    /// Stores what one token response issues for a grant family: its new refresh token and its access token's `jti`
    /// (``GrantIssue``), in one step that a concurrent ``revokeGrant(family:now:events:)`` of the family orders itself
    /// against: false, storing nothing, when the family is revoked already, so a replay that raced the first use
    /// leaves no usable successor whichever finishes first (RFC 9700 §4.14.2).
    func issueGrant(_ issue: GrantIssue) async throws -> Bool
    /// Marks the token used if it is neither used nor revoked, in one atomic step; a replayed one revokes its family
    /// in the same step.
    func useRefreshToken(hash: String, now: Int64) async throws -> SingleUse<RefreshTokenRecord>
    /// Revokes the grant `family` (a code presented twice, a refresh token replayed): every refresh token of it, every
    /// access token issued for it (``accessTokenIsLive(id:now:)`` is false from now on), and any successor a use in
    /// flight would store (``issueGrant(_:)`` refuses it); `events` (the audit entry and events of the detection) are
    /// written in the same transaction.
    func revokeGrant(family: String, now: Int64, events: ChangeRecord) async throws
    /// Whether the access token whose `jti` is `id` was issued for a grant family that is not revoked, and is not
    /// past its expiry. False for a `jti` never recorded.
    func accessTokenIsLive(id: String, now: Int64) async throws -> Bool
    /// The grant family and client of the refresh token whose hash is `hash`, used or not, revoked or not; nil when no
    /// such token is stored (RFC 7009 revocation finds the grant it belongs to).
    func refreshTokenGrant(hash: String) async throws -> RefreshTokenGrant?
    /// The grant family the access token `id` (its `jti`) was issued for; nil when none was recorded.
    func accessTokenFamily(id: String) async throws -> String?
}

/// The grant a refresh token belongs to (``OpenIDStore/refreshTokenGrant(hash:)``).
public struct RefreshTokenGrant: Sendable, Equatable {
    /// Its grant family.
    public let family: String
    /// The client it was issued to.
    public let clientID: String
    /// The account it signs in (base64url user handle).
    public let subject: String
    /// Whether it was revoked (its family with it): nothing is left to revoke.
    public let revoked: Bool

    public init(family: String, clientID: String, subject: String, revoked: Bool) {
        self.family = family
        self.clientID = clientID
        self.subject = subject
        self.revoked = revoked
    }
}

/// The columns of the provider's rows, in the order both stores read and write them.
enum OpenIDColumns {
    static let client = "id, name, secret_hash, redirect_uris, post_logout_redirect_uris, id_token_alg, created_at, pkce"
    /// The `pkce` column: NULL (clients registered before it existed) and `required` require a challenge.
    static func pkce(_ required: Bool) -> String { required ? "required" : "optional" }
    static func pkceRequired(fromColumn value: String?) -> Bool { value != "optional" }
    static let code =
        "code_hash, client_id, redirect_uri, code_challenge, session_hash, subject, nonce, scope, auth_time, amr, expires_at, used_at"
    static let refresh = "token_hash, family, client_id, session_hash, subject, scope, auth_time, amr, expires_at, used_at, revoked_at"

    /// URI lists are kept as JSON arrays of strings.
    static func uris(_ list: [String]) -> String { JSONValue.array(list.map(JSONValue.string)).serialized() }
    static func uris(fromColumn text: String) -> [String] { (try? JSONParser.parse(text))?.arrayValue?.compactMap(\.stringValue) ?? [] }
}
