import OpenAPIKit

/// What a load balancer and a monitoring system read: liveness, readiness, metrics.
extension APIOperations {
    static let health = OpenAPI.Operation(
        summary: "Liveness: the process answers (cheap; does not touch the database)", responses: [200: A.ok("Alive", "Status")])

    static let readiness = OpenAPI.Operation(
        summary: "Readiness: the database answers within 2 s and its schema is this build's, and the server is not stopping",
        responses: [200: A.ok("Ready", "Status"), 503: A.notReady])

    static let metrics = plain("Prometheus metrics (served on --metrics-address instead, when given)", "Prometheus text exposition", .txt)
}
