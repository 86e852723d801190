/// A token bucket per client: `rate` tokens a second on average, `burst` at most, one token per request it limits.
/// ``PasskeyRouteLimits`` holds one for each limit the ceremony endpoints apply.
///
/// ``RateLimiter`` keeps its buckets in this process's memory, so each process allows its clients the full amount. A
/// limiter whose buckets live where several processes see them (`passkeys serve` keeps them in PostgreSQL when its
/// instances share one) holds a client to one budget however it spreads its requests; an app whose route groups run
/// in several processes plugs such a limiter into its ``PasskeyRouteLimits``.
///
/// A limiter may refuse more than its buckets strictly allow (a bucket it cannot keep, a refund it loses), never
/// less: what a client gets is at most `burst` plus `rate` tokens a second, however many processes serve it.
public protocol ClientRateLimiter: Sendable {
    /// Tokens added to each client's bucket per second.
    var rate: Double { get }
    /// The most tokens a bucket holds: how many requests a rested client may send at once.
    var burst: Double { get }

    /// Takes one token from `client`'s bucket; false when it is empty. Throws when the buckets cannot be reached
    /// (`StoreUnavailable`, answered 503 like any request the store cannot serve).
    func allow(_ client: String) async throws -> Bool

    /// Gives back a token ``allow(_:)`` took for `client` (the request turned out not to count), up to `burst`.
    /// Never fails: a refund that cannot be made leaves the client one token short until its bucket refills.
    func refund(_ client: String) async
}
