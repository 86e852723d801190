import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import PasskeyHummingbird
import PasskeyRouteTesting
import PasskeysExample
import Testing

/// The example app on a real loopback port, over a real SQLite file in a directory of its own.
enum ExampleServer {
    static func run(
        _ mode: TestingSetup = .live, bodyTimeout: Duration = .seconds(10), configure: (inout ExampleConfiguration) -> Void = { _ in },
        _ body: @Sendable (any TestClientProtocol) async throws -> Void
    ) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("passkeys-example-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var configuration = ExampleConfiguration(
            host: "127.0.0.1", port: 0, databasePath: directory.appendingPathComponent("example.sqlite").path, origins: [RouteScenarios.origin],
            bodyTimeout: bodyTimeout)
        configure(&configuration)
        var logger = Logger(label: "passkeys-example-test")
        logger.logLevel = .warning
        try await buildApplication(configuration, logger: logger).test(mode, body)
    }
}

/// The scenarios' HTTP (PasskeyRouteTesting) over Hummingbird's test client: a real connection on loopback in `.live`
/// mode, the router itself in `.router` mode.
struct HummingbirdTransport: ScenarioTransport {
    let client: any TestClientProtocol

    /// The examples' layout, and the app's recovery route (`PasskeyRoutes.addRecovery` under `/passkeys`).
    var layout: ScenarioLayout { ScenarioLayout(recovery: "/passkeys/recovery") }

    func exchange(_ method: String, _ path: String, headers: [(name: String, value: String)], body: [UInt8]?) async throws -> ScenarioExchange {
        var fields = HTTPFields()
        for (name, value) in headers { if let name = HTTPField.Name(name) { fields.append(HTTPField(name: name, value: value)) } }
        return try await client.execute(
            uri: path, method: HTTPRequest.Method(method) ?? .get, headers: fields, body: body.map { ByteBuffer(bytes: $0) }
        ) { response in
            ScenarioExchange(
                status: response.status.code, headers: response.headers.map { ($0.name.rawName, $0.value) },
                body: Array(response.body.readableBytesView))
        }
    }
}
