/// Where the relying party reports ceremony outcomes; the HTTP layer exports them as Prometheus counters.
public protocol CeremonyMetrics: Sendable {
    func begun(_ kind: PendingCeremony.Kind)
    func succeeded(_ kind: PendingCeremony.Kind)
    func failed(_ kind: PendingCeremony.Kind, code: String)
}

struct NoMetrics: CeremonyMetrics {
    func begun(_ kind: PendingCeremony.Kind) {}
    func succeeded(_ kind: PendingCeremony.Kind) {}
    func failed(_ kind: PendingCeremony.Kind, code: String) {}
}
