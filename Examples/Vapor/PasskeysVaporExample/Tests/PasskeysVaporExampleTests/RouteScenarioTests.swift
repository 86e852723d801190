import PasskeyRouteTesting
import PasskeyVapor
import PasskeysVaporExample
import Testing

/// The project's route scenarios (PasskeyRouteTesting, which the Hummingbird example runs too) against this Vapor +
/// Fluent app over real HTTP: sign-up, sign-in by name and discoverable, a second passkey, and each attack, on SQLite
/// and, when PASSKEYS_TEST_POSTGRES_URL is set, PostgreSQL.
@Suite("Vapor example: the route scenarios")
struct RouteScenarioTests {
    @Test("scenario", arguments: RouteScenarios.all, Backend.available)
    func scenario(_ scenario: RouteScenarios.Scenario, _ backend: Backend) async throws {
        let clock = ScenarioClock()
        try await ExampleServer.run(backend, configure: { Self.configure(&$0, for: scenario.setup, clock: clock) }) { app in
            try await scenario.run(app, clock: clock)
        }
    }

    @Test(
        "PostgreSQL runs when PASSKEYS_TEST_POSTGRES_URL is set",
        .enabled(if: Backend.postgresURL != nil, "PASSKEYS_TEST_POSTGRES_URL is not set: the PostgreSQL runs are skipped"))
    func postgresAvailability() {
        #expect(Backend.available.contains(.postgres))
    }

    static func configure(_ configuration: inout ExampleConfiguration, for setup: RouteScenarios.Scenario.Setup, clock: ScenarioClock) {
        configuration.clock = clock.now
        configuration.origins = setup.origins ?? configuration.origins
        configuration.pendingCeremonyCapacity = setup.ceremonyStoreCapacity ?? configuration.pendingCeremonyCapacity
        if let quota = setup.pendingCeremoniesPerClient {
            configuration.limits = PasskeyRouteLimits(optionsLimiter: nil, pendingCeremoniesPerClient: quota)
        }
        if let header = setup.clientKeyHeader { configuration.clientKey = { request in request.headers.first(name: header) } }
        if let window = setup.reverificationWindow { configuration.reverificationWindow = window }
    }
}
