import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import PasskeyRouteTesting
import PasskeyServer
import Testing

/// The project's route scenarios (PasskeyRouteTesting), which both examples run over their route groups, against
/// `passkeys serve` on a real loopback port: the same endpoints, so the same answers. The server mounts
/// them at the root, names the signed-in user at `GET /session`, has recovery codes, and, as its conformance API
/// promises every client, puts the session in the JSON as well as the cookie.
///
/// On both stores, each scenario on a database of its own: on PostgreSQL the per-client limits are the database's,
/// so the scenarios' limits and quotas are the shared ones.
@Suite("passkeys serve: the route scenarios")
struct RouteScenarioTests {
    @Test("scenario", arguments: RouteScenarios.all, Backend.all)
    func scenario(_ scenario: RouteScenarios.Scenario, _ backend: Backend) async throws {
        let clock = ScenarioClock()
        let configuration = try Self.configuration(for: scenario.setup, database: try await backend.ownLocation(), clock: clock)
        try await TestServer.withServer(configuration) { client in
            try await scenario.run(ServerTransport(client: client, keysClientsByHeader: scenario.setup.clientKeyHeader != nil), clock: clock)
        }
    }

    /// The server configured as the scenario's setup says, on `database`, its relying party on `clock` (which the
    /// scenarios that need time to pass move forward).
    static func configuration(
        for setup: RouteScenarios.Scenario.Setup, database: DatabaseLocation, clock: ScenarioClock
    ) throws -> ServerConfiguration {
        // The server admits an Android origin only for an app it serves assetlinks.json for: the scenarios' own Android
        // origin becomes the test server's app.
        let web = (setup.origins ?? [RouteScenarios.origin]).filter { !$0.hasPrefix("android:") }
        var relyingParty = RelyingPartyConfiguration(rpID: "localhost", rpName: "Test RP", origins: web + [TestServer.androidApp.origin])
        if let window = setup.reverificationWindow { relyingParty.reverificationWindow = window }
        relyingParty.clock = clock.now
        var configuration = ServerConfiguration(
            host: "127.0.0.1", port: 0, relyingParty: relyingParty, database: database, androidApps: [TestServer.androidApp])
        if let quota = setup.pendingCeremoniesPerClient {
            // As the examples are configured: no rate limit, a small quota per client, a small store, and clients
            // named by the address a trusted proxy on loopback reports (the transport turns the scenario's client
            // header into one).
            configuration.limits = PasskeyRouteLimits(optionsLimiter: nil, failedResultLimiter: nil, pendingCeremoniesPerClient: quota)
            configuration.trustedProxies = [try IPNetwork("127.0.0.1/32"), try IPNetwork("::1/128")]
        }
        if let capacity = setup.ceremonyStoreCapacity { configuration.pendingCeremonyCapacity = capacity }
        return configuration
    }
}

/// The scenarios' exchanges over Hummingbird's test client, with the server's layout.
struct ServerTransport: ScenarioTransport {
    let client: any TestClientProtocol
    /// Turn ``RouteScenarios/clientHeader`` into `X-Forwarded-For`, as a proxy in front of the server would.
    let keysClientsByHeader: Bool

    var layout: ScenarioLayout {
        ScenarioLayout(
            routes: "/", currentUser: "/session", signOut: "/session", credentials: "/credentials", recovery: "/recovery", sessionInBrowserJSON: true)
    }

    func exchange(_ method: String, _ path: String, headers: [(name: String, value: String)], body: [UInt8]?) async throws -> ScenarioExchange {
        var fields = HTTPFields()
        for (name, value) in headers {
            if keysClientsByHeader, name == RouteScenarios.clientHeader {
                fields.append(HTTPField(name: .init("X-Forwarded-For")!, value: Self.address(of: value)))
            } else if let name = HTTPField.Name(name) {
                fields.append(HTTPField(name: name, value: value))
            }
        }
        return try await client.execute(
            uri: path, method: HTTPRequest.Method(method) ?? .get, headers: fields, body: body.map { ByteBuffer(bytes: $0) }
        ) {
            response in
            ScenarioExchange(
                status: response.status.code, headers: response.headers.map { ($0.name.rawName, $0.value) },
                body: Array(response.body.readableBytesView))
        }
    }

    /// A stable private address for a client's name.
    static func address(of name: String) -> String {
        let sum = name.utf8.reduce(UInt32(2_166_136_261)) { ($0 ^ UInt32($1)) &* 16_777_619 }
        return "10.\(sum >> 16 & 0xFF).\(sum >> 8 & 0xFF).\(sum & 0xFF)"
    }
}
