import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import PasskeyAuthenticator
import PasskeyHummingbird
import PasskeysExample
import Testing

/// The example app on a real loopback port, over a real SQLite file in a directory of its own.
enum ExampleServer {
    /// The page origin the app accepts and the test browsers present (the RP ID is `localhost`).
    static let origin = "http://localhost:8080"
    /// The header a test names its client in, for an app whose `clientKey` reads it.
    static let testClient = HTTPField.Name("X-Test-Client")!

    static func run(
        _ mode: TestingSetup = .live, bodyTimeout: Duration = .seconds(10), configure: (inout ExampleConfiguration) -> Void = { _ in },
        _ body: @Sendable (any TestClientProtocol) async throws -> Void
    ) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("passkeys-example-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var configuration = ExampleConfiguration(
            host: "127.0.0.1", port: 0, databasePath: directory.appendingPathComponent("example.sqlite").path, origins: [origin],
            bodyTimeout: bodyTimeout)
        configure(&configuration)
        var logger = Logger(label: "passkeys-example-test")
        logger.logLevel = .warning
        try await buildApplication(configuration, logger: logger).test(mode, body)
    }
}

/// An answer of the app, read as JSON.
struct Answer {
    let status: HTTPResponse.Status
    let headers: HTTPFields
    let object: JSONObject
    let text: String

    var ok: Bool { status == .ok && object["status"] == .string("ok") }
    var code: String? { object["code"]?.stringValue }
}

/// A browser: a cookie jar and `navigator.credentials` (the WebAuthn client in front of a software authenticator).
/// Two browsers may share one authenticator (one person, two devices' worth of cookies, one passkey provider).
struct Browser {
    let client: any TestClientProtocol
    let webAuthn: WebAuthnClient
    /// The session cookie, as `name=value`.
    var cookie: String?
    /// Sent as `X-Test-Client`, for an app configured to key clients by it (as one behind a proxy reads the
    /// address the proxy reports).
    var clientName: String?

    /// The page origin, sent as `Origin` with `Sec-Fetch-Site: same-origin` when ``sendsFetchMetadata``.
    let origin: String
    /// Whether requests carry the headers a real browser adds to page script's requests (and script cannot remove);
    /// off, the requests look like an API client's.
    var sendsFetchMetadata = false

    init(_ client: any TestClientProtocol, authenticator: SoftwareAuthenticator = SoftwareAuthenticator(), origin: String = ExampleServer.origin) {
        self.client = client
        self.origin = origin
        webAuthn = WebAuthnClient(origin: origin, authenticator: authenticator)
    }

    /// A request with this browser's cookie; keeps the cookie the answer sets. Every answer must be JSON in the
    /// contract's shape and never a 5xx.
    mutating func send(
        _ method: HTTPRequest.Method, _ path: String, bytes: [UInt8]? = nil, contentType: String? = "application/json",
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> Answer {
        var headers: HTTPFields = [:]
        if let cookie { headers[.cookie] = cookie }
        if let clientName { headers[ExampleServer.testClient] = clientName }
        if sendsFetchMetadata {
            headers[.origin] = origin
            headers[HTTPField.Name("Sec-Fetch-Site")!] = "same-origin"
        }
        if bytes != nil, let contentType { headers[.contentType] = contentType }
        let answer = try await client.execute(uri: path, method: method, headers: headers, body: bytes.map { ByteBuffer(bytes: $0) }) { response in
            let text = String(buffer: response.body)
            let object = (try? JSONParser.parseObject(Array(text.utf8))) ?? JSONObject()
            return Answer(status: response.status, headers: response.headers, object: object, text: text)
        }
        #expect(answer.headers[.contentType]?.hasPrefix("application/json") == true, "\(method) \(path): not JSON: \(answer.text)", sourceLocation: sourceLocation)
        #expect(answer.object["status"] != nil && answer.object["errorMessage"] != nil, "\(method) \(path): \(answer.text)", sourceLocation: sourceLocation)
        #expect(answer.status.code < 500, "\(method) \(path): a 5xx is a bug: \(answer.text)", sourceLocation: sourceLocation)
        if let setCookie = answer.headers[.setCookie], let pair = setCookie.split(separator: ";").first {
            cookie = setCookie.contains("Max-Age=0") ? nil : String(pair)
        }
        return answer
    }

    mutating func post(_ path: String, _ json: JSONObject, sourceLocation: SourceLocation = #_sourceLocation) async throws -> Answer {
        try await send(.post, path, bytes: Array(JSONValue.object(json).serialized().utf8), sourceLocation: sourceLocation)
    }

    /// `/me`'s name for the signed-in user; nil when the app says nobody is signed in.
    mutating func me() async throws -> String? {
        let answer = try await send(.get, "/me")
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
