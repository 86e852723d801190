import PasskeyCore
import SQLKit

/// Pending ceremonies in PostgreSQL's `ceremonies` table, shared by every instance on the database.
struct PostgresCeremonyStore: CeremonyStore {
    let connections: PostgresConnections

    func insert(_ c: PendingCeremony, now: Int64) async throws {
        try await connections.with { db in
            try await db.raw("""
                INSERT INTO ceremonies (challenge, kind, user_handle, username, display_name, require_uv, expires_at, session_hash)
                VALUES (\(bind: c.challenge), \(bind: c.kind.rawValue), \(bind: c.userHandle.map { Base64URL.encode($0) }), \(bind: c.username),
                        \(bind: c.displayName), \(bind: c.requireUserVerification ? 1 : 0), \(bind: c.expiresAt), \(bind: c.sessionHash))
                """).run()
        }
    }

    func take(challenge: String, kind: PendingCeremony.Kind, now: Int64) async throws -> PendingCeremony? {
        try await connections.with { db in
            // One statement: the row is claimed and removed atomically, so a challenge is used at most once, whichever
            // instance finishes it.
            let row = try await db.raw("""
                DELETE FROM ceremonies WHERE challenge = \(bind: challenge) AND kind = \(bind: kind.rawValue)
                RETURNING challenge, kind, user_handle, username, display_name, require_uv, expires_at, session_hash
                """).first()
            guard let row else { return nil }
            let ceremony = PendingCeremony(
                challenge: try row.decode(column: "challenge", as: String.self), kind: kind,
                userHandle: try row.decode(column: "user_handle", as: String?.self).map { try Base64URL.decode($0) },
                username: try row.decode(column: "username", as: String?.self),
                displayName: try row.decode(column: "display_name", as: String?.self),
                requireUserVerification: try row.decode(column: "require_uv", as: Int64.self) != 0,
                expiresAt: try row.decode(column: "expires_at", as: Int64.self),
                sessionHash: try row.decode(column: "session_hash", as: String?.self))
            return ceremony.expiresAt > now ? ceremony : nil
        }
    }

    /// ``PostgresStore/deleteAccount(userHandle:)`` removes them in its own transaction.
    func removeAll(userHandle: [UInt8]) async throws {
        try await connections.with { db in
            try await db.raw("DELETE FROM ceremonies WHERE user_handle = \(bind: Base64URL.encode(userHandle))").run()
        }
    }

    func purgeExpired(now: Int64) async throws {
        try await connections.with { db in try await db.raw("DELETE FROM ceremonies WHERE expires_at <= \(bind: now)").run() }
    }
}
