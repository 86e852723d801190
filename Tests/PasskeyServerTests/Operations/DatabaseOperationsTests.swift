import Foundation
import HTTPTypes
import HummingbirdTesting
import Logging
import NIOCore
import PasskeyCore
import PasskeyServer
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// TLS to PostgreSQL as libpq users know it, readiness, and database outages as an expected state. These
/// run against the second PostgreSQL that `scripts/test` starts with TLS on; the outage tests stop and start it, so
/// the suite is serialized and nothing else uses that server.
@Suite("Operations: TLS to PostgreSQL, readiness and outages", .serialized)
struct DatabaseOperationsTests {
    static let environment = ProcessInfo.processInfo.environment
    static let tlsURL = environment["PASSKEYS_TEST_TLS_POSTGRES_URL"]
    static let opsURL = environment["PASSKEYS_TEST_OPS_POSTGRES_URL"]
    static let control = environment["PASSKEYS_TEST_OPS_PGCTL"]
    static let ready = tlsURL != nil && opsURL != nil && control != nil
    static let skipReason: Comment = "needs the TLS PostgreSQL that scripts/test starts (PASSKEYS_TEST_TLS_POSTGRES_URL)"

    static var logger: Logger {
        var logger = Logger(label: "passkeys-test")
        logger.logLevel = .critical
        return logger
    }

    @Test(
        "sslmode=verify-full with sslrootcert connects a user admitted only over TLS; plaintext and a wrong CA are refused in plain words",
        .enabled(if: ready, skipReason))
    func tls() async throws {
        let base = try #require(Self.tlsURL)
        let ca = try #require(Self.environment["PASSKEYS_TEST_TLS_CA"])
        let otherCA = try #require(Self.environment["PASSKEYS_TEST_TLS_OTHER_CA"])
        for mode in ["verify-full", "verify-ca", "require"] {
            let location = DatabaseLocation.postgres("\(base)?sslmode=\(mode)&sslrootcert=\(ca)")
            try await TestServer.withServer(TestServer.configuration(location)) { client in
                var browser = TestBrowser(origin: TestServer.origin)
                let username = uniqueName("tls")
                _ = try await client.register(username, browser: &browser)
                #expect(try await client.signIn(username, browser: &browser).ok, "\(mode)")
                #expect(try await client.call(.get, "/readyz").ok)
            }
        }
        let refusals: [(String, String)] = [
            ("sslmode=disable", "no encryption"),
            ("sslmode=verify-full&sslrootcert=\(otherCA)", "certificate"),
        ]
        for (query, words) in refusals {
            do {
                let store = try await DatabaseLocation.postgres("\(base)?\(query)").openStore(logger: Self.logger)
                try? await store.shutdown()
                Issue.record("\(query): expected a refusal")
            } catch {
                let text = String(describing: error)
                #expect(text.contains(words), "\(query): \(text)")
                #expect(!text.contains("tls-only"), "the password never appears: \(text)")
            }
        }
        #expect(throws: ConfigurationError.self) { _ = try DatabaseLocation("\(base)?sslmode=sometimes").withPassword("x") }
    }

    /// One request without the 5xx check of `call`: here a 503 is the expected answer.
    static func status(
        _ client: some TestClientProtocol, _ method: HTTPRequest.Method, _ path: String, json: JSONObject? = nil
    ) async throws -> (Int, HTTPFields, String) {
        var headers: HTTPFields = [:]
        var body: ByteBuffer?
        if let json {
            headers[.contentType] = "application/json"
            body = ByteBuffer(string: JSONValue.object(json).serialized())
        }
        return try await client.execute(uri: path, method: method, headers: headers, body: body) { response in
            (Int(response.status.code), response.headers, String(buffer: response.body))
        }
    }

