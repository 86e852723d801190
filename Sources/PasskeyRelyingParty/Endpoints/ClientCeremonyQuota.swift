/// Where each client's begun ceremonies are counted, so that one client keeps at most ``perClient`` waiting: beginning
/// one more drops the client's own oldest, never anyone else's (``PasskeyRouteLimits/ceremonyQuota``).
///
/// The route groups count in this process's memory by default, so each process lets a client keep ``perClient``
/// waiting; `passkeys serve` counts in PostgreSQL when its instances share one, so a client has one quota however it
/// spreads its requests.
public protocol ClientCeremonyQuota: Sendable {
    /// The most begun ceremonies one client keeps waiting at once.
    var perClient: Int { get }

    /// Counts `ceremony`, just stored, for `client`; returns the client's ceremonies beyond ``perClient``, oldest first,
    /// for the caller to take out of its ceremony store (a quota that removes them from the store itself returns none).
    func record(_ ceremony: CountedCeremony, for client: String, now: Int64) async throws -> [CountedCeremony]

    /// Stops counting the oldest ceremony of the client holding the most and returns it, for the caller to take out of
    /// a full ceremony store; among clients holding as many, the one that began a ceremony last. Nil when nobody holds
    /// any.
    func takeFromLargestHolder(now: Int64) async throws -> CountedCeremony?
}

/// A begun ceremony as a ``ClientCeremonyQuota`` counts it: enough to take it out of the ceremony store.
public struct CountedCeremony: Sendable, Equatable {
    /// The ceremony's challenge, base64url, as the store keys it.
    public let challenge: String
    /// Which ceremony it is.
    public let kind: PendingCeremony.Kind
    /// When it expires, in milliseconds since 1970; an expired one is no longer counted.
    public let expiresAt: Int64

    /// A ceremony counted by its store key (`challenge`, `kind`) and its expiry, as a quota that keeps them reads it back.
    public init(challenge: String, kind: PendingCeremony.Kind, expiresAt: Int64) {
        self.challenge = challenge
        self.kind = kind
        self.expiresAt = expiresAt
    }

    /// The ceremony `pending` is counted as.
    public init(_ pending: PendingCeremony) {
        self.init(challenge: pending.challenge, kind: pending.kind, expiresAt: pending.expiresAt)
    }
}
