/// Where the ceremony endpoints report outcomes (`passkeys serve` exports them as Prometheus counters): each
/// ceremony begun, each one that succeeded, and each refusal under its real cause (``RelyingPartyError/metricCode``,
/// which may be more precise than the code the client is shown).
public protocol CeremonyMetrics: Sendable {
    /// A ceremony of `kind` was begun (its options were answered).
    func begun(_ kind: PendingCeremony.Kind)
    /// A ceremony of `kind` finished and its result was stored.
    func succeeded(_ kind: PendingCeremony.Kind)
    /// A ceremony of `kind` was refused at its finish, for `code`.
    func failed(_ kind: PendingCeremony.Kind, code: String)
}

/// Metrics that go nowhere: the endpoints' default.
struct NoCeremonyMetrics: CeremonyMetrics {
    func begun(_ kind: PendingCeremony.Kind) {}
    func succeeded(_ kind: PendingCeremony.Kind) {}
    func failed(_ kind: PendingCeremony.Kind, code: String) {}
}
