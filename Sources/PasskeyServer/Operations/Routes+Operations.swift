import Hummingbird
import PasskeyStore

/// Liveness, readiness and metrics, for load balancers and monitoring.
extension Routes {
    /// How long `/readyz` waits for the database.
    static let readinessWait = Duration.seconds(2)

    /// Registers `/healthz` and `/readyz` on `router`.
    func addHealthRoutes(_ router: Router<ServerContext>, _ registrar: RouteRegistrar) {
        registrar.on(router, .get, "/healthz", APIOperations.health, kind: .browserJSON) { _, _ in APIResponse.ok() }
        registrar.on(router, .get, "/readyz", APIOperations.readiness, kind: .browserJSON) { _, _ in
            // A stopping server is not ready whatever its database says, so a load balancer drains it.
            if stop.hasBegun { return APIResponse.failure(.serviceUnavailable, "The server is stopping; use another instance.", code: "stopping") }
            // Ready means the database answers, with this build's schema, within a short bound.
            do {
                try await answerByDeadline(Self.readinessWait) { try await relyingParty.store.checkReadiness() }
                return APIResponse.ok()
            } catch is DeadlineExceeded {
                throw StoreUnavailable(reason: "no answer within \(Self.readinessWait)")
            }
        }
    }

    /// Registers `/metrics` on `router`, unless `--metrics-address` serves it on a listener of its own.
    func addMetricsRoute(_ router: Router<ServerContext>, _ registrar: RouteRegistrar) {
        if configuration.metricsAddress == nil {
            registrar.on(router, .get, "/metrics", APIOperations.metrics, kind: .browserJSON) { _, _ in metrics.response() }
        }
    }
}
