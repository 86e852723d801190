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

    /// The session-naming key, made once for the deployment and kept in the database's secrets, so every instance
    /// names a session alike.
    func sessionIdentifiers(_ store: any Store) async throws -> SessionIdentifiers {
        if let ready = identifiers.withLock({ $0 }) { return ready }
        let made = SessionIdentifiers(key: try await store.secret(named: SessionIdentifiers.secretName) { SecureRandom.bytes(32) })
        identifiers.withLock { $0 = made }
        return made
    }

    /// Wakes `wakeup` whenever a change with events commits (``committed()``).
    func register(_ wakeup: Wakeup) { wakers.withLock { $0.append(wakeup) } }

    /// A change with events committed: the delivery looks for them now instead of at its next poll.
    func committed() {
        for wakeup in wakers.withLock({ $0 }) { wakeup.signal() }
    }
}
