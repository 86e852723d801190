import SQLKit

/// ``TokenStore`` on PostgreSQL: each method one statement (the sealed secret two, on one connection).
extension PostgresStore {
    public func signingKeys(algorithm: String) async throws -> [SigningKeyRecord] {
        try await connections.with { db in
            try await db.raw(
                "SELECT \(unsafeRaw: TokenColumns.signingKey) FROM signing_keys WHERE algorithm = \(bind: algorithm) ORDER BY generation"
            ).all().map(Self.signingKey)
        }
    }

    public func insertSigningKey(_ key: SigningKeyRecord) async throws -> Bool {
        try await connections.with { db in
            let rows = try await db.raw(
                """
                INSERT INTO signing_keys (\(unsafeRaw: TokenColumns.signingKey))
                VALUES (\(bind: key.kid), \(bind: key.algorithm), \(bind: key.generation), \(bind: key.privateKey), \(bind: key.publicJWK),
                        \(bind: key.createdAt), \(bind: key.signsFrom), \(bind: key.signsUntil), \(bind: key.publishedUntil))
                ON CONFLICT DO NOTHING RETURNING kid
                """
            ).all()
            return !rows.isEmpty
        }
    }

    public func resealSigningKey(kid: String, privateKey: String, replacing old: String) async throws {
        try await connections.with { db in
            try await db.raw(
                "UPDATE signing_keys SET private_key = \(bind: privateKey) WHERE kid = \(bind: kid) AND private_key = \(bind: old)"
            ).run()
        }
    }

    public func deleteSigningKeys(publishedBefore time: Int64) async throws {
        try await connections.with { db in try await db.raw("DELETE FROM signing_keys WHERE published_until < \(bind: time)").run() }
    }

    public func retireSigningKey(
        kid: String, at time: Int64, audit: @escaping @Sendable (SigningKeyRetirement) -> AuditEntry?
    ) async throws
        -> SigningKeyRetirement?
    {
        try await connections.transaction { db in
            // Locked, so two retirements of one key take turns and the second finds none.
            guard
                let row = try await db.raw(
                    "SELECT \(unsafeRaw: TokenColumns.signingKey) FROM signing_keys WHERE kid = \(bind: kid) FOR UPDATE"
                ).first()
            else { return nil }
            let retired = try Self.signingKey(row)
            try await db.raw("DELETE FROM signing_keys WHERE kid = \(bind: kid)").run()
            var promoted: String?
            if retired.signsFrom <= time && time < retired.signsUntil {
                promoted = try await db.raw(
                    """
                    SELECT kid FROM signing_keys WHERE algorithm = \(bind: retired.algorithm) AND generation > \(bind: retired.generation)
                    ORDER BY generation LIMIT 1 FOR UPDATE
                    """
                ).first()?.decode(column: "kid", as: String.self)
                if let promoted {
                    try await db.raw(
                        "UPDATE signing_keys SET signs_from = \(bind: time) WHERE kid = \(bind: promoted) AND signs_from > \(bind: time)"
                    ).run()
                }
            }
            let retirement = SigningKeyRetirement(retired: retired, promoted: promoted)
            try await Self.insertAudit(audit(retirement), into: db)
            return retirement
        }
    }

    public func signingKeyExists(kid: String) async throws -> Bool {
        try await connections.with { db in
            try await db.raw("SELECT 1 AS found FROM signing_keys WHERE kid = \(bind: kid)").first() != nil
        }
    }

    public func sealedSecrets() async throws -> [String: String] {
        try await connections.with { db in
            Dictionary(
                try await db.raw("SELECT name, value FROM sealed_secrets").all().map {
                    (try $0.decode(column: "name", as: String.self), try $0.decode(column: "value", as: String.self))
                }, uniquingKeysWith: { first, _ in first })
        }
    }

    public func secretVersions(named name: String) async throws -> [SecretVersionRecord] {
        try await connections.with { db in
            try await db.raw("SELECT version, value, active_from FROM secret_versions WHERE name = \(bind: name) ORDER BY version").all().map {
                SecretVersionRecord(
                    name: name, version: try $0.decode(column: "version", as: Int64.self), value: try $0.decode(column: "value", as: String.self),
                    activeFrom: try $0.decode(column: "active_from", as: Int64.self))
            }
        }
    }

