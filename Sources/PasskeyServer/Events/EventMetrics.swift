import Synchronization

/// The webhooks' numbers for `/metrics`: per endpoint, events delivered and attempts failed by this instance, and the
/// backlog (live rows) and dead rows in the outbox as last counted (every instance counts, so any instance's
/// `/metrics` shows the backlog, whichever delivers); and whether this instance is the one delivering.
final class EventMetrics: Sendable {
    private struct State {
        var delivered: [String: Int] = [:]
        var failedAttempts: [String: Int] = [:]
        var live: [String: Int] = [:]
        var dead: [String: Int] = [:]
        var delivering = false
    }
    private let state = Mutex(State())
    /// The endpoints' labels (their URLs without a query), in the order configured.
    private let labels: [String]

    init(endpoints: [WebhookEndpoint]) {
        labels = endpoints.map(\.label)
    }

    func delivered(_ endpoint: WebhookEndpoint) { state.withLock { $0.delivered[endpoint.label, default: 0] += 1 } }
    func failed(_ endpoint: WebhookEndpoint) { state.withLock { $0.failedAttempts[endpoint.label, default: 0] += 1 } }
    func delivering(_ delivering: Bool) { state.withLock { $0.delivering = delivering } }

    /// The outbox's counts, read by `endpoints` (a count for an endpoint no longer configured is not shown).
    func counted(_ counts: [OutboxCount], endpoints: [WebhookEndpoint]) {
        var live: [String: Int] = [:]
        var dead: [String: Int] = [:]
        for endpoint in endpoints {
            let count = counts.first { $0.endpoint == endpoint.url }
            live[endpoint.label] = count?.live ?? 0
            dead[endpoint.label] = count?.dead ?? 0
        }
        state.withLock { state in
            state.live = live
            state.dead = dead
        }
    }

    func exposition() -> String {
        let state = state.withLock { $0 }
        var text = ""
        func series(_ name: String, _ type: String, _ help: String, _ values: [String: Int]) {
            text += "# HELP \(name) \(help)\n# TYPE \(name) \(type)\n"
            for label in labels { text += "\(name){endpoint=\"\(Self.escaped(label))\"} \(values[label] ?? 0)\n" }
        }
        series("passkeys_events_delivered_total", "counter", "Events this instance delivered, by webhook endpoint", state.delivered)
        series(
            "passkeys_events_failed_attempts_total", "counter", "Delivery attempts of this instance that failed, by webhook endpoint",
            state.failedAttempts)
        series("passkeys_events_pending", "gauge", "Events waiting in the outbox for delivery (the backlog), by webhook endpoint", state.live)
        series(
            "passkeys_events_dead", "gauge", "Events set aside as dead after failing for the retry period, until replayed, by webhook endpoint",
            state.dead)
        text += "# HELP passkeys_events_delivering Whether this instance holds the delivery lease (1) or not (0)\n"
        text += "# TYPE passkeys_events_delivering gauge\npasskeys_events_delivering \(state.delivering ? 1 : 0)\n"
        return text
    }

    /// A label value as the text format needs it (backslash, quote and newline escaped).
    static func escaped(_ value: String) -> String {
        value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"").replacingOccurrences(of: "\n", with: "\\n")
    }
}
