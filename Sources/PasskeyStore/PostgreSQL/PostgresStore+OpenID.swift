import SQLKit

/// ``OpenIDStore`` on PostgreSQL: each single use is one conditional `UPDATE … RETURNING`, so two instances redeeming
/// the same code at once cannot both win.
extension PostgresStore {
    public func insertOIDCClient(_ client: OIDCClientRecord, audit: AuditEntry?) async throws {
        try await connections.transaction { db in
            try await Self.insertAudit(audit, into: db)
            try await db.raw(
                """
                INSERT INTO oidc_clients (\(unsafeRaw: OpenIDColumns.client))
                VALUES (\(bind: client.id), \(bind: client.name), \(bind: client.secretHash), \(bind: OpenIDColumns.uris(client.redirectURIs)),
                        \(bind: OpenIDColumns.uris(client.postLogoutRedirectURIs)), \(bind: client.idTokenAlgorithm), \(bind: client.createdAt),
                        \(bind: OpenIDColumns.pkce(client.pkceRequired)))
                """
            ).run()
        }
    }

    public func oidcClient(id: String) async throws -> OIDCClientRecord? {
        try await connections.with { db in
            try await db.raw("SELECT \(unsafeRaw: OpenIDColumns.client) FROM oidc_clients WHERE id = \(bind: id)").first().map(Self.oidcClient)
        }
    }

    public func oidcClients() async throws -> [OIDCClientRecord] {
        try await connections.with { db in
            try await db.raw("SELECT \(unsafeRaw: OpenIDColumns.client) FROM oidc_clients ORDER BY created_at, id").all().map(Self.oidcClient)
        }
    }

    public func updateOIDCClient(_ client: OIDCClientRecord, audit: AuditEntry?) async throws -> Bool {
        try await connections.transaction { db in
            let rows = try await db.raw(
                """
                UPDATE oidc_clients SET name = \(bind: client.name), secret_hash = \(bind: client.secretHash),
                    redirect_uris = \(bind: OpenIDColumns.uris(client.redirectURIs)),
                    post_logout_redirect_uris = \(bind: OpenIDColumns.uris(client.postLogoutRedirectURIs)), id_token_alg = \(bind: client.idTokenAlgorithm),
                    pkce = \(bind: OpenIDColumns.pkce(client.pkceRequired))
                WHERE id = \(bind: client.id) RETURNING id
                """
            ).all()
            guard !rows.isEmpty else { return false }
            try await Self.insertAudit(audit, into: db)
            return true
        }
    }

    public func deleteOIDCClient(id: String, audit: AuditEntry?) async throws -> Bool {
        try await connections.transaction { db in
            try await db.raw("DELETE FROM oidc_codes WHERE client_id = \(bind: id)").run()
            try await db.raw("DELETE FROM oidc_refresh_tokens WHERE client_id = \(bind: id)").run()
            guard !(try await db.raw("DELETE FROM oidc_clients WHERE id = \(bind: id) RETURNING id").all()).isEmpty else { return false }
            try await Self.insertAudit(audit, into: db)
            return true
        }
    }

    public func insertAuthorizationCode(_ code: AuthorizationCodeRecord) async throws {
        try await connections.with { db in
            try await db.raw(
                """
                INSERT INTO oidc_codes (\(unsafeRaw: OpenIDColumns.code))
                VALUES (\(bind: code.codeHash), \(bind: code.clientID), \(bind: code.redirectURI), \(bind: code.codeChallenge),
                        \(bind: code.sessionHash), \(bind: code.subject), \(bind: code.nonce), \(bind: code.scope), \(bind: code.authTime),
                        \(bind: code.authenticationMethods), \(bind: code.expiresAt), NULL)
                """
            ).run()
        }
    }

