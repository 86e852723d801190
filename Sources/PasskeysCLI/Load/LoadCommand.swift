import ArgumentParser
import Foundation
import Histogram
import PasskeyAuthenticator
import PasskeyClient
import PasskeyCore
import PasskeyServer
import Synchronization

/// `passkeys load` (docs/reference/cli.md, "passkeys load"): real ceremonies against a running relying party, bounded in time.
struct LoadCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "load",
        abstract: "Load a relying party with real ceremonies (options → software authenticator → result).",
        discussion: """
            Start the server with --rate-limit 0, or the options endpoints will answer 429 under load. A run in which \
            more than half the ceremonies fail exits 1 and says why.

            Example:
              passkeys serve --rate-limit 0 --database sqlite::memory:
              passkeys load --server http://localhost:8080 --scenario mixed --duration 10
            """)

    enum Scenario: String, ExpressibleByArgument, CaseIterable { case login, register, mixed }

    @Option(help: "The relying party's base URL, e.g. http://localhost:8080.") var server: String
    @Option(help: "The origin the clients present (default: the server URL's origin).") var origin: String?
    @Option(help: "login, register or mixed (80% login, 20% register).") var scenario: Scenario = .login
    @Option(help: "Ceremonies in flight at once (1 to 1024).") var concurrency: Int = 32
    @Option(help: "Seconds to run (1 to 3600).") var duration: Double = 10
    @Option(help: "Accounts registered before a login or mixed run (1 to 100000; at least --concurrency).") var users: Int = 200
    @Option(help: "Where the server's Prometheus metrics are (default: SERVER/metrics), for its CPU time per ceremony.") var metrics: String?
    @Option(
        name: .customLong("algorithm"), parsing: .unconditional,
        help:
            "The credential algorithm the clients' authenticators make, by name (ES256, ML-DSA-65) or COSE number; the server must offer it (default: the first the server offers)."
    ) var algorithm: String?
    @Option(
        help:
            "Spread the requests over this many client addresses, named in X-Forwarded-For (1 to 16777216; the server must trust the generator: --trusted-proxy 127.0.0.1); default: none, every request is this host's."
    ) var clients: Int?
    @Flag(help: "Print one JSON object instead of a table.") var json = false

    func validate() throws {
        guard (1...1024).contains(concurrency) else { throw ValidationError("--concurrency: expected 1 to 1024, found \(concurrency)") }
        guard duration >= 1, duration <= 3600 else { throw ValidationError("--duration: expected 1 to 3600 seconds, found \(duration)") }
        guard (1...100_000).contains(users) else { throw ValidationError("--users: expected 1 to 100000, found \(users)") }
        if let clients, !(1...(1 << 24)).contains(clients) {
            throw ValidationError("--clients: expected 1 to 16777216, found \(clients)")
        }
        guard let c = URLComponents(string: server), c.scheme != nil, c.host != nil else {
            throw ValidationError("--server: expected a URL such as http://localhost:8080")
        }
    }

    func run() async throws {
        let serverOptions = try ServerOptions.parse(["--server", server] + (origin.map { ["--origin", $0] } ?? []))
        // Plain http: the lean keep-alive transport, so the generator's own CPU stays small next to the server's.
        let lean = KeepAliveHTTPTransport(baseURL: server)
        let general = AsyncHTTPTransport(connections: lean == nil ? concurrency : 1)
        let transport: any HTTPTransport = lean ?? general
        let ceremonies: any HTTPTransport = clients.map { ForwardedClientsTransport(base: transport, clients: $0, network: 10) } ?? transport
        let algorithms = try algorithm.map { [try AlgorithmArgument.parse($0)] } ?? SoftwareAuthenticator.supportedAlgorithms
        let runID = String(UInt32.random(in: 0 ... .max), radix: 36)
        let load = LoadRun(
            relyingParty: RelyingPartyClient(baseURL: server, transport: ceremonies), origin: origin ?? serverOptions.serverOrigin, runID: runID,
            algorithms: algorithms)
        // With --clients, the accounts a login run needs are registered from addresses apart from the run's, a new one
        // for each request: sign-ups from one address are held to the taken-name budget (5 at once) whatever the rate.
        let setup =
            clients == nil
            ? load
            : LoadRun(
                relyingParty: RelyingPartyClient(
                    baseURL: server, transport: ForwardedClientsTransport(base: transport, clients: 1 << 24, network: 11)),
                origin: load.origin, runID: runID, algorithms: algorithms)

        let result: LoadRun.Outcome
        do {
            var accounts: [LoadRun.Account] = []
            if scenario != .register {
                // Each worker signs in only with its own accounts: one authenticator used by two workers at once would
                // deliver its counters out of order, which the server rightly refuses (signCountRegression).
                let count = max(users, concurrency)
                if !json { Output.stderr("registering \(count) accounts…") }
                accounts = try await setup.registerAccounts(count, concurrency: concurrency)
            }
            if !json { Output.stderr("running \(scenario.rawValue) for \(duration) s with \(concurrency) in flight…") }
            // CPU seconds of the server (from its /metrics) and of this process, around the measured window only.
            let metricsURL = metrics ?? server + "/metrics"
            let metricsTransport: any HTTPTransport = metrics == nil ? transport : general
            let serverBefore = await Self.serverCPU(metricsTransport, metricsURL)
            let ownBefore = ProcessMetrics.cpuSeconds()
            var outcome = await load.run(scenario: scenario, accounts: accounts, concurrency: concurrency, seconds: duration, progress: !json)
            let serverAfter = await Self.serverCPU(metricsTransport, metricsURL)
            let ownAfter = ProcessMetrics.cpuSeconds()
            if let serverBefore, let serverAfter { outcome.serverCPUSeconds = serverAfter - serverBefore }
            if let ownBefore, let ownAfter { outcome.loadCPUSeconds = ownAfter - ownBefore }
            result = outcome
        } catch {
            await lean?.shutdown()
            await general.shutdown()
            // Registering the accounts failed: nothing was measured. Said in words, with what to do.
            let failure = lean?.lastFailure.withLock({ $0 }) ?? general.lastFailure.withLock({ $0 })
            var message = failure.map(\.description) ?? "\(error)"
            if case RelyingPartyClientError.server(_, _, "rateLimited"?, _) = error { message += Self.rateLimitAdvice }
            throw CLIError("the load did not start: \(message)")
        }
        await lean?.shutdown()
        await general.shutdown()
        let report = result.report(scenario: scenario.rawValue)
        if json {
            Output.json(report)
        } else {
            print(result.table(scenario: scenario.rawValue))
        }
        // A run where most ceremonies failed measured refusals, not the server: it fails, and says why.
        if let verdict = result.verdict() { throw CLIError(verdict) }
    }

    static let rateLimitAdvice = "; the server limits requests per client: start it with --rate-limit 0 (PASSKEYS_RATE_LIMIT=0) to load it"
}

