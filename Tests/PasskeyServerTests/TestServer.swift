import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import PasskeyCore
import PasskeyServer
import Synchronization
import Testing

/// Which database a server test runs against.
enum Backend: String, CustomStringConvertible, Sendable {
    case sqlite, postgres
    var description: String { rawValue }

    /// The PostgreSQL server `scripts/test` starts on loopback; without it the PostgreSQL cases are skipped.
    static let postgresURL = ProcessInfo.processInfo.environment["PASSKEYS_TEST_POSTGRES_URL"]
    static let all: [Backend] = postgresURL == nil ? [.sqlite] : [.sqlite, .postgres]

    func location() -> DatabaseLocation {
        switch self {
        case .sqlite:
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("passkeys-test-\(UUID().uuidString).sqlite").path
            return .sqliteFile(path)
        case .postgres:
            return .postgres(Self.postgresURL ?? "")
        }
    }
}

/// A clock the tests move by hand.
final class TestClock: Sendable {
    private let now = Mutex(Date(timeIntervalSince1970: 1_800_000_000))
    func read() -> Date { now.withLock { $0 } }
    func advance(_ seconds: TimeInterval) { now.withLock { $0 += seconds } }
}

enum TestServer {
    static let origin = "http://localhost:8080"
    /// The Android app every test server lists, whose origin is among the relying party's as start-up requires.
    static let androidApp = try! AndroidApp("com.example.app:" + String(repeating: "AB", count: 32))

    static func configuration(
        _ database: DatabaseLocation, clock: TestClock = TestClock(), rateLimit: Double? = nil, origin: String = origin,
        userVerification: UserVerificationRequirement = .preferred, trustedProxies: [IPNetwork] = []
    ) -> ServerConfiguration {
        ServerConfiguration(
            host: "127.0.0.1", port: 0,
            relyingParty: RelyingPartyConfiguration(
                rpID: "localhost", rpName: "Test RP", origins: [origin, androidApp.origin], ceremonyTimeout: 60_000,
                userVerification: userVerification, clock: { clock.read() }),
            database: database, appleAppIDs: ["ABCDE12345.com.example.app"],
            androidApps: [androidApp], rateLimit: rateLimit, trustedProxies: trustedProxies)
    }

    /// Runs `body` against a live server on a loopback port.
    static func withServer(
        _ configuration: ServerConfiguration, _ body: @Sendable (any TestClientProtocol) async throws -> Void
    ) async throws {
        var logger = Logger(label: "passkeys-test")
        logger.logLevel = .warning
        let (application, store) = try await PasskeysServer.makeApplication(configuration, logger: logger)
        do {
            try await application.test(.live, body)
        } catch {
            try? await store.shutdown()
            throw error
        }
        try await store.shutdown()
    }
}

/// Convenience over the test client: JSON in, JSON out.
struct JSONResponse {
    let status: HTTPResponse.Status
    let headers: HTTPFields
    let object: JSONObject

    var ok: Bool { object["status"] == .string("ok") }
    var errorMessage: String { object["errorMessage"]?.stringValue ?? "" }
    var code: String? { object["code"]?.stringValue }
}

extension TestClientProtocol {
    /// - Parameters:
    ///   - contentType: sent with a body; nil sends none.
    ///   - headers: more request headers (an `Origin`, `Sec-Fetch-Site`, `X-Forwarded-For`, a cookie).
    func call(
        _ method: HTTPRequest.Method, _ path: String, json: JSONObject? = nil, bytes: [UInt8]? = nil, session: String? = nil,
        contentType: String? = "application/json", headers extra: HTTPFields = [:], sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> JSONResponse {
        var headers = extra
        if let session { headers[.authorization] = "Bearer \(session)" }
        var body: ByteBuffer? = nil
        if let json { body = ByteBuffer(string: JSONValue.object(json).serialized()) }
        if let bytes { body = ByteBuffer(bytes: bytes) }
        if body != nil, let contentType { headers[.contentType] = contentType }
        return try await execute(uri: path, method: method, headers: headers, body: body) { response in
            let text = String(buffer: response.body)
            #expect(
                response.headers[.contentType]?.hasPrefix("application/json") == true, "\(method) \(path): not JSON: \(text)",
                sourceLocation: sourceLocation)
            let object: JSONObject
            do { object = try JSONParser.parseObject(Array(text.utf8)) } catch {
                Issue.record("\(method) \(path): body is not a JSON object: \(text)", sourceLocation: sourceLocation)
                object = JSONObject()
            }
            #expect(
                object["status"] != nil && object["errorMessage"] != nil, "\(method) \(path): no status/errorMessage", sourceLocation: sourceLocation)
            #expect(response.status.code < 500, "\(method) \(path): a 5xx is a bug: \(text)", sourceLocation: sourceLocation)
            return JSONResponse(status: response.status, headers: response.headers, object: object)
        }
    }

    /// Registers `username` with `browser`; returns the session.
    func register(
        _ username: String, browser: inout TestBrowser, session: String? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> String {
        let options = try await call(
            .post, "/attestation/options", json: JSONObject(["username": .string(username), "displayName": .string(username.capitalized)]),
            session: session)
        #expect(options.ok, "\(options.errorMessage)", sourceLocation: sourceLocation)
        let result = try await call(.post, "/attestation/result", bytes: try browser.create(options.object))
        #expect(result.ok, "\(result.errorMessage)", sourceLocation: sourceLocation)
        return result.object["session"]?.stringValue ?? ""
    }

    /// Signs in (by username, or discoverable when nil); returns the response.
    func signIn(_ username: String?, browser: inout TestBrowser) async throws -> JSONResponse {
        let options = try await call(.post, "/assertion/options", json: username.map { JSONObject(["username": .string($0)]) } ?? JSONObject())
        #expect(options.ok, "\(options.errorMessage)")
        return try await call(.post, "/assertion/result", bytes: try browser.get(options.object))
    }
}

func uniqueName(_ prefix: String = "user") -> String { "\(prefix)-\(UUID().uuidString.prefix(8).lowercased())" }
