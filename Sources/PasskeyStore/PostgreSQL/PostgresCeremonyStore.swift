import PasskeyCore
import PasskeyRelyingParty
import SQLKit

/// Pending ceremonies in PostgreSQL's `ceremonies` table, shared by every instance on the database. The accounts are
/// in the same database, so a sign-in's claim also reads its credential (``CredentialReadingCeremonyStore``), a sign-in
/// begun by name reads its account as its ceremony is stored (``AccountReadingCeremonyStore``), and a new account's
/// ceremony is stored only while its name is free (``NameCheckingCeremonyStore``), each in one statement.
struct PostgresCeremonyStore: CredentialReadingCeremonyStore, NameCheckingCeremonyStore, AccountReadingCeremonyStore {
    let connections: PostgresConnections

    func insert(_ c: PendingCeremony, now: Int64) async throws {
        _ = try await connections.execute(InsertCeremonyStatement(ceremony: c))
    }

    func insertIfNameFree(_ c: PendingCeremony, name: String, key: UsernameKey, now: Int64) async throws -> Bool {
        !(try await connections.execute(InsertCeremonyIfNameFreeStatement(ceremony: c, username: name, key: key))).isEmpty
    }

    func insertAuthentication(
        _ c: PendingCeremony, readingAccountNamed name: String, key: UsernameKey, now: Int64
    ) async throws
        -> (user: UserRecord, credentials: [CredentialRecord])?
    {
        PostgresRows.grouped(try await connections.execute(InsertAuthenticationReadingAccountStatement(ceremony: c, username: name, key: key)))
            .map { (user: $0.0, credentials: $0.1) }
    }

    func take(challenge: String, kind: PendingCeremony.Kind, now: Int64) async throws -> PendingCeremony? {
        // One statement claims and removes the row (``TakeCeremonyStatement``), whichever instance finishes it.
        guard let ceremony = try await connections.execute(TakeCeremonyStatement(challenge: challenge, kind: kind)).first else { return nil }
        return ceremony.expiresAt > now ? ceremony : nil
    }

    func takeAuthentication(challenge: String, credentialID: [UInt8], now: Int64) async throws -> ClaimedAuthentication<UserRecord>? {
        let statement = TakeAuthenticationStatement(challenge: challenge, credentialID: Base64URL.encode(credentialID))
        guard let claimed = try await connections.execute(statement).first else { return nil }
        return claimed.ceremony.expiresAt > now ? claimed : nil
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
