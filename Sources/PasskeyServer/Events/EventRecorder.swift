import PasskeyCore
import Synchronization

/// What the relying party needs to raise events: the endpoints each event is written for, the key that names
/// sessions (``SessionIdentifiers``, read once from the database's secrets), the failure counts of `--webhook-failures`,
/// and a way to wake the delivery at once when a change committed.
public final class EventRecorder: Sendable {
    /// The endpoints' keys in the outbox (their URLs).
    let endpoints: [String]
    /// Counts attacker-driven failures per minute; nil unless `--webhook-failures`.
    let failures: FailureCounter?
    private let identifiers = Mutex<SessionIdentifiers?>(nil)
    private let wakers = Mutex<[Wakeup]>([])

    public init(configuration: WebhookConfiguration) {
        endpoints = configuration.endpointKeys
        failures = configuration.reportFailures ? FailureCounter() : nil
    }

    /// The session-naming key: the session tokens' own (``use(_:)``, so an event's session `id` is the `sid` of the
    /// tokens that session gets), else read the same way from the database's sealed secrets, so every instance names a
    /// session alike.
    func sessionIdentifiers(_ store: any Store) async throws -> SessionIdentifiers {
        if let ready = identifiers.withLock({ $0 }) { return ready }
        guard let tokenStore = store as? any TokenStore else { throw SessionIdentifierInvalid() }
        let made = try await SessionIdentifiers.load(from: tokenStore, sealer: SecretSealer(key: nil))
        identifiers.withLock { $0 = made }
        return made
    }

    /// Names sessions with `identifiers`: `passkeys serve` passes its session tokens' (opened under the configured
    /// key-encryption key) before it serves.
    func use(_ identifiers: SessionIdentifiers) { self.identifiers.withLock { $0 = identifiers } }

    /// Wakes `wakeup` whenever a change with events commits (``committed()``).
    func register(_ wakeup: Wakeup) { wakers.withLock { $0.append(wakeup) } }

    /// A change with events committed: the delivery looks for them now instead of at its next poll.
    func committed() {
        for wakeup in wakers.withLock({ $0 }) { wakeup.signal() }
    }
}
