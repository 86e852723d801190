import PasskeyRelyingParty
import SQLKit

/// A ``ClientCeremonyQuota`` kept in PostgreSQL's unlogged `ceremony_quota` table beside the `ceremonies` it counts, so
/// a client keeps at most ``perClient`` ceremonies waiting whichever instances began them.
///
/// Recording a ceremony is one statement (``RecordQuotaCeremonyStatement``), which also removes the client's own
/// oldest beyond the quota from `ceremonies`; the endpoints have nothing left to take out. Requests of one client
/// begun at the same moment on several instances each see the others' rows only once committed, so the quota can be
/// passed by the requests in flight at once, never more. Rows live until their ceremony expires (a finished ceremony
/// stays counted until then, as in memory) and the ExpiryPurger removes them.
struct PostgresCeremonyQuota: ClientCeremonyQuota {
    let connections: PostgresConnections
    let perClient: Int

    func record(_ ceremony: CountedCeremony, for client: String, now: Int64) async throws -> [CountedCeremony] {
        _ = try await connections.execute(
            RecordQuotaCeremonyStatement(client: SharedLimitKey.bounded(client), ceremony: ceremony, now: now, perClient: perClient))
        return []
    }

    /// Only a store with a capacity fills up, which `ceremonies` on PostgreSQL has not; answered all the same, with one
    /// pass over the live rows.
    func takeFromLargestHolder(now: Int64) async throws -> CountedCeremony? {
        try await connections.with { db in
            let row = try await db.raw(
                """
                DELETE FROM ceremony_quota WHERE challenge = (
                    SELECT challenge FROM ceremony_quota WHERE expires_at > \(bind: now) AND client = (
                        SELECT client FROM ceremony_quota WHERE expires_at > \(bind: now)
                        GROUP BY client ORDER BY count(*) DESC, max(seq) DESC LIMIT 1)
                    ORDER BY seq LIMIT 1)
                RETURNING challenge, kind, expires_at
                """
            ).first()
            guard let row else { return nil }
            guard let kind = PendingCeremony.Kind(rawValue: try row.decode(column: "kind", as: String.self)) else { return nil }
            return CountedCeremony(
                challenge: try row.decode(column: "challenge", as: String.self), kind: kind,
                expiresAt: try row.decode(column: "expires_at", as: Int64.self))
        }
    }
}