    public func useAuthorizationCode(hash: String, now: Int64) async throws -> SingleUse<AuthorizationCodeRecord> {
        try await connections.with { db in
            if let row = try await db.raw(
                """
                UPDATE oidc_codes SET used_at = \(bind: now) WHERE code_hash = \(bind: hash) AND used_at IS NULL
                RETURNING \(unsafeRaw: OpenIDColumns.code)
                """
            ).first() {
                return .first(try Self.authorizationCode(row))
            }
            guard let row = try await db.raw("SELECT \(unsafeRaw: OpenIDColumns.code) FROM oidc_codes WHERE code_hash = \(bind: hash)").first() else {
                return .unknown
            }
            return .replayed(try Self.authorizationCode(row))
        }
    }

    public func issueGrant(_ issue: GrantIssue) async throws -> Bool {
        let token = issue.refreshToken
        return try await connections.transaction { db in
            // The family's row, locked until this transaction ends: a revocation (revokeFamily) updates the same row, so
            // it waits for this successor and then revokes it, or this waits for the revocation and sees it.
            try await db.raw(
                """
                INSERT INTO oidc_grants (family, revoked_at, expires_at) VALUES (\(bind: token.family), NULL, \(bind: issue.familyExpiresAt))
                ON CONFLICT (family) DO NOTHING
                """
            ).run()
            let family = try await db.raw("SELECT revoked_at FROM oidc_grants WHERE family = \(bind: token.family) FOR UPDATE").first()
            guard try family?.decode(column: "revoked_at", as: Int64?.self) == nil else { return false }
            try await db.raw(
                """
                UPDATE oidc_grants SET expires_at = GREATEST(expires_at, \(bind: issue.familyExpiresAt)) WHERE family = \(bind: token.family)
                """
            ).run()
            try await db.raw(
                """
                INSERT INTO oidc_refresh_tokens (\(unsafeRaw: OpenIDColumns.refresh))
                VALUES (\(bind: token.tokenHash), \(bind: token.family), \(bind: token.clientID), \(bind: token.sessionHash), \(bind: token.subject),
                        \(bind: token.scope), \(bind: token.authTime), \(bind: token.authenticationMethods), \(bind: token.expiresAt), NULL, NULL)
                """
            ).run()
            try await db.raw(
                """
                INSERT INTO oidc_access_tokens (jti, family, expires_at)
                VALUES (\(bind: issue.accessTokenID), \(bind: token.family), \(bind: issue.accessTokenExpiresAt))
                """
            ).run()
            return true
        }
    }

    public func useRefreshToken(hash: String, now: Int64) async throws -> SingleUse<RefreshTokenRecord> {
        try await connections.with { db in
            if let row = try await db.raw(
                """
                UPDATE oidc_refresh_tokens SET used_at = \(bind: now)
                WHERE token_hash = \(bind: hash) AND used_at IS NULL AND revoked_at IS NULL
                RETURNING \(unsafeRaw: OpenIDColumns.refresh)
                """
            ).first() {
                return .first(try Self.refreshToken(row))
            }
            guard
                let row = try await db.raw("SELECT \(unsafeRaw: OpenIDColumns.refresh) FROM oidc_refresh_tokens WHERE token_hash = \(bind: hash)")
                    .first()
            else { return .unknown }
            let record = try Self.refreshToken(row)
            try await Self.revokeFamily(record.family, now: now, db)
            return .replayed(record)
        }
    }

    public func revokeGrant(family: String, now: Int64, events: ChangeRecord) async throws {
        try await connections.transaction { db in
            try await Self.revokeFamily(family, now: now, db)
            try await Self.insertEvents(try events.rows(), into: db)
        }
    }

    public func refreshTokenGrant(hash: String) async throws -> RefreshTokenGrant? {
        try await connections.with { db in
            try await db.raw("SELECT family, client_id, subject, revoked_at FROM oidc_refresh_tokens WHERE token_hash = \(bind: hash)").first().map {
                RefreshTokenGrant(
                    family: try $0.decode(column: "family", as: String.self), clientID: try $0.decode(column: "client_id", as: String.self),
                    subject: try $0.decode(column: "subject", as: String.self),
                    revoked: try $0.decode(column: "revoked_at", as: Int64?.self) != nil)
            }
        }
    }