/// A failed command's message, printed as `error: MESSAGE` with exit code 1.
struct CLIError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

extension LoadCommand {
    /// The server's `process_cpu_seconds_total`, or nil when its metrics cannot be read (elsewhere, or not Linux).
    static func serverCPU(_ transport: any HTTPTransport, _ url: String) async -> Double? {
        guard let response = try? await transport.send(TransportRequest(method: .get, url: url)), response.status == 200 else { return nil }
        return ProcessMetrics.cpuSeconds(inExposition: String(decoding: response.body, as: UTF8.self))
    }
}

/// One load run: accounts, workers and their measurements.
struct LoadRun: Sendable {
    struct Account: Sendable {
        let username: String
        let client: WebAuthnClient
    }

    let relyingParty: RelyingPartyClient
    let origin: String
    let runID: String
    /// What the clients' authenticators may make (`--algorithm`), so a run can load the server with ML-DSA keys.
    let algorithms: [COSEAlgorithm]

    func newClient() -> WebAuthnClient {
        WebAuthnClient(
            origin: origin,
            authenticator: SoftwareAuthenticator(store: InMemoryCredentialStore(), userVerifier: AlwaysVerify(), algorithms: algorithms))
    }

    func register(_ username: String, client: WebAuthnClient) async throws {
        let options = try await relyingParty.beginRegistration(
            RegistrationOptionsRequest(username: username, authenticatorSelection: JSONObject(["residentKey": .string("required")])))
        _ = try await relyingParty.finishRegistration(try await client.create(options))
    }

