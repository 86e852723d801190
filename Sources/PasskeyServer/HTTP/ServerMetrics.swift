import Hummingbird
import NIOCore
import Prometheus

/// Prometheus metrics: ceremonies begun, succeeded and failed (by error code), and request latency by route.
final class ServerMetrics: CeremonyMetrics {
    let registry = PrometheusCollectorRegistry()

    private static var ceremonies: MetricNameDescriptor { MetricNameDescriptor(namespace: "passkeys", metricName: "ceremonies", unitName: "total", helpText: "WebAuthn ceremonies by kind and outcome") }
    private static var latency: MetricNameDescriptor { MetricNameDescriptor(namespace: "passkeys", metricName: "http_request_duration", unitName: "seconds", helpText: "HTTP request latency by route") }
    private static let buckets: [Duration] = [.milliseconds(1), .milliseconds(2), .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(1000)]

    func begun(_ kind: PendingCeremony.Kind) { count(kind, outcome: "begun", code: "") }
    func succeeded(_ kind: PendingCeremony.Kind) { count(kind, outcome: "succeeded", code: "") }
    func failed(_ kind: PendingCeremony.Kind, code: String) { count(kind, outcome: "failed", code: code) }

    private func count(_ kind: PendingCeremony.Kind, outcome: String, code: String) {
        var labels = [("kind", kind.rawValue), ("outcome", outcome)]
        if !code.isEmpty { labels.append(("code", code)) }
        registry.makeCounter(descriptor: Self.ceremonies, labels: labels).increment()
    }

    func requestDuration(route: String, method: String, status: Int, _ elapsed: Duration) {
        registry.makeDurationHistogram(
            descriptor: Self.latency, labels: [("route", route), ("method", method), ("status", String(status / 100) + "xx")], buckets: Self.buckets
        ).record(elapsed)
    }

    /// Read at exposition time: how often the database was out of reach, and how many statements it ran.
    let store: (any DatabaseStore)?

    init(store: (any DatabaseStore)? = nil) {
        self.store = store
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
        return text
    }

    /// The Prometheus text exposition as an HTTP answer.
    func response() -> Response {
        Response(status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"], body: ResponseBody(byteBuffer: ByteBuffer(string: exposition())))
    }
}
