import GRDB

/// ``OpenIDStore`` on SQLite: reads on reader connections; each single use is one write transaction.
extension SQLiteStore {
    public func insertOIDCClient(_ client: OIDCClientRecord, audit: AuditEntry?) async throws {
        try await write { db in
            if let audit { try Self.insertAudit(audit, db) }
            try db.execute(
                sql: "INSERT INTO oidc_clients (\(OpenIDColumns.client)) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                arguments: [
                    client.id, client.name, client.secretHash, OpenIDColumns.uris(client.redirectURIs),
                    OpenIDColumns.uris(client.postLogoutRedirectURIs),
                    client.idTokenAlgorithm, client.createdAt, OpenIDColumns.pkce(client.pkceRequired),
                ])
        }
    }

    public func oidcClient(id: String) async throws -> OIDCClientRecord? {
        try await read { db in
            try Row.fetchOne(db.cachedStatement(sql: "SELECT \(OpenIDColumns.client) FROM oidc_clients WHERE id = ?"), arguments: [id])
                .map(Self.oidcClient)
        }
    }

    public func oidcClients() async throws -> [OIDCClientRecord] {
        try await read { db in
            try Row.fetchAll(db, sql: "SELECT \(OpenIDColumns.client) FROM oidc_clients ORDER BY created_at, id").map(Self.oidcClient)
        }
    }

    public func updateOIDCClient(_ client: OIDCClientRecord, audit: AuditEntry?) async throws -> Bool {
        try await write { db in
            try db.execute(
                sql: """
                    UPDATE oidc_clients SET name = ?, secret_hash = ?, redirect_uris = ?, post_logout_redirect_uris = ?, id_token_alg = ?,
                        pkce = ?
                    WHERE id = ?
                    """,
                arguments: [
                    client.name, client.secretHash, OpenIDColumns.uris(client.redirectURIs), OpenIDColumns.uris(client.postLogoutRedirectURIs),
                    client.idTokenAlgorithm, OpenIDColumns.pkce(client.pkceRequired), client.id,
                ])
            guard db.changesCount > 0 else { return false }
            if let audit { try Self.insertAudit(audit, db) }
            return true
        }
    }

    public func deleteOIDCClient(id: String, audit: AuditEntry?) async throws -> Bool {
        try await write { db in
            try db.execute(sql: "DELETE FROM oidc_clients WHERE id = ?", arguments: [id])
            let deleted = db.changesCount > 0
            try db.execute(sql: "DELETE FROM oidc_codes WHERE client_id = ?", arguments: [id])
            try db.execute(sql: "DELETE FROM oidc_refresh_tokens WHERE client_id = ?", arguments: [id])
            if deleted, let audit { try Self.insertAudit(audit, db) }
            return deleted
        }
    }

    public func insertAuthorizationCode(_ code: AuthorizationCodeRecord) async throws {
        try await write { db in
            try db.execute(
                sql: "INSERT INTO oidc_codes (\(OpenIDColumns.code)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL)",
                arguments: [
                    code.codeHash, code.clientID, code.redirectURI, code.codeChallenge, code.sessionHash, code.subject, code.nonce, code.scope,
                    code.authTime, code.authenticationMethods, code.expiresAt,
                ])
        }
    }

    public func useAuthorizationCode(hash: String, now: Int64) async throws -> SingleUse<AuthorizationCodeRecord> {
        try await write { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT \(OpenIDColumns.code) FROM oidc_codes WHERE code_hash = ?", arguments: [hash]) else {
                return .unknown
            }
            let record = try Self.authorizationCode(row)
            guard try row.decode(Int64?.self, atIndex: 11) == nil else { return .replayed(record) }
            try db.execute(sql: "UPDATE oidc_codes SET used_at = ? WHERE code_hash = ?", arguments: [now, hash])
            return .first(record)
        }
    }

    public func issueGrant(_ issue: GrantIssue) async throws -> Bool {
        // SQLite runs one write transaction at a time, so the family's row read here cannot be revoked before the
        // successor is stored (revokeGrant is a write transaction too).
        try await write { db in
            let token = issue.refreshToken
            if let row = try Row.fetchOne(db, sql: "SELECT revoked_at FROM oidc_grants WHERE family = ?", arguments: [token.family]),
                try row.decode(Int64?.self, atIndex: 0) != nil
            {
                return false
            }
            try db.execute(
                sql: """
                    INSERT INTO oidc_grants (family, revoked_at, expires_at) VALUES (?, NULL, ?)
                    ON CONFLICT (family) DO UPDATE SET expires_at = MAX(oidc_grants.expires_at, excluded.expires_at)
                    """, arguments: [token.family, issue.familyExpiresAt])
            try db.execute(
                sql: "INSERT INTO oidc_refresh_tokens (\(OpenIDColumns.refresh)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, NULL)",
                arguments: [
                    token.tokenHash, token.family, token.clientID, token.sessionHash, token.subject, token.scope, token.authTime,
                    token.authenticationMethods, token.expiresAt,
                ])
            try db.execute(
                sql: "INSERT INTO oidc_access_tokens (jti, family, expires_at) VALUES (?, ?, ?)",
                arguments: [issue.accessTokenID, token.family, issue.accessTokenExpiresAt])
            return true
        }
    }

    public func useRefreshToken(hash: String, now: Int64) async throws -> SingleUse<RefreshTokenRecord> {
        try await write { db in
            guard
                let row = try Row.fetchOne(
                    db, sql: "SELECT \(OpenIDColumns.refresh) FROM oidc_refresh_tokens WHERE token_hash = ?", arguments: [hash])
            else { return .unknown }
            let record = try Self.refreshToken(row)
            if try row.decode(Int64?.self, atIndex: 9) != nil || row.decode(Int64?.self, atIndex: 10) != nil {
                try Self.revokeFamily(record.family, now: now, db)
                return .replayed(record)
            }
            try db.execute(sql: "UPDATE oidc_refresh_tokens SET used_at = ? WHERE token_hash = ?", arguments: [now, hash])
            return .first(record)
        }
    }

    public func revokeGrant(family: String, now: Int64, events: ChangeRecord) async throws {
        try await write { db in
            try Self.revokeFamily(family, now: now, db)
            try Self.insertEvents(try events.rows(), db)
        }
    }

    public func refreshTokenGrant(hash: String) async throws -> RefreshTokenGrant? {
        try await read { db in
            try Row.fetchOne(
                db, sql: "SELECT family, client_id, subject, revoked_at FROM oidc_refresh_tokens WHERE token_hash = ?", arguments: [hash]
            ).map {
                RefreshTokenGrant(
                    family: try $0.decode(String.self, atIndex: 0), clientID: try $0.decode(String.self, atIndex: 1),
                    subject: try $0.decode(String.self, atIndex: 2), revoked: try $0.decode(Int64?.self, atIndex: 3) != nil)
            }
        }
    }

    public func accessTokenFamily(id: String) async throws -> String? {
        try await read { db in try String.fetchOne(db, sql: "SELECT family FROM oidc_access_tokens WHERE jti = ?", arguments: [id]) }
    }

    public func accessTokenIsLive(id: String, now: Int64) async throws -> Bool {
        try await read { db in
            try Row.fetchOne(
                db,
                sql: """
                    SELECT 1 FROM oidc_access_tokens a JOIN oidc_grants g ON g.family = a.family
                    WHERE a.jti = ? AND a.expires_at > ? AND g.revoked_at IS NULL
                    """, arguments: [id, now]) != nil
        }
    }

    /// Marks `family` revoked (a row of its own when it had none) and revokes its refresh tokens.
    static func revokeFamily(_ family: String, now: Int64, _ db: Database) throws {
        try db.execute(
            sql: """
                INSERT INTO oidc_grants (family, revoked_at, expires_at) VALUES (?, ?, ?)
                ON CONFLICT (family) DO UPDATE SET revoked_at = COALESCE(oidc_grants.revoked_at, excluded.revoked_at)
                """, arguments: [family, now, now + GrantIssue.revokedFamilyLifetime])
        try db.execute(sql: "UPDATE oidc_refresh_tokens SET revoked_at = ? WHERE family = ? AND revoked_at IS NULL", arguments: [now, family])
    }

    /// ``OpenIDColumns/client``.
    static func oidcClient(_ row: Row) throws -> OIDCClientRecord {
        OIDCClientRecord(
            id: try row.decode(String.self, atIndex: 0), name: try row.decode(String.self, atIndex: 1),
            secretHash: try row.decode(String?.self, atIndex: 2),
            redirectURIs: OpenIDColumns.uris(fromColumn: try row.decode(String.self, atIndex: 3)),
            postLogoutRedirectURIs: OpenIDColumns.uris(fromColumn: try row.decode(String.self, atIndex: 4)),
            idTokenAlgorithm: try row.decode(String.self, atIndex: 5), createdAt: try row.decode(Int64.self, atIndex: 6),
            pkceRequired: OpenIDColumns.pkceRequired(fromColumn: try row.decode(String?.self, atIndex: 7)))
    }

    /// ``OpenIDColumns/code``.
    static func authorizationCode(_ row: Row) throws -> AuthorizationCodeRecord {
        AuthorizationCodeRecord(
            codeHash: try row.decode(String.self, atIndex: 0), clientID: try row.decode(String.self, atIndex: 1),
            redirectURI: try row.decode(String.self, atIndex: 2), codeChallenge: try row.decode(String.self, atIndex: 3),
            sessionHash: try row.decode(String.self, atIndex: 4), subject: try row.decode(String.self, atIndex: 5),
            nonce: try row.decode(String?.self, atIndex: 6), scope: try row.decode(String.self, atIndex: 7),
            authTime: try row.decode(Int64.self, atIndex: 8), authenticationMethods: try row.decode(String.self, atIndex: 9),
            expiresAt: try row.decode(Int64.self, atIndex: 10))
    }

    /// ``OpenIDColumns/refresh``.
    static func refreshToken(_ row: Row) throws -> RefreshTokenRecord {
        RefreshTokenRecord(
            tokenHash: try row.decode(String.self, atIndex: 0), family: try row.decode(String.self, atIndex: 1),
            clientID: try row.decode(String.self, atIndex: 2), sessionHash: try row.decode(String.self, atIndex: 3),
            subject: try row.decode(String.self, atIndex: 4), scope: try row.decode(String.self, atIndex: 5),
            authTime: try row.decode(Int64.self, atIndex: 6), authenticationMethods: try row.decode(String.self, atIndex: 7),
            expiresAt: try row.decode(Int64.self, atIndex: 8))
    }
}