    public func accessTokenFamily(id: String) async throws -> String? {
        try await connections.with { db in
            try await db.raw("SELECT family FROM oidc_access_tokens WHERE jti = \(bind: id)").first()?.decode(column: "family", as: String.self)
        }
    }

    public func accessTokenIsLive(id: String, now: Int64) async throws -> Bool {
        try await connections.with { db in
            try await db.raw(
                """
                SELECT 1 AS live FROM oidc_access_tokens a JOIN oidc_grants g ON g.family = a.family
                WHERE a.jti = \(bind: id) AND a.expires_at > \(bind: now) AND g.revoked_at IS NULL
                """
            ).first() != nil
        }
    }

    /// Marks `family` revoked (a row of its own when it had none), which waits for a successor being issued under the
    /// row's lock, then revokes its refresh tokens in a statement that sees that successor.
    static func revokeFamily(_ family: String, now: Int64, _ db: any SQLDatabase) async throws {
        try await db.raw(
            """
            INSERT INTO oidc_grants (family, revoked_at, expires_at) VALUES (\(bind: family), \(bind: now), \(bind: now + GrantIssue.revokedFamilyLifetime))
            ON CONFLICT (family) DO UPDATE SET revoked_at = COALESCE(oidc_grants.revoked_at, EXCLUDED.revoked_at)
            """
        ).run()
        try await db.raw("UPDATE oidc_refresh_tokens SET revoked_at = \(bind: now) WHERE family = \(bind: family) AND revoked_at IS NULL").run()
    }

    static func oidcClient(_ row: any SQLRow) throws -> OIDCClientRecord {
        OIDCClientRecord(
            id: try row.decode(column: "id", as: String.self), name: try row.decode(column: "name", as: String.self),
            secretHash: try row.decode(column: "secret_hash", as: String?.self),
            redirectURIs: OpenIDColumns.uris(fromColumn: try row.decode(column: "redirect_uris", as: String.self)),
            postLogoutRedirectURIs: OpenIDColumns.uris(fromColumn: try row.decode(column: "post_logout_redirect_uris", as: String.self)),
            idTokenAlgorithm: try row.decode(column: "id_token_alg", as: String.self),
            createdAt: try row.decode(column: "created_at", as: Int64.self),
            pkceRequired: OpenIDColumns.pkceRequired(fromColumn: try row.decode(column: "pkce", as: String?.self))
        )
    }

    static func authorizationCode(_ row: any SQLRow) throws -> AuthorizationCodeRecord {
        AuthorizationCodeRecord(
            codeHash: try row.decode(column: "code_hash", as: String.self), clientID: try row.decode(column: "client_id", as: String.self),
            redirectURI: try row.decode(column: "redirect_uri", as: String.self),
            codeChallenge: try row.decode(column: "code_challenge", as: String.self),
            sessionHash: try row.decode(column: "session_hash", as: String.self), subject: try row.decode(column: "subject", as: String.self),
            nonce: try row.decode(column: "nonce", as: String?.self), scope: try row.decode(column: "scope", as: String.self),
            authTime: try row.decode(column: "auth_time", as: Int64.self), authenticationMethods: try row.decode(column: "amr", as: String.self),
            expiresAt: try row.decode(column: "expires_at", as: Int64.self))
    }

    static func refreshToken(_ row: any SQLRow) throws -> RefreshTokenRecord {
        RefreshTokenRecord(
            tokenHash: try row.decode(column: "token_hash", as: String.self), family: try row.decode(column: "family", as: String.self),
            clientID: try row.decode(column: "client_id", as: String.self), sessionHash: try row.decode(column: "session_hash", as: String.self),
            subject: try row.decode(column: "subject", as: String.self), scope: try row.decode(column: "scope", as: String.self),
            authTime: try row.decode(column: "auth_time", as: Int64.self), authenticationMethods: try row.decode(column: "amr", as: String.self),
            expiresAt: try row.decode(column: "expires_at", as: Int64.self))
    }
}
