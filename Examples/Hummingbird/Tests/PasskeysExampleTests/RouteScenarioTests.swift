import HTTPTypes
import Hummingbird
import HummingbirdTesting
import PasskeyHummingbird
import PasskeyRouteTesting
import PasskeysExample
import Testing

/// The project's route scenarios (PasskeyRouteTesting, which the Vapor example runs too) against this app on a real
/// loopback port: sign-up, sign-in by name and discoverable, a second passkey, and each attack.
@Suite("Example app: the route scenarios")
struct RouteScenarioTests {
    @Test("scenario", arguments: RouteScenarios.all)
    func scenario(_ scenario: RouteScenarios.Scenario) async throws {
        let clock = ScenarioClock()
        try await ExampleServer.run(configure: { Self.configure(&$0, for: scenario.setup, clock: clock) }) { client in
            try await scenario.run(HummingbirdTransport(client: client), clock: clock)
        }
    }

    static func configure(_ configuration: inout ExampleConfiguration, for setup: RouteScenarios.Scenario.Setup, clock: ScenarioClock) {
        configuration.clock = clock.now
        if let origins = setup.origins { configuration.origins = origins }
        if let capacity = setup.ceremonyStoreCapacity { configuration.pendingCeremonyCapacity = capacity }
        if let quota = setup.pendingCeremoniesPerClient {
            configuration.limits = PasskeyRouteLimits(optionsLimiter: nil, pendingCeremoniesPerClient: quota)
        }
        if let name = setup.clientKeyHeader.flatMap({ HTTPField.Name($0) }) { configuration.clientKey = { request, _ in request.headers[name] } }
        if let window = setup.reverificationWindow { configuration.reverificationWindow = window }
    }
}
