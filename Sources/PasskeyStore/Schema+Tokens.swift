// The session tokens' tables: signing keys, service credentials, sealed secrets, and what a session records about its
// start. One migration, appended at the end of ``Schema/migrations``.
extension Schema {
    static let sessionTokens: [SchemaStep] = [
        // When a session started and how (RFC 8176 values), for `auth_time` and `amr` of its tokens
        // (``SessionStart``). NULL for sessions stored before.
        "ALTER TABLE sessions ADD COLUMN started_at BIGINT",
        "ALTER TABLE sessions ADD COLUMN amr TEXT",
        // Token signing keys (``SigningKeyRecord``): the private key sealed (``SecretSealer``), the public JWK as
        // published, and the schedule every instance reads: published from creation, signing in
        // [signs_from, signs_until), published until published_until. One row per generation of each algorithm.
        """
        CREATE TABLE IF NOT EXISTS signing_keys (
            kid TEXT PRIMARY KEY, algorithm TEXT NOT NULL, generation BIGINT NOT NULL, private_key TEXT NOT NULL,
            public_jwk TEXT NOT NULL, created_at BIGINT NOT NULL, signs_from BIGINT NOT NULL, signs_until BIGINT NOT NULL,
            published_until BIGINT NOT NULL, UNIQUE (algorithm, generation))
        """,
        // Service credentials (``APIKeyRecord``): only the SHA-256 of each key is kept.
        """
        CREATE TABLE IF NOT EXISTS api_keys (
            id TEXT PRIMARY KEY, name TEXT NOT NULL, key_hash TEXT NOT NULL UNIQUE, hint TEXT NOT NULL,
            created_at BIGINT NOT NULL, revoked_at BIGINT)
        """,
        // Secrets stored sealed under the key-encryption key when one is configured (the session-identifier key).
        "CREATE TABLE IF NOT EXISTS sealed_secrets (name TEXT PRIMARY KEY, value TEXT NOT NULL)",
    ]
}

extension Schema {
    /// What each credential may claim, and no more.
    static let leastPrivilege: [SchemaStep] = [
        // What each API key may do (``APIKeyScope``), its scopes' raw values separated by spaces. NULL for a key made
        // before scopes: it keeps every scope, so no backend breaks on upgrade (``APIKeyRecord/isLegacy``).
        "ALTER TABLE api_keys ADD COLUMN scopes TEXT",
        // When the session's user last verified with user verification (the UV flag, WebAuthn L3 §6.1), beside
        // `verified_at`, which a step-up with a passkey that cannot verify its user also sets. NULL for sessions stored
        // before: their tokens carry no `verified_at` until the next ceremony with UV.
        "ALTER TABLE sessions ADD COLUMN user_verified_at BIGINT",
    ]
}

extension Schema {
    /// The deployment's older secrets (the stand-in credentials' key, the recovery-code key) join the sealed ones, so a
    /// key-encryption key covers them too: each is moved as the plain form ``SecretSealer`` reads (`plain:` and the
    /// base64url value already stored), and sealed the first time a server with a key-encryption key reads it. The old
    /// table is dropped rather than emptied: an instance of an earlier release still running would otherwise make a new
    /// key into it and hash recovery codes that no upgraded instance could check; without the table it fails instead.
    /// (`WHERE true` keeps SQLite from reading `ON CONFLICT` as a join constraint of the `SELECT`.)
    static let sealedDeploymentSecrets: [SchemaStep] = [
        "INSERT INTO sealed_secrets (name, value) SELECT name, 'plain:' || value FROM secrets WHERE true ON CONFLICT DO NOTHING",
        "DROP TABLE secrets",
    ]
}

extension Schema {
    /// Later versions of a sealed secret (``SecretVersionRecord``): the first stays the `sealed_secrets` row; each
    /// rotation adds one, which takes over at `active_from`.
    static let secretVersions: [SchemaStep] = [
        """
        CREATE TABLE IF NOT EXISTS secret_versions (
            name TEXT NOT NULL, version BIGINT NOT NULL, value TEXT NOT NULL, active_from BIGINT NOT NULL, PRIMARY KEY (name, version))
        """
    ]
}