    func login(_ account: Account) async throws {
        let options = try await relyingParty.beginAuthentication(AuthenticationOptionsRequest(username: account.username))
        _ = try await relyingParty.finishAuthentication(try await account.client.get(options))
    }

    /// Registers `count` accounts, `concurrency` at a time; a failure stops the run with its reason.
    func registerAccounts(_ count: Int, concurrency: Int) async throws -> [Account] {
        try await withThrowingTaskGroup(of: Account.self) { group in
            var accounts: [Account] = []
            var next = 0
            func add() {
                let username = "load-\(runID)-\(next)"
                next += 1
                group.addTask {
                    let client = newClient()
                    try await register(username, client: client)
                    return Account(username: username, client: client)
                }
            }
            for _ in 0..<min(concurrency, count) { add() }
            while let account = try await group.next() {
                accounts.append(account)
                if next < count { add() }
            }
            return accounts
        }
    }

    struct Outcome: Sendable {
        var histogram = Histogram<UInt64>(highestTrackableValue: 60_000_000, numberOfSignificantValueDigits: .three)
        var ceremonies = 0
        var failures: [String: Int] = [:]
        var elapsed = 0.0
        /// CPU time over the measured window: the server's (from its `/metrics`) and this load generator's.
        var serverCPUSeconds: Double?
        var loadCPUSeconds: Double?

        /// Milliseconds of CPU per ceremony, to two decimals.
        func perCeremony(_ seconds: Double?) -> Double? {
            guard let seconds, ceremonies > 0 else { return nil }
            return (seconds * 1000 / Double(ceremonies) * 1000).rounded() / 1000
        }

        mutating func merge(_ other: Outcome) {
            histogram.add(other.histogram)
            ceremonies += other.ceremonies
            for (reason, count) in other.failures { failures[reason, default: 0] += count }
        }

        var failureCount: Int { failures.values.reduce(0, +) }

        /// Why the run failed, when it did: no ceremony succeeded, or more than half failed (a rate-limited server
        /// answers most with 429, and its rate is then no measurement). Names the commonest reason and what to do.
        func verdict() -> String? {
            let attempted = ceremonies + failureCount
            guard ceremonies == 0 || failureCount * 2 > attempted else { return nil }
            if attempted == 0 { return "no ceremony finished within the run's time" }
            var text = "\(failureCount) of \(attempted) ceremonies failed"
            if let (reason, count) = failures.max(by: { ($0.value, $1.key) < ($1.value, $0.key) }) {
                text += ", \(count) as \(reason)"
                if reason == "rateLimited" { text += LoadCommand.rateLimitAdvice }
                if reason == "network" { text += "; is the server still running?" }
            }
            return text
        }
        var rate: Double { elapsed > 0 ? Double(ceremonies) / elapsed : 0 }

        func milliseconds(_ percentile: Double) -> Double { (Double(histogram.valueAtPercentile(percentile)) / 1000 * 100).rounded() / 100 }

        func report(scenario: String) -> JSONValue {
            .object(
                JSONObject([
                    "scenario": .string(scenario), "ceremonies": JSONValue(ceremonies), "failures": JSONValue(failureCount),
                    "failuresByReason": .object(
                        JSONObject(members: failures.sorted { $0.key < $1.key }.map { JSONObject.Member(key: $0.key, value: JSONValue($0.value)) })),
                    "ceremoniesPerSecond": JSONValue((rate * 10).rounded() / 10),
                    "latencyMs": .object(
                        JSONObject([
                            "p50": JSONValue(milliseconds(50)), "p90": JSONValue(milliseconds(90)), "p99": JSONValue(milliseconds(99)),
                            "max": JSONValue((Double(histogram.max) / 10).rounded() / 100),
                        ])),
                    "serverCpuMsPerCeremony": perCeremony(serverCPUSeconds).map { JSONValue($0) } ?? .null,
                    "loadCpuMsPerCeremony": perCeremony(loadCPUSeconds).map { JSONValue($0) } ?? .null,
                ]))
        }

