import PasskeyRelyingParty
import PostgresNIO

// The statements of the limits every instance shares, prepared once per connection like the ceremony's:
// a limited request runs one of them.

/// Refills a client's bucket of one budget and takes up to `want` whole tokens from it, in one statement: an upsert on
/// `rate_buckets` (a new client's bucket starts full), so concurrent requests for one client queue on its row's lock
/// and none can take a token another took. Tokens given back (``credit``) are added before the take, up to the burst.
///
/// Time is the database's (`statement_timestamp()`, fixed for the statement), so instances whose clocks differ still
/// refill one bucket alike. The row keeps `full_at`, when the bucket will have refilled completely, for the purge: a
/// full bucket is the same as none. A bucket refilling slower than a token a day is kept a day at most.
///
/// The row that comes back: how many tokens were taken, and when none were, the seconds until one will be there.
struct TakeTokensStatement: PostgresPreparedStatement {
    static let name = "passkeys_take_tokens"
    /// The bucket refilled to now: the stored tokens, plus `rate` per second since the last update, plus the credit,
    /// at most the burst. `b` is the stored row, `excluded` the one proposed (its `updated_at` is now).
    private static let refilled = "LEAST($4, b.tokens + GREATEST(0, excluded.updated_at - b.updated_at) * $3 + $5)"
    /// The whole tokens taken from the refilled bucket: `want`, or as many as there are.
    private static let taken = "LEAST($6, floor(\(refilled)))"
    static let sql = """
        INSERT INTO rate_buckets AS b (budget, client, tokens, updated_at, full_at, granted)
        SELECT $1, $2, $4 - LEAST($6, floor($4)), now.t, now.t + LEAST(LEAST($6, floor($4)) / $3, \(maximumKeep)), LEAST($6, floor($4))
        FROM (SELECT extract(epoch FROM statement_timestamp())::float8 AS t) AS now
        ON CONFLICT (budget, client) DO UPDATE SET
            tokens = \(refilled) - \(taken),
            granted = \(taken),
            updated_at = excluded.updated_at,
            full_at = excluded.updated_at + LEAST(($4 - \(refilled) + \(taken)) / $3, \(maximumKeep))
        RETURNING granted, CASE WHEN granted > 0 THEN 0 ELSE (1 - tokens) / $3 END
        """
    static let bindingDataTypes: [PostgresDataType] = [.text, .text, .float8, .float8, .float8, .float8]
    /// The longest a bucket is kept after its last use, in seconds, however slowly it refills.
    static let maximumKeep = 86_400
    typealias Row = (granted: Double, wait: Double)

    /// Which limit the bucket belongs to (`options`, `recovery-name`, …).
    let budget: String
    /// The client's key, at most ``SharedLimitKey/maximumLength`` bytes.
    let client: String
    /// Tokens per second; more than zero.
    let rate: Double
    /// The most tokens the bucket holds; at least one.
    let burst: Double
    /// Tokens given back since this instance last wrote the bucket.
    let credit: Double
    /// The most tokens to take; at least one.
    let want: Double

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 6)
        bindings.append(budget)
        bindings.append(client)
        bindings.append(rate)
        bindings.append(burst)
        bindings.append(credit)
        bindings.append(want)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Row {
        let (granted, wait) = try row.decode((Double, Double).self)
        return (granted, wait)
    }
}

/// Counts a ceremony just stored for its client (``PostgresCeremonyQuota``) and, in the same statement, removes the
/// client's live ceremonies beyond the newest `perClient - 1` from the quota and from `ceremonies`, so the new one makes
/// `perClient`. The statement's snapshot does not see its own insert, hence the offset of one less. Newest is the
/// order of recording (`seq`), not of expiry: ceremonies begun in one millisecond expire in the same one.
struct RecordQuotaCeremonyStatement: PostgresPreparedStatement {
    static let name = "passkeys_record_quota_ceremony"
    static let sql = """
        WITH excess AS (
            DELETE FROM ceremony_quota WHERE challenge IN (
                SELECT challenge FROM ceremony_quota WHERE client = $1 AND expires_at > $5 ORDER BY seq DESC OFFSET $6)
            RETURNING challenge, kind),
        dropped AS (DELETE FROM ceremonies c USING excess e WHERE c.challenge = e.challenge AND c.kind = e.kind RETURNING c.challenge)
        INSERT INTO ceremony_quota (client, challenge, kind, expires_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING
        """
    static let bindingDataTypes: [PostgresDataType] = [.text, .text, .text, .int8, .int8, .int8]
    typealias Row = ()

    /// The client's key, at most ``SharedLimitKey/maximumLength`` bytes.
    let client: String
    let ceremony: CountedCeremony
    let now: Int64
    let perClient: Int

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 6)
        bindings.append(client)
        bindings.append(ceremony.challenge)
        bindings.append(ceremony.kind.rawValue)
        bindings.append(ceremony.expiresAt)
        bindings.append(now)
        bindings.append(Int64(max(0, perClient - 1)))
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws {}
}
