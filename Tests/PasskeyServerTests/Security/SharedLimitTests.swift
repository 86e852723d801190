import Foundation
import HTTPTypes
import HummingbirdTesting
import Logging
import PasskeyCore
import SQLKit
import Synchronization
import Testing

@testable import PasskeyServer
@testable import PasskeyStore

/// Limits that multiplied with instances: with two `passkeys serve` instances on one PostgreSQL, one client
/// alternating between them got 20 sign-in options where one instance allows 10, and wrong recovery codes for one name
/// spread over both got 10 tries where the per-name budget is 5. Every per-client limit is now kept in the database
/// (`rate_buckets`, `ceremony_quota`), so a client spread over the instances gets what one instance gives it.
@Suite(
    "Attack: spreading requests over instances",
    .enabled(if: Backend.postgresURL != nil, "PASSKEYS_TEST_POSTGRES_URL is not set (scripts/test starts PostgreSQL and sets it)"))
struct SharedLimitTests {
    static let forwardedFor = HTTPField.Name("X-Forwarded-For")!
    static let loopbackProxy = [try! IPNetwork("127.0.0.1/32")]

    /// Runs `body` on a PostgreSQL database of its own (``Backend/ownLocation()``).
    static func withOwnDatabase(_ body: (DatabaseLocation) async throws -> Void) async throws {
        try await body(try await Backend.postgres.ownLocation())
    }

    /// One server on `location`, then a second on the same database; `body` gets both.
    static func withTwoInstances(
        _ location: DatabaseLocation, rateLimit: Double? = 0.01, configure: (inout ServerConfiguration) -> Void = { _ in },
        _ body: @Sendable (any TestClientProtocol, any TestClientProtocol) async throws -> Void
    ) async throws {
        var configuration = TestServer.configuration(location, rateLimit: rateLimit, trustedProxies: loopbackProxy)
        configure(&configuration)
        let shared = configuration
        try await TestServer.withServer(shared) { a in
            try await TestServer.withServer(shared) { b in try await body(a, b) }
        }
    }

    /// The statuses of `count` requests, sent to `instances` in turn.
    static func statuses(
        _ instances: [any TestClientProtocol], count: Int, _ send: (any TestClientProtocol, Int) async throws -> JSONResponse
    ) async throws -> [Int] {
        var statuses: [Int] = []
        for index in 0..<count { statuses.append(Int(try await send(instances[index % instances.count], index).status.code)) }
        return statuses
    }

    static func options(_ client: any TestClientProtocol, from address: String) async throws -> JSONResponse {
        try await client.call(.post, "/assertion/options", json: JSONObject(), headers: [forwardedFor: address])
    }

    @Test("one client alternating between two instances gets at most 1.3x the sign-in options one instance gives it")
    func optionsRate() async throws {
        // What one instance gives one client: its burst of 10 (--rate-limit 0.01: a token per 100 s).
        let alone = Mutex(0)
        try await Self.withOwnDatabase { location in
            try await TestServer.withServer(TestServer.configuration(location, rateLimit: 0.01, trustedProxies: Self.loopbackProxy)) { a in
                let statuses = try await Self.statuses([a], count: 30) { instance, _ in try await Self.options(instance, from: "198.51.100.1") }
                alone.withLock { $0 = statuses.filter { $0 == 200 }.count }
            }
        }
        let single = alone.withLock { $0 }
        #expect(single == 10, "one instance's burst")
        try await Self.withOwnDatabase { location in
            try await Self.withTwoInstances(location) { a, b in
                let statuses = try await Self.statuses([a, b], count: 30) { instance, _ in try await Self.options(instance, from: "198.51.100.1") }
                let spread = statuses.filter { $0 == 200 }.count
                #expect(Double(spread) <= 1.3 * Double(single), "alternating: \(spread) answered, one instance answers \(single): \(statuses)")
                #expect(spread == single, "one bucket for the cluster: \(statuses)")
                #expect(statuses.suffix(10).allSatisfy { $0 == 429 }, "\(statuses)")
                // Another client is not affected.
                #expect(try await Self.options(b, from: "198.51.100.2").ok)
            }
        }
    }

