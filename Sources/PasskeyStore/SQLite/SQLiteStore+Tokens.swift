import GRDB

/// ``TokenStore`` on SQLite: reads on reader connections, writes through the group-committing writer.
extension SQLiteStore {
    public func signingKeys(algorithm: String) async throws -> [SigningKeyRecord] {
        try await read { db in
            try Row.fetchAll(
                db.cachedStatement(sql: "SELECT \(TokenColumns.signingKey) FROM signing_keys WHERE algorithm = ? ORDER BY generation"),
                arguments: [algorithm]
            ).map(Self.signingKey)
        }
    }

    public func insertSigningKey(_ key: SigningKeyRecord) async throws -> Bool {
        try await write { db in
            try db.cachedStatement(
                sql: "INSERT INTO signing_keys (\(TokenColumns.signingKey)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING"
            ).execute(arguments: [
                key.kid, key.algorithm, key.generation, key.privateKey, key.publicJWK, key.createdAt, key.signsFrom, key.signsUntil,
                key.publishedUntil,
            ])
            return db.changesCount > 0
        }
    }

    public func resealSigningKey(kid: String, privateKey: String, replacing old: String) async throws {
        try await write { db in
            try db.execute(sql: "UPDATE signing_keys SET private_key = ? WHERE kid = ? AND private_key = ?", arguments: [privateKey, kid, old])
        }
    }

    public func deleteSigningKeys(publishedBefore time: Int64) async throws {
        try await write { db in try db.execute(sql: "DELETE FROM signing_keys WHERE published_until < ?", arguments: [time]) }
    }