        func table(scenario: String) -> String {
            var lines = [
                "scenario            \(scenario)",
                "ceremonies          \(ceremonies) in \(String(format: "%.1f", elapsed)) s",
                "ceremonies/s        \(String(format: "%.1f", rate))",
                "failures            \(failureCount)",
                "latency p50/p90/p99 \(milliseconds(50)) / \(milliseconds(90)) / \(milliseconds(99)) ms (max \(Double(histogram.max) / 1000) ms)",
            ]
            lines.append(
                "server CPU/ceremony \(perCeremony(serverCPUSeconds).map { "\($0) ms" } ?? "unknown (no process_cpu_seconds_total at --metrics)")")
            lines.append("load CPU/ceremony   \(perCeremony(loadCPUSeconds).map { "\($0) ms" } ?? "unknown")")
            for (reason, count) in failures.sorted(by: { $0.value > $1.value }) { lines.append("  failed: \(reason) × \(count)") }
            return lines.joined(separator: "\n")
        }
    }

    /// Runs workers until `seconds` pass; ceremonies that start before the deadline finish and are counted.
    func run(scenario: LoadCommand.Scenario, accounts: [Account], concurrency: Int, seconds: Double, progress: Bool) async -> Outcome {
        let clock = ContinuousClock()
        let start = clock.now
        let deadline = start + .milliseconds(Int64(seconds * 1000))
        let counters = ProgressCounters()
        let reporter = Task {
            guard progress else { return }
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(1))
                let elapsed = (clock.now - start).seconds
                let count = counters.done.load(ordering: .relaxed)
                Output.stderr(
                    String(
                        format: "  %5.1f s  %8d ceremonies  %8.1f/s  %d failures", elapsed, count, Double(count) / max(elapsed, 0.001),
                        counters.failed.load(ordering: .relaxed)))
            }
        }
        var total = await withTaskGroup(of: Outcome.self) { group in
            for worker in 0..<concurrency {
                group.addTask {
                    var outcome = Outcome()
                    var generator = SystemRandomNumberGenerator()
                    var registrations = 0
                    let registrar = newClient()
                    let mine = stride(from: worker, to: accounts.count, by: concurrency).map { accounts[$0] }
                    while clock.now < deadline {
                        let began = clock.now
                        do {
                            let registerNow =
                                scenario == .register || (scenario == .mixed && Int.random(in: 0..<5, using: &generator) == 0) || mine.isEmpty
                            if registerNow {
                                registrations += 1
                                try await register("load-\(runID)-w\(worker)-\(registrations)", client: registrar)
                            } else {
                                try await login(mine[Int.random(in: 0..<mine.count, using: &generator)])
                            }
                            let micros = (clock.now - began).microseconds
                            _ = outcome.histogram.record(UInt64(max(micros, 1)))
                            outcome.ceremonies += 1
                            counters.done.add(1, ordering: .relaxed)
                        } catch {
                            outcome.failures[Self.reason(error), default: 0] += 1
                            counters.failed.add(1, ordering: .relaxed)
                        }
                    }
                    return outcome
                }
            }
            var merged = Outcome()
            for await outcome in group { merged.merge(outcome) }
            return merged
        }
        reporter.cancel()
        total.elapsed = (clock.now - start).seconds
        return total
    }

    static func reason(_ error: any Error) -> String {
        switch error {
        case let error as RelyingPartyClientError: error.reason
        case let error as WebAuthnClientError: error.code.rawValue
        default: "other"
        }
    }
}

/// Live totals for the progress line, shared by all workers.
final class ProgressCounters: Sendable {
    let done = Atomic<Int>(0)
    let failed = Atomic<Int>(0)
}

extension Duration {
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
    var microseconds: Int64 { components.seconds * 1_000_000 + components.attoseconds / 1_000_000_000_000 }
}