    @Test("the per-name recovery budget holds across instances and clients: 5 wrong codes, then 429 everywhere")
    func recoveryPerName() async throws {
        try await Self.withOwnDatabase { location in
            try await Self.withTwoInstances(location, rateLimit: nil, configure: { $0.limits = RecoveryCodeTests.slowRefillLimits }) { a, b in
                var phone = TestBrowser(origin: TestServer.origin)
                let (username, _, codes) = try await RecoveryCodeTests.account(a, browser: &phone)
                let statuses = try await Self.statuses([a, b], count: 10) { instance, index in
                    // A new client address for every guess, as a botnet would send them.
                    try await instance.call(
                        .post, "/recovery", json: JSONObject(["username": .string(username), "code": .string(RecoveryCodes.generate(count: 1)[0])]),
                        headers: [Self.forwardedFor: "203.0.113.\(index + 1)"])
                }
                #expect(statuses == Array(repeating: 400, count: 5) + Array(repeating: 429, count: 5), "\(statuses)")
                // The account's own code waits for the budget to refill, on either instance, from any client.
                for instance in [a, b] {
                    let locked = try await instance.call(
                        .post, "/recovery", json: JSONObject(["username": .string(username), "code": .string(codes[0])]),
                        headers: [Self.forwardedFor: "192.0.2.200"])
                    #expect(locked.status == .tooManyRequests && locked.code == "rateLimited")
                }
                // Spelled another way, the name is the same account (UsernameKey) and the same budget.
                let shouted = try await b.call(
                    .post, "/recovery", json: JSONObject(["username": .string(username.uppercased()), "code": .string(codes[1])]),
                    headers: [Self.forwardedFor: "192.0.2.201"])
                #expect(shouted.status == .tooManyRequests)
            }
        }
    }

    @Test("the per-client recovery budget holds across instances: 10 guesses over many names, then 429")
    func recoveryPerClient() async throws {
        try await Self.withOwnDatabase { location in
            try await Self.withTwoInstances(location, rateLimit: nil, configure: { $0.limits = RecoveryCodeTests.slowRefillLimits }) { a, b in
                let statuses = try await Self.statuses([a, b], count: 14) { instance, _ in
                    try await instance.call(
                        .post, "/recovery",
                        json: JSONObject(["username": .string(uniqueName("nobody")), "code": .string(RecoveryCodes.generate(count: 1)[0])]),
                        headers: [Self.forwardedFor: "198.51.100.9"])
                }
                #expect(statuses == Array(repeating: 400, count: 10) + Array(repeating: 429, count: 4), "\(statuses)")
            }
        }
    }

    @Test("failed results spread over instances draw from one budget")
    func failedResults() async throws {
        try await Self.withOwnDatabase { location in
            try await Self.withTwoInstances(location) { a, b in
                let statuses = try await Self.statuses([a, b], count: 24) { instance, _ in
                    try await instance.call(
                        .post, "/assertion/result", json: JSONObject(["id": .string("AA")]), headers: [Self.forwardedFor: "198.51.100.3"])
                }
                // --rate-limit 0.01: failed results burst max(rate, 10) = 10, the same as on one instance.
                #expect(statuses == Array(repeating: 400, count: 10) + Array(repeating: 429, count: 14), "\(statuses)")
            }
        }
    }

    @Test("the token routes draw from the same shared budgets: POST /session/token the options rate, POST /introspect failed results")
    func tokenRoutes() async throws {
        try await Self.withOwnDatabase { location in
            try await Self.withTwoInstances(location) { a, b in
                // --rate-limit 0.01: bursts of 10 for both budgets. Without a session, each token request is 401 after
                // taking an options token.
                let tokens = try await Self.statuses([a, b], count: 14) { instance, _ in
                    try await instance.call(.post, "/session/token", json: JSONObject(), headers: [Self.forwardedFor: "198.51.100.10"])
                }
                #expect(tokens == Array(repeating: 401, count: 10) + Array(repeating: 429, count: 4), "\(tokens)")
                // Wrong service keys are failures the client caused.
                var introspections: [Int] = []
                for index in 0..<14 {
                    let answer = try await [a, b][index % 2].raw(
                        .post, "/introspect", body: "token=x",
                        headers: [
                            .contentType: "application/x-www-form-urlencoded", .authorization: "Bearer psk_" + String(repeating: "A", count: 43),
                            Self.forwardedFor: "198.51.100.11",
                        ])
                    introspections.append(Int(answer.status.code))
                }
                #expect(introspections == Array(repeating: 401, count: 10) + Array(repeating: 429, count: 4), "\(introspections)")
                // The same client's sign-in options share the options budget the token route spent.
                #expect(try await Self.options(a, from: "198.51.100.10").status == .tooManyRequests)
            }
        }
    }

