/// How recovery codes may be tried and what a used one gives.
///
/// Every attempt takes a token from the account's bucket (keyed by the username as sent, so names without an account
/// are limited exactly like names with one) and from the client's; a successful attempt gives both back. An 80-bit
/// code cannot be guessed online whatever the limits; they stop a script from trying at all, and the per-account
/// bucket, which an attacker can empty for someone else's name, only delays that account's recovery by minutes.
/// `passkeys serve` and both route groups' recovery routes (`CeremonyEndpoints.recover`) take these. The defaults count
/// in this process's memory, so several processes each allow this much; `passkeys serve` keeps both in PostgreSQL when
/// its instances share one, so they hold for the cluster, and an app running the route groups in several processes can
/// give limiters that count where every process sees them (``ClientRateLimiter``).
public struct RecoveryLimits: Sendable {
    /// Attempts per username.
    public let perAccount: any ClientRateLimiter
    /// Attempts per client (its address, as the server resolves it).
    public let perClient: any ClientRateLimiter
    /// How long a recovery session lasts, in milliseconds (never longer than an ordinary session).
    public let sessionLifetime: Int64

    /// - Parameters:
    ///   - perAccount: by default 5 attempts at once, then one a minute.
    ///   - perClient: by default 10 attempts at once, then one every 30 seconds.
    ///   - sessionLifetime: by default 10 minutes: time to register one passkey.
    public init(
        perAccount: any ClientRateLimiter = RateLimiter(rate: 1.0 / 60, burst: 5),
        perClient: any ClientRateLimiter = RateLimiter(rate: 1.0 / 30, burst: 10),
        sessionLifetime: Int64 = 600_000
    ) {
        self.perAccount = perAccount
        self.perClient = perClient
        self.sessionLifetime = sessionLifetime
    }
}
