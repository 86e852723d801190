import Hummingbird
import NIOCore
import PasskeyRelyingParty
import Prometheus
import Synchronization

/// Prometheus metrics: ceremonies begun, succeeded and failed (by error code), and request latency by route.
final class ServerMetrics: CeremonyMetrics {
    let registry = PrometheusCollectorRegistry()

    private static var ceremonies: MetricNameDescriptor {
        MetricNameDescriptor(namespace: "passkeys", metricName: "ceremonies", unitName: "total", helpText: "WebAuthn ceremonies by kind and outcome")
    }
    private static var latency: MetricNameDescriptor {
        MetricNameDescriptor(
            namespace: "passkeys", metricName: "http_request_duration", unitName: "seconds", helpText: "HTTP request latency by route")
    }
    private static let buckets: [Duration] = [
        .milliseconds(1), .milliseconds(2), .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50), .milliseconds(100),
        .milliseconds(250), .milliseconds(1000),
    ]

    func begun(_ kind: PendingCeremony.Kind) { count(kind, outcome: "begun", code: "") }
    func succeeded(_ kind: PendingCeremony.Kind) { count(kind, outcome: "succeeded", code: "") }
    func failed(_ kind: PendingCeremony.Kind, code: String) { count(kind, outcome: "failed", code: code) }

    private func count(_ kind: PendingCeremony.Kind, outcome: String, code: String) {
        let key = "\(kind.rawValue) \(outcome) \(code)"
        if let counter = counters.withLock({ $0[key] }) {
            counter.increment()
            return
        }
        var labels = [("kind", kind.rawValue), ("outcome", outcome)]
        if !code.isEmpty { labels.append(("code", code)) }
        let counter = registry.makeCounter(descriptor: Self.ceremonies, labels: labels)
        counters.withLock { $0[key] = counter }
        counter.increment()
    }

    /// Methods a client may send are any token; only these become labels, the rest count as `OTHER`, so a client
    /// cannot grow the metrics without bound.
    static let methodLabels: Set<String> = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]

    func requestDuration(route: String, method given: String, status: Int, _ elapsed: Duration) {
        let method = Self.methodLabels.contains(given) ? given : "OTHER"
        let key = "\(route) \(method) \(status / 100)"
        if let histogram = histograms.withLock({ $0[key] }) {
            histogram.record(elapsed)
            return
        }
        let histogram = registry.makeDurationHistogram(
            descriptor: Self.latency, labels: [("route", route), ("method", method), ("status", String(status / 100) + "xx")], buckets: Self.buckets)
        histograms.withLock { $0[key] = histogram }
        histogram.record(elapsed)
    }

    /// The registry's metrics by label set, so a request costs a dictionary lookup instead of the registry's
    /// lookup, which builds the metric's name and labels again each time. The label values come from a fixed set
    /// (kinds, outcomes, error codes, routes, methods, status classes), so the dictionaries stay small.
    private let counters = Mutex<[String: Counter]>([:])
    private let histograms = Mutex<[String: DurationHistogram]>([:])

    /// Read at exposition time: how often the database was out of reach, and how many statements it ran.
    let store: (any DatabaseStore)?

    /// Read at exposition time: the FIDO metadata in use and the last check.
    let metadata: MetadataRefresher?

    /// Read at exposition time: the webhooks' deliveries and backlog; nil without webhooks.
    let events: EventMetrics?

    init(store: (any DatabaseStore)? = nil, metadata: MetadataRefresher? = nil, events: EventMetrics? = nil) {
        self.store = store
        self.metadata = metadata
        self.events = events
    }

    func exposition() -> String {
        var text = registry.emitToString() + ProcessMetrics.exposition()
        if let store {
            let storeHealth = store.health
            text += "# HELP passkeys_store_unavailable_total Store operations that failed because the database was unreachable\n"
            text += "# TYPE passkeys_store_unavailable_total counter\npasskeys_store_unavailable_total \(storeHealth.unavailableCount)\n"
            text += "# HELP passkeys_store_up Whether the database answered the last operation (1) or not (0)\n"
            text += "# TYPE passkeys_store_up gauge\npasskeys_store_up \(storeHealth.isDown ? 0 : 1)\n"
            text += "# HELP passkeys_sql_statements_total SQL statements the database ran for this server (transaction control included)\n"
            text += "# TYPE passkeys_sql_statements_total counter\npasskeys_sql_statements_total \(store.statementsExecuted)\n"
        }
        if let metadata {
            text += MetadataMetrics.exposition(metadata.status, now: metadata.configuration.clock())
        }
        if let events { text += events.exposition() }
        return text
    }

    /// The Prometheus text exposition as an HTTP answer.
    func response() -> Response {
        Response(
            status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: exposition())))
    }
}