    @Test("a client is told a name is taken 5 times in all, whichever instances it asks")
    func takenNames() async throws {
        try await Self.withOwnDatabase { location in
            try await Self.withTwoInstances(location, rateLimit: 20) { a, b in
                var browser = TestBrowser(origin: TestServer.origin)
                let username = uniqueName("taken")
                _ = try await a.register(username, browser: &browser)
                var codes: [String] = []
                for index in 0..<8 {
                    let answer = try await [a, b][index % 2].call(
                        .post, "/attestation/options", json: JSONObject(["username": .string(username)]), headers: [Self.forwardedFor: "198.51.100.4"]
                    )
                    codes.append(answer.code ?? "ok")
                }
                #expect(codes == Array(repeating: "usernameTaken", count: 5) + Array(repeating: "rateLimited", count: 3), "\(codes)")
                // Free names give their token back on either instance: sign-ups of new names go on.
                let free = try await b.call(
                    .post, "/attestation/options", json: JSONObject(["username": .string(uniqueName("free"))]),
                    headers: [Self.forwardedFor: "198.51.100.5"])
                #expect(free.ok)
            }
        }
    }

    @Test("a client keeps at most its quota of waiting ceremonies in all: beginning more on another instance drops its own oldest")
    func ceremonyQuota() async throws {
        try await Self.withOwnDatabase { location in
            try await Self.withTwoInstances(
                location, rateLimit: nil,
                configure: { $0.limits = PasskeyRouteLimits(optionsLimiter: nil, failedResultLimiter: nil, pendingCeremoniesPerClient: 4) }
            ) { a, b in
                var browser = TestBrowser(origin: TestServer.origin)
                let username = uniqueName("quota")
                _ = try await a.register(username, browser: &browser)
                var begun: [JSONObject] = []
                for index in 0..<6 {
                    let options = try await [a, b][index % 2].call(
                        .post, "/assertion/options", json: JSONObject(["username": .string(username)]), headers: [Self.forwardedFor: "198.51.100.6"])
                    #expect(options.ok)
                    begun.append(options.object)
                }
                // Per instance, each would hold three of the six, under its quota of 4, and keep them all.
                for oldest in begun.prefix(2) {
                    let finished = try await a.call(.post, "/assertion/result", bytes: try browser.get(oldest))
                    #expect(finished.status == .badRequest, "pushed out by the client's newer ceremonies: \(finished.object)")
                }
                #expect(try await b.call(.post, "/assertion/result", bytes: try browser.get(begun[5])).ok)
                #expect(try await a.call(.post, "/assertion/result", bytes: try browser.get(begun[2])).ok)
            }
        }
    }