    /// Stops or starts the operations PostgreSQL through the script `scripts/test` wrote, on a thread of its own
    /// (waiting for it must not block the concurrency pool the server under test runs on). `system` rather than
    /// Foundation's `Process`, whose exit wait on Linux hung here when the child left a daemon behind.
    static func pg(_ action: String) async throws {
        let command = "'\(control ?? "/bin/false")' \(action) >/dev/null 2>&1"
        let status: Int32 = await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: system(command)) }
        }
        guard status == 0 else { throw ControlFailed(action: action) }
    }

    struct ControlFailed: Error { let action: String }

    @Test(
        "with the database stopped: /readyz 503, ceremonies 503 with Retry-After in bounded time, /healthz 200; back without a restart",
        .enabled(if: ready, skipReason))
    func outage() async throws {
        let location = DatabaseLocation.postgres(try #require(Self.opsURL))
        try await TestServer.withServer(TestServer.configuration(location)) { client in
            var browser = TestBrowser(origin: TestServer.origin)
            let username = uniqueName("outage")
            _ = try await client.register(username, browser: &browser)
            #expect(try await client.call(.get, "/readyz").ok)
            try await Self.pg("stop")
            do {
                let started = ContinuousClock.now
                let (ready, _, _) = try await Self.status(client, .get, "/readyz")
                #expect(ready == 503)
                let (healthz, _, _) = try await Self.status(client, .get, "/healthz")
                #expect(healthz == 200, "liveness does not depend on the database")
                for _ in 0..<3 {
                    let (code, headers, body) = try await Self.status(
                        client, .post, "/assertion/options", json: JSONObject(["username": .string(username)]))
                    #expect(code == 503 && headers[.retryAfter] != nil && body.contains("storeUnavailable"), "\(code) \(body)")
                }
                #expect(ContinuousClock.now - started < .seconds(20), "answers come within a bounded time")
                let metrics = try await client.execute(uri: "/metrics", method: .get) { String(buffer: $0.body) }
                #expect(metrics.contains("passkeys_store_up 0"), "\(metrics.suffix(300))")
            } catch {
                try? await Self.pg("start")
                throw error
            }
            try await Self.pg("start")

            var signedIn = false
            for _ in 0..<50 where !signedIn {
                let options = try await Self.status(client, .post, "/assertion/options", json: JSONObject(["username": .string(username)]))
                if options.0 == 200 {
                    let object = try JSONParser.parseObject(Array(options.2.utf8))
                    signedIn = try await client.call(.post, "/assertion/result", bytes: try browser.get(object)).ok
                } else {
                    try await Task.sleep(for: .milliseconds(200))
                }
            }
            #expect(signedIn, "the server reconnects by itself")
            #expect(try await client.call(.get, "/readyz").ok)
        }
    }

    /// This test once hung now and then at the end (every thread idle). The cause was the test bench, not the server:
    /// the PostgreSQL started from inside the test inherited the test process's sockets, so closing them here did not
    /// end the connections. `scripts/test`'s control script now starts PostgreSQL with none of the caller's descriptors.
    @Test(
        "a PostgreSQL restart during a run of sign-ups: no 500 answers, and every acknowledged registration signs in",
        .enabled(if: ready, skipReason))
    func restartUnderLoad() async throws {
        let location = DatabaseLocation.postgres(try #require(Self.opsURL))
        try await TestServer.withServer(TestServer.configuration(location)) { client in
            let restarter = Task {
                try await Task.sleep(for: .milliseconds(700))
                try await Self.pg("stop")
                try await Task.sleep(for: .milliseconds(300))
                try await Self.pg("start")
            }
            let deadline = ContinuousClock.now + .seconds(4)
            let results = try await withThrowingTaskGroup(of: [(Int, TestBrowser?, String)].self) { group in
                for worker in 0..<4 {
                    group.addTask {
                        var outcomes: [(Int, TestBrowser?, String)] = []
                        var round = 0
                        while ContinuousClock.now < deadline && round < 400 {
                            round += 1
                            var browser = TestBrowser(origin: TestServer.origin)
                            let username = "load-\(worker)-\(round)-\(UUID().uuidString.prefix(6))"
                            let options = try await Self.status(
                                client, .post, "/attestation/options", json: JSONObject(["username": .string(username)]))
                            guard options.0 == 200 else {
                                outcomes.append((options.0, nil, username))
                                continue
                            }
                            let body = try browser.create(try JSONParser.parseObject(Array(options.2.utf8)))
                            let result = try await client.execute(
                                uri: "/attestation/result", method: .post, headers: [.contentType: "application/json"], body: ByteBuffer(bytes: body)
                            ) {
                                Int($0.status.code)
                            }
                            outcomes.append((result, result == 200 ? browser : nil, username))
                        }
                        return outcomes
                    }
                }
                return try await group.reduce(into: []) { $0 += $1 }
            }
            try await restarter.value
            let statuses = Set(results.map(\.0))
            #expect(!statuses.contains(500), "\(statuses)")
            #expect(statuses.isSubset(of: [200, 503]), "\(statuses)")
            #expect(statuses.contains(503), "the restart was seen (otherwise this test proves nothing): \(statuses)")
            let acknowledged = results.filter { $0.0 == 200 }
            #expect(!acknowledged.isEmpty)
            for (_, browser, username) in acknowledged.prefix(200) {
                guard var browser else { continue }
                let signIn = try await client.signIn(username, browser: &browser)
                #expect(signIn.ok, "\(username): \(signIn.errorMessage)")
            }
        }
    }
}
