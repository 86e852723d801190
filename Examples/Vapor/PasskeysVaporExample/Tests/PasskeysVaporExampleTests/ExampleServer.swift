import Foundation
import PasskeyAuthenticator
import PasskeyVapor
import NIOCore
import PasskeysVaporExample
import SQLKit
import Testing
import Vapor

/// Where a test's app keeps its data: a SQLite file in a directory of its own, or a schema of its own on the
/// PostgreSQL server PASSKEYS_TEST_POSTGRES_URL names (dropped afterwards).
enum Backend: String, CustomTestStringConvertible, Sendable {
    case sqlite, postgres

    static let postgresURL = ProcessInfo.processInfo.environment["PASSKEYS_TEST_POSTGRES_URL"].flatMap { $0.isEmpty ? nil : $0 }
    /// SQLite always; PostgreSQL when PASSKEYS_TEST_POSTGRES_URL is set (`PostgresAvailability` says so when not).
    static let available: [Backend] = postgresURL == nil ? [.sqlite] : [.sqlite, .postgres]

    var testDescription: String { rawValue }
}

/// The example app on a real loopback port (Vapor's HTTP server on 127.0.0.1, an ephemeral port), reached over
/// real HTTP by Vapor's client.
enum ExampleServer {
    /// The page origin the app accepts and the test browsers present (the RP ID is `localhost`).
    static let origin = "http://localhost:8080"
    /// The header a test names its client in, for an app whose `clientKey` reads it.
    static let testClient = "X-Test-Client"

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
        var configuration = ExampleConfiguration(storage: storage, origins: [origin], bodyDeadline: bodyDeadline)
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

/// Real HTTP to the running app.
struct TestClient: Sendable {
    let app: Application
    let port: Int

    func execute(_ method: HTTPMethod, _ path: String, headers: HTTPHeaders, body: [UInt8]?) async throws -> ClientResponse {
        try await app.client.send(method, headers: headers, to: URI(string: "http://127.0.0.1:\(port)\(path)")) { request in
            if let body { request.body = ByteBuffer(bytes: body) }
        }
    }
}

/// An answer of the app, read as JSON.
struct Answer {
    let status: HTTPResponseStatus
    let headers: HTTPHeaders
    let object: JSONObject
    let text: String

    var ok: Bool { status == .ok && object["status"] == .string("ok") }
    var code: String? { object["code"]?.stringValue }
}

/// A browser: a cookie jar and `navigator.credentials` (the WebAuthn client in front of a software authenticator).
/// Two browsers may share one authenticator (one person, two devices' worth of cookies, one passkey provider).
struct Browser {
    let client: TestClient
    let webAuthn: WebAuthnClient
    /// The session cookie, as `name=value`.
    var cookie: String?
    /// Sent as `X-Test-Client`, for an app configured to key clients by it.
    var clientName: String?
    /// The page origin, sent as `Origin` with `Sec-Fetch-Site: same-origin` when ``sendsFetchMetadata``.
    let origin: String
    var sendsFetchMetadata = false

    init(_ client: TestClient, authenticator: SoftwareAuthenticator = SoftwareAuthenticator(), origin: String = ExampleServer.origin) {
        self.client = client
        self.origin = origin
        webAuthn = WebAuthnClient(origin: origin, authenticator: authenticator)
    }

    /// A request with this browser's cookie; keeps the cookie the answer sets. Every answer must be JSON in the
    /// contract's shape and never a 5xx.
    mutating func send(
        _ method: HTTPMethod, _ path: String, bytes: [UInt8]? = nil, contentType: String? = "application/json",
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> Answer {
        var headers = HTTPHeaders()
        if let cookie { headers.add(name: .cookie, value: cookie) }
        if let clientName { headers.add(name: ExampleServer.testClient, value: clientName) }
        if sendsFetchMetadata {
            headers.add(name: .origin, value: origin)
            headers.add(name: "Sec-Fetch-Site", value: "same-origin")
        }
        if bytes != nil, let contentType { headers.add(name: .contentType, value: contentType) }
        let response = try await client.execute(method, path, headers: headers, body: bytes)
        let text = response.body.map { String(buffer: $0) } ?? ""
        let object = (try? JSONParser.parseObject(Array(text.utf8))) ?? JSONObject()
        let answer = Answer(status: response.status, headers: response.headers, object: object, text: text)
        if method != .HEAD {
            #expect(answer.headers.first(name: .contentType)?.hasPrefix("application/json") == true, "\(method) \(path): not JSON: \(text)", sourceLocation: sourceLocation)
            #expect(answer.object["status"] != nil && answer.object["errorMessage"] != nil, "\(method) \(path): \(text)", sourceLocation: sourceLocation)
        }
        #expect(answer.status.code < 500, "\(method) \(path): a 5xx is a bug: \(text)", sourceLocation: sourceLocation)
        if let setCookie = answer.headers.first(name: .setCookie), let pair = setCookie.split(separator: ";").first {
            let expired = setCookie.lowercased().contains("max-age=0") || setCookie.contains("1970")
            cookie = expired ? nil : String(pair)
        }
        return answer
    }

    mutating func post(_ path: String, _ json: JSONObject, sourceLocation: SourceLocation = #_sourceLocation) async throws -> Answer {
        try await send(.POST, path, bytes: Array(JSONValue.object(json).serialized().utf8), sourceLocation: sourceLocation)
    }

    /// `/me`'s name for the signed-in user; nil when the app says nobody is signed in.
    mutating func me() async throws -> String? {
        let answer = try await send(.GET, "/me")
        return answer.ok ? answer.object["user"]?.objectValue?["name"]?.stringValue : nil
    }

    /// Registration options for `username`, as `POST /passkeys/attestation/options` answers them.
    mutating func registrationOptions(_ username: String) async throws -> Answer {
        // A discoverable credential, so the passkey can also sign in without a username.
        try await post("/passkeys/attestation/options", JSONObject([
            "username": .string(username), "displayName": .string(username.capitalized),
            "authenticatorSelection": .object(JSONObject(["residentKey": .string("required")])),
        ]))
    }

    /// `navigator.credentials.create()` on `options` and `POST /passkeys/attestation/result`.
    mutating func finishRegistration(_ options: Answer) async throws -> Answer {
        try await post("/passkeys/attestation/result", try await webAuthn.create(Self.optionsMembers(options)))
    }

    mutating func register(_ username: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> Answer {
        let options = try await registrationOptions(username)
        #expect(options.ok, "\(options.text)", sourceLocation: sourceLocation)
        return try await finishRegistration(options)
    }

    /// Sign-in options for `username`, or for a discoverable passkey when nil.
    mutating func signInOptions(_ username: String?) async throws -> Answer {
        try await post("/passkeys/assertion/options", username.map { JSONObject(["username": .string($0)]) } ?? JSONObject())
    }

    /// The response JSON `navigator.credentials.get()` makes for `options`.
    func assertion(_ options: Answer) async throws -> JSONObject {
        try await webAuthn.get(Self.optionsMembers(options))
    }

    mutating func signIn(_ username: String?, sourceLocation: SourceLocation = #_sourceLocation) async throws -> Answer {
        let options = try await signInOptions(username)
        #expect(options.ok, "\(options.text)", sourceLocation: sourceLocation)
        return try await post("/passkeys/assertion/result", try await assertion(options))
    }

    /// The options members of an answer: everything but `status` and `errorMessage`.
    static func optionsMembers(_ answer: Answer) -> JSONObject {
        var options = answer.object
        options["status"] = nil
        options["errorMessage"] = nil
        return options
    }
}
