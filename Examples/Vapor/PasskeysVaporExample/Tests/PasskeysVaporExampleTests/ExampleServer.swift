import Foundation
import NIOCore
import PasskeyRouteTesting
import PasskeyVapor
import PasskeysVaporExample
import SQLKit
import Testing
import Vapor

/// Where a test's app keeps its data: a SQLite file in a directory of its own, or a schema of its own on the
/// PostgreSQL server PASSKEYS_TEST_POSTGRES_URL names (dropped afterwards).
enum Backend: String, CustomTestStringConvertible, Sendable {
    case sqlite, postgres

    static let postgresURL = ProcessInfo.processInfo.environment["PASSKEYS_TEST_POSTGRES_URL"].flatMap { $0.isEmpty ? nil : $0 }
    /// SQLite always; PostgreSQL when PASSKEYS_TEST_POSTGRES_URL is set (`RouteScenarioTests.postgresAvailability` says so when not).
    static let available: [Backend] = postgresURL == nil ? [.sqlite] : [.sqlite, .postgres]

    var testDescription: String { rawValue }
}

/// The example app on a real loopback port (Vapor's HTTP server on 127.0.0.1, an ephemeral port), reached over
/// real HTTP by Vapor's client.
enum ExampleServer {
    static func run(
        _ backend: Backend = .sqlite, bodyDeadline: Duration = .seconds(10), configure: (inout ExampleConfiguration) -> Void = { _ in },
        _ body: @Sendable (TestClient) async throws -> Void
    ) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("passkeys-vapor-example-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let schema = "passkeys_test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        let storage: ExampleConfiguration.Storage
        switch backend {
        case .sqlite: storage = .sqlite(path: directory.appendingPathComponent("example.sqlite").path)
        case .postgres: storage = .postgres(url: try #require(Backend.postgresURL), schema: schema)
        }
        var configuration = ExampleConfiguration(storage: storage, origins: [RouteScenarios.origin], bodyDeadline: bodyDeadline)
        configure(&configuration)

        let app = try await Application.make(.testing)
        app.logger.logLevel = .warning
        var failure: (any Error)?
        do {
            try await PasskeysVaporExample.configure(app, configuration)
            app.http.server.configuration.hostname = "127.0.0.1"
            app.http.server.configuration.port = 0
            try await app.server.start(address: .hostname("127.0.0.1", port: 0))
            let port = try #require(app.http.server.shared.localAddress?.port)
            try await body(TestClient(app: app, port: port))
        } catch {
            failure = error
        }
        await app.server.shutdown()
        if backend == .postgres, let sql = app.db as? any SQLDatabase {
            try? await sql.raw("DROP SCHEMA IF EXISTS \(ident: schema) CASCADE").run()
        }
        try await app.asyncShutdown()
        if let failure { throw failure }
    }
}

/// Real HTTP to the running app, by Vapor's client (AsyncHTTPClient) on 127.0.0.1.
struct TestClient: ScenarioTransport {
    let app: Application
    let port: Int

    /// The examples' layout, and the app's recovery route (the collection's `recovery` under `/passkeys`).
    var layout: ScenarioLayout { ScenarioLayout(recovery: "/passkeys/recovery") }

    func exchange(_ method: String, _ path: String, headers: [(name: String, value: String)], body: [UInt8]?) async throws -> ScenarioExchange {
        let response = try await app.client.send(
            HTTPMethod(rawValue: method), headers: HTTPHeaders(headers.map { ($0.name, $0.value) }),
            to: URI(string: "http://127.0.0.1:\(port)\(path)")
        ) { request in
            if let body { request.body = ByteBuffer(bytes: body) }
        }
        return ScenarioExchange(
            status: Int(response.status.code), headers: response.headers.map { ($0.name, $0.value) },
            body: response.body.map { Array($0.readableBytesView) } ?? [])
    }
}