    @Test("limits cost one statement each; refunds ride on the next; a refused client costs none until a token is back")
    func statements() async throws {
        try await Self.withOwnDatabase { location in
            try await Self.withTwoInstances(location) { a, _ in
                var browser = TestBrowser(origin: TestServer.origin)
                let username = uniqueName("cost")
                _ = try await a.register(username, browser: &browser)
                _ = try await a.signIn(username, browser: &browser)
                let before = try await SignInStatementsTests.settledStatements(a)
                #expect(try await a.signIn(username, browser: &browser).ok)
                let signIn = try await SignInStatementsTests.statements(a) - before
                // The sign-in's three (SignInStatementsTests), the options token, the quota, the failed-results token
                // (the previous result's refund rides on it).
                #expect(signIn == (SignInStatementsTests.signInBudget[.postgres] ?? 0) + 3, "a limited sign-in ran \(signIn) statements")

                // A client whose bucket is empty (--rate-limit 0.01: a token per 100 s) is refused without asking the
                // database again.
                var statuses: [Int] = []
                for _ in 0..<12 { statuses.append(Int(try await Self.options(a, from: "198.51.100.7").status.code)) }
                #expect(statuses.suffix(2) == [429, 429], "\(statuses)")
                let beforeFlood = try await SignInStatementsTests.settledStatements(a)
                for _ in 0..<20 { #expect(try await Self.options(a, from: "198.51.100.7").status == .tooManyRequests) }
                let flood = try await SignInStatementsTests.statements(a) - beforeFlood
                #expect(flood == 0, "20 refusals ran \(flood) statements")
            }
        }
    }

    @Test("buckets are unlogged, keyed by at most 64 bytes, and purged once full")
    func boundedTable() async throws {
        try await Self.withOwnDatabase { location in
            var logger = Logger(label: "passkeys-test")
            logger.logLevel = .critical
            let store = try #require(try await location.openStore(logger: logger) as? PostgresStore)
            do {
                let persistence = try await store.connections.with { db in
                    try await db.raw(
                        """
                        SELECT relname, relpersistence::text AS persistence FROM pg_class
                        WHERE relname IN ('rate_buckets', 'ceremony_quota') AND relnamespace = current_schema()::regnamespace
                        """
                    ).all()
                        .map { "\(try $0.decode(column: "relname", as: String.self))=\(try $0.decode(column: "persistence", as: String.self))" }
                }
                #expect(Set(persistence) == ["rate_buckets=u", "ceremony_quota=u"])

                // A fast-refilling bucket is full again at once and purged; a slow one is kept.
                let fast = store.sharedRateLimiter(budget: "test-fast", rate: 1000, burst: 2)
                let slow = store.sharedRateLimiter(budget: "test-slow", rate: 0.001, burst: 2)
                let long = String(repeating: "ü", count: 200)
                #expect(try await fast.allow("client"))
                #expect(try await slow.allow(long))
                try await Task.sleep(for: .milliseconds(50))
                try await store.purgeExpired(now: 0)
                let rows = try await store.connections.with { db in
                    try await db.raw("SELECT budget, client FROM rate_buckets").all()
                        .map { (try $0.decode(column: "budget", as: String.self), try $0.decode(column: "client", as: String.self)) }
                }
                #expect(rows.map(\.0) == ["test-slow"])
                #expect(rows.allSatisfy { $0.1.utf8.count <= SharedLimitKey.maximumLength }, "\(rows)")
                // The hashed key is still that client's bucket.
                #expect(try await slow.allow(long))
                #expect(try await !slow.allow(long))
            } catch {
                try? await store.shutdown()
                throw error
            }
            try await store.shutdown()
        }
    }

    @Test("leased tokens: two instances grant a client at most its bucket together, however its requests fall, in fewer statements")
    func leases() async throws {
        try await Self.withOwnDatabase { location in
            var logger = Logger(label: "passkeys-test")
            logger.logLevel = .critical
            let store = try #require(try await location.openStore(logger: logger) as? PostgresStore)
            do {
                // Two instances' limiters of one budget (as `passkeys serve` makes them: burst 40, the default options
                // burst), so a statement leases up to 5 tokens; the refill (a token per 1000 s) adds none meanwhile.
                let instances = (0..<2).map { _ in
                    PostgresRateLimiter(connections: store.connections, budget: "test-lease", rate: 0.001, burst: 40)
                }
                #expect(instances.allSatisfy { $0.leaseSize == 5 })
                // Each pattern is a client of its own: alternating, three to one, in runs of three.
                let patterns: [(String, (Int) -> Int)] = [
                    ("alternating", { $0 % 2 }), ("three to one", { $0 % 4 == 3 ? 1 : 0 }), ("runs of three", { ($0 / 3) % 2 }),
                ]
                for (client, instance) in patterns {
                    let before = store.statementsExecuted
                    var granted = 0
                    for index in 0..<80 { if try await instances[instance(index)].allow(client) { granted += 1 } }
                    let statements = store.statementsExecuted - before
                    #expect(granted <= 40, "\(client): \(granted) granted where one bucket holds 40")
                    #expect(statements <= 16, "\(client): \(granted) grants cost \(statements) statements (a lease holds up to 5)")
                }
                // A successful result gives its token back to this instance's lease, so refunds never take a client
                // past its bucket: five taken and given back, then at most the 40 it holds.
                let one = instances[0]
                for _ in 0..<5 { #expect(try await one.allow("refunded")) }
                for _ in 0..<5 { await one.refund("refunded") }
                var granted = 0
                for _ in 0..<60 { if try await one.allow("refunded") { granted += 1 } }
                #expect(granted <= 40, "a bucket of 40 gave \(granted) after five tokens taken and given back")
            } catch {
                try? await store.shutdown()
                throw error
            }
            try await store.shutdown()
        }
    }

    @Test("refusals remembered between statements are bounded, and forgetting one never gives a client more")
    func boundedMemory() async throws {
        try await Self.withOwnDatabase { location in
            var logger = Logger(label: "passkeys-test")
            logger.logLevel = .critical
            let store = try #require(try await location.openStore(logger: logger) as? PostgresStore)
            do {
                let limiter = PostgresRateLimiter(connections: store.connections, budget: "test-memory", rate: 0.001, burst: 1, capacity: 10)
                #expect(try await limiter.allow("victim"))
                #expect(try await !limiter.allow("victim"))
                for index in 0..<40 {
                    _ = try await limiter.allow("flood-\(index)")
                    _ = try await limiter.allow("flood-\(index)")
                }
                #expect(limiter.rememberedClients <= 10)
                #expect(try await !limiter.allow("victim"), "the database still holds the victim's empty bucket")
            } catch {
                try? await store.shutdown()
                throw error
            }
            try await store.shutdown()
        }
    }
}