    public func retireSigningKey(
        kid: String, at time: Int64, audit: @escaping @Sendable (SigningKeyRetirement) -> AuditEntry?
    ) async throws
        -> SigningKeyRetirement?
    {
        try await write { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT \(TokenColumns.signingKey) FROM signing_keys WHERE kid = ?", arguments: [kid]) else {
                return nil
            }
            let retired = try Self.signingKey(row)
            try db.execute(sql: "DELETE FROM signing_keys WHERE kid = ?", arguments: [kid])
            var promoted: String?
            if retired.signsFrom <= time && time < retired.signsUntil {
                promoted = try String.fetchOne(
                    db, sql: "SELECT kid FROM signing_keys WHERE algorithm = ? AND generation > ? ORDER BY generation LIMIT 1",
                    arguments: [retired.algorithm, retired.generation])
                if let promoted {
                    try db.execute(sql: "UPDATE signing_keys SET signs_from = ? WHERE kid = ? AND signs_from > ?", arguments: [time, promoted, time])
                }
            }
            let retirement = SigningKeyRetirement(retired: retired, promoted: promoted)
            if let entry = audit(retirement) { try Self.insertAudit(entry, db) }
            return retirement
        }
    }

    public func signingKeyExists(kid: String) async throws -> Bool {
        try await read { db in
            try Bool.fetchOne(db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM signing_keys WHERE kid = ?)"), arguments: [kid]) ?? false
        }
    }

    public func sealedSecrets() async throws -> [String: String] {
        try await read { db in
            Dictionary(
                try Row.fetchAll(db, sql: "SELECT name, value FROM sealed_secrets").map {
                    (try $0.decode(String.self, atIndex: 0), try $0.decode(String.self, atIndex: 1))
                },
                uniquingKeysWith: { first, _ in first })
        }
    }

    public func secretVersions(named name: String) async throws -> [SecretVersionRecord] {
        try await read { db in
            try Row.fetchAll(
                db, sql: "SELECT version, value, active_from FROM secret_versions WHERE name = ? ORDER BY version", arguments: [name]
            ).map {
                SecretVersionRecord(
                    name: name, version: try $0.decode(Int64.self, atIndex: 0), value: try $0.decode(String.self, atIndex: 1),
                    activeFrom: try $0.decode(Int64.self, atIndex: 2))
            }
        }
    }

    public func insertSecretVersion(_ version: SecretVersionRecord, audit: AuditEntry?) async throws -> Bool {
        try await write { db in
            try db.execute(
                sql: "INSERT INTO secret_versions (name, version, value, active_from) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING",
                arguments: [version.name, version.version, version.value, version.activeFrom])
            guard db.changesCount > 0 else { return false }
            if let audit { try Self.insertAudit(audit, db) }
            return true
        }
    }

    public func resealSecretVersion(named name: String, version: Int64, value: String, replacing old: String) async throws {
        try await write { db in
            try db.execute(
                sql: "UPDATE secret_versions SET value = ? WHERE name = ? AND version = ? AND value = ?", arguments: [value, name, version, old])
        }
    }

    public func sealedSecret(named name: String, generate: @Sendable () throws -> String) async throws -> String {
        let candidate = try generate()
        let value = try await write { db -> String? in
            try db.execute(sql: "INSERT INTO sealed_secrets (name, value) VALUES (?, ?) ON CONFLICT DO NOTHING", arguments: [name, candidate])
            return try String.fetchOne(db, sql: "SELECT value FROM sealed_secrets WHERE name = ?", arguments: [name])
        }
        guard let value else { throw SecretMissing(name: name) }
        return value
    }

    public func resealSecret(named name: String, value: String, replacing old: String) async throws {
        try await write { db in
            try db.execute(sql: "UPDATE sealed_secrets SET value = ? WHERE name = ? AND value = ?", arguments: [value, name, old])
        }
    }

    public func insertAPIKey(_ key: APIKeyRecord, audit: AuditEntry?) async throws {
        try await write { db in
            if let audit { try Self.insertAudit(audit, db) }
            try db.execute(
                sql: "INSERT INTO api_keys (\(TokenColumns.apiKey)) VALUES (?, ?, ?, ?, ?, ?, ?)",
                arguments: [key.id, key.name, key.keyHash, key.hint, key.createdAt, key.revokedAt, key.scopesColumn])
        }
    }

    public func apiKey(hash keyHash: String) async throws -> APIKeyRecord? {
        try await read { db in
            try Row.fetchOne(db.cachedStatement(sql: "SELECT \(TokenColumns.apiKey) FROM api_keys WHERE key_hash = ?"), arguments: [keyHash])
                .map(Self.apiKey)
        }
    }

    public func apiKeys() async throws -> [APIKeyRecord] {
        try await read { db in try Row.fetchAll(db, sql: "SELECT \(TokenColumns.apiKey) FROM api_keys ORDER BY created_at, id").map(Self.apiKey) }
    }

    public func revokeAPIKey(id: String, at time: Int64, audit: AuditEntry?) async throws -> Bool {
        try await write { db in
            try db.execute(sql: "UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL", arguments: [time, id])
            guard db.changesCount > 0 else { return false }
            if let audit { try Self.insertAudit(audit, db) }
            return true
        }
    }

    /// ``TokenColumns/signingKey``.
    static func signingKey(_ row: Row) throws -> SigningKeyRecord {
        SigningKeyRecord(
            kid: try row.decode(String.self, atIndex: 0), algorithm: try row.decode(String.self, atIndex: 1),
            generation: try row.decode(Int64.self, atIndex: 2), privateKey: try row.decode(String.self, atIndex: 3),
            publicJWK: try row.decode(String.self, atIndex: 4), createdAt: try row.decode(Int64.self, atIndex: 5),
            signsFrom: try row.decode(Int64.self, atIndex: 6), signsUntil: try row.decode(Int64.self, atIndex: 7),
            publishedUntil: try row.decode(Int64.self, atIndex: 8))
    }

    /// ``TokenColumns/apiKey``.
    static func apiKey(_ row: Row) throws -> APIKeyRecord {
        APIKeyRecord.read(
            id: try row.decode(String.self, atIndex: 0), name: try row.decode(String.self, atIndex: 1),
            keyHash: try row.decode(String.self, atIndex: 2), hint: try row.decode(String.self, atIndex: 3),
            createdAt: try row.decode(Int64.self, atIndex: 4), revokedAt: try row.decode(Int64?.self, atIndex: 5),
            scopes: try row.decode(String?.self, atIndex: 6))
    }
}
