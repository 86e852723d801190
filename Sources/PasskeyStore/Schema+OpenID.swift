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
}