    public func insertSecretVersion(_ version: SecretVersionRecord, audit: AuditEntry?) async throws -> Bool {
        try await connections.transaction { db in
            let rows = try await db.raw(
                """
                INSERT INTO secret_versions (name, version, value, active_from)
                VALUES (\(bind: version.name), \(bind: version.version), \(bind: version.value), \(bind: version.activeFrom))
                ON CONFLICT DO NOTHING RETURNING version
                """
            ).all()
            guard !rows.isEmpty else { return false }
            try await Self.insertAudit(audit, into: db)
            return true
        }
    }

    public func resealSecretVersion(named name: String, version: Int64, value: String, replacing old: String) async throws {
        try await connections.with { db in
            try await db.raw(
                """
                UPDATE secret_versions SET value = \(bind: value)
                WHERE name = \(bind: name) AND version = \(bind: version) AND value = \(bind: old)
                """
            ).run()
        }
    }

    public func sealedSecret(named name: String, generate: @Sendable () throws -> String) async throws -> String {
        let candidate = try generate()
        return try await connections.with { db in
            // Instances starting together may both generate one; the first insert wins and every instance reads it.
            try await db.raw("INSERT INTO sealed_secrets (name, value) VALUES (\(bind: name), \(bind: candidate)) ON CONFLICT DO NOTHING").run()
            guard let row = try await db.raw("SELECT value FROM sealed_secrets WHERE name = \(bind: name)").first() else {
                throw SecretMissing(name: name)
            }
            return try row.decode(column: "value", as: String.self)
        }
    }

    public func resealSecret(named name: String, value: String, replacing old: String) async throws {
        try await connections.with { db in
            try await db.raw("UPDATE sealed_secrets SET value = \(bind: value) WHERE name = \(bind: name) AND value = \(bind: old)").run()
        }
    }

    public func insertAPIKey(_ key: APIKeyRecord, audit: AuditEntry?) async throws {
        try await connections.transaction { db in
            try await Self.insertAudit(audit, into: db)
            try await db.raw(
                """
                INSERT INTO api_keys (\(unsafeRaw: TokenColumns.apiKey))
                VALUES (\(bind: key.id), \(bind: key.name), \(bind: key.keyHash), \(bind: key.hint), \(bind: key.createdAt), \(bind: key.revokedAt),
                    \(bind: key.scopesColumn))
                """
            ).run()
        }
    }

    public func apiKey(hash keyHash: String) async throws -> APIKeyRecord? {
        try await connections.with { db in
            try await db.raw("SELECT \(unsafeRaw: TokenColumns.apiKey) FROM api_keys WHERE key_hash = \(bind: keyHash)").first().map(Self.apiKey)
        }
    }

    public func apiKeys() async throws -> [APIKeyRecord] {
        try await connections.with { db in
            try await db.raw("SELECT \(unsafeRaw: TokenColumns.apiKey) FROM api_keys ORDER BY created_at, id").all().map(Self.apiKey)
        }
    }

    public func revokeAPIKey(id: String, at time: Int64, audit: AuditEntry?) async throws -> Bool {
        try await connections.transaction { db in
            let rows = try await db.raw(
                "UPDATE api_keys SET revoked_at = \(bind: time) WHERE id = \(bind: id) AND revoked_at IS NULL RETURNING id"
            ).all()
            guard !rows.isEmpty else { return false }
            try await Self.insertAudit(audit, into: db)
            return true
        }
    }

    static func signingKey(_ row: any SQLRow) throws -> SigningKeyRecord {
        SigningKeyRecord(
            kid: try row.decode(column: "kid", as: String.self), algorithm: try row.decode(column: "algorithm", as: String.self),
            generation: try row.decode(column: "generation", as: Int64.self), privateKey: try row.decode(column: "private_key", as: String.self),
            publicJWK: try row.decode(column: "public_jwk", as: String.self), createdAt: try row.decode(column: "created_at", as: Int64.self),
            signsFrom: try row.decode(column: "signs_from", as: Int64.self), signsUntil: try row.decode(column: "signs_until", as: Int64.self),
            publishedUntil: try row.decode(column: "published_until", as: Int64.self))
    }

    static func apiKey(_ row: any SQLRow) throws -> APIKeyRecord {
        APIKeyRecord.read(
            id: try row.decode(column: "id", as: String.self), name: try row.decode(column: "name", as: String.self),
            keyHash: try row.decode(column: "key_hash", as: String.self), hint: try row.decode(column: "hint", as: String.self),
            createdAt: try row.decode(column: "created_at", as: Int64.self), revokedAt: try row.decode(column: "revoked_at", as: Int64?.self),
            scopes: try row.decode(column: "scopes", as: String?.self))
    }
}
