// The tables of the OpenID Provider: clients, authorization codes and refresh tokens. One migration,
// appended at the end of ``Schema/migrations``.
extension Schema {
    static let openIDProvider: [SchemaStep] = [
        // Clients (``OIDCClientRecord``): only the SHA-256 of a confidential client's secret; URI lists as JSON arrays.
        """
        CREATE TABLE IF NOT EXISTS oidc_clients (
            id TEXT PRIMARY KEY, name TEXT NOT NULL, secret_hash TEXT, redirect_uris TEXT NOT NULL,
            post_logout_redirect_uris TEXT NOT NULL, id_token_alg TEXT NOT NULL, created_at BIGINT NOT NULL)
        """,
        // Authorization codes (``AuthorizationCodeRecord``): the SHA-256 of each, used_at set by its one redemption.
        """
        CREATE TABLE IF NOT EXISTS oidc_codes (
            code_hash TEXT PRIMARY KEY, client_id TEXT NOT NULL, redirect_uri TEXT NOT NULL, code_challenge TEXT NOT NULL,
            session_hash TEXT NOT NULL, subject TEXT NOT NULL, nonce TEXT, scope TEXT NOT NULL, auth_time BIGINT NOT NULL,
            amr TEXT NOT NULL, expires_at BIGINT NOT NULL, used_at BIGINT)
        """,
        "CREATE INDEX IF NOT EXISTS oidc_codes_expiry ON oidc_codes(expires_at)",
        // Refresh tokens (``RefreshTokenRecord``): the SHA-256 of each, grouped in families for reuse detection.
        """
        CREATE TABLE IF NOT EXISTS oidc_refresh_tokens (
            token_hash TEXT PRIMARY KEY, family TEXT NOT NULL, client_id TEXT NOT NULL, session_hash TEXT NOT NULL,
            subject TEXT NOT NULL, scope TEXT NOT NULL, auth_time BIGINT NOT NULL, amr TEXT NOT NULL, expires_at BIGINT NOT NULL,
            used_at BIGINT, revoked_at BIGINT)
        """,
        "CREATE INDEX IF NOT EXISTS oidc_refresh_family ON oidc_refresh_tokens(family)",
        "CREATE INDEX IF NOT EXISTS oidc_refresh_expiry ON oidc_refresh_tokens(expires_at)",
    ]

    /// Grant families as rows of their own, so a revocation and the issue of a successor order themselves on one
    /// row (a successor stored after its family was revoked would otherwise outlive the revocation), and each access
    /// token's `jti` with its family, so revoking a family ends its access tokens at once.
    static let grantFamilies: [SchemaStep] = [
        "CREATE TABLE IF NOT EXISTS oidc_grants (family TEXT PRIMARY KEY, revoked_at BIGINT, expires_at BIGINT NOT NULL)",
        "CREATE INDEX IF NOT EXISTS oidc_grants_expiry ON oidc_grants(expires_at)",
        "CREATE TABLE IF NOT EXISTS oidc_access_tokens (jti TEXT PRIMARY KEY, family TEXT NOT NULL, expires_at BIGINT NOT NULL)",
        "CREATE INDEX IF NOT EXISTS oidc_access_tokens_expiry ON oidc_access_tokens(expires_at)",
    ]

    /// Each client's PKCE policy (``OIDCClientRecord/pkceRequired``): NULL for clients registered before, which keep
    /// requiring it.
    static let pkcePolicy: [SchemaStep] = ["ALTER TABLE oidc_clients ADD COLUMN pkce TEXT"]
}
