import Foundation
import Logging
import PasskeyCore
import Testing

@testable import PasskeyServer
@testable import PasskeyStore

/// How long a wrong recovery code takes for a name with an account and for one without, as a
/// ratio of medians. A benchmark, not a test: it asserts nothing about time and runs only when asked
/// (`PASSKEYS_BENCH_RECOVERY=1 swift test --skip-build --filter RecoveryTimingBenchmark`; add `-c release` for
/// figures that match a deployment). The attempts alternate, known then unknown, so the machine's drift falls on both.
@Suite("Benchmark: recovery timing for known and unknown names", .serialized)
struct RecoveryTimingBenchmark {
    static let enabled = ProcessInfo.processInfo.environment["PASSKEYS_BENCH_RECOVERY"] != nil
    static let samples = Int(ProcessInfo.processInfo.environment["PASSKEYS_BENCH_RECOVERY_SAMPLES"] ?? "") ?? 2000

    @Test("the ratio of median times, known name / unknown name, of a wrong recovery code", .enabled(if: enabled), arguments: Backend.all)
    func ratio(_ backend: Backend) async throws {
        var logger = Logger(label: "passkeys-bench")
        logger.logLevel = .critical
        let store = try await backend.location().openStore(logger: logger)
        // No limits: the benchmark measures the lookup, not the limiter's refusals.
        let unlimited = RateLimiter(rate: 1e9, burst: 1e9)
        var limits = PasskeyRouteLimits(optionsLimiter: nil, failedResultLimiter: nil, takenNameLimiter: nil)
        limits.recovery = RecoveryLimits(perAccount: unlimited, perClient: unlimited)
        let relyingParty = RelyingParty(
            configuration: RelyingPartyConfiguration(rpID: "localhost", rpName: "Bench", origins: ["http://localhost:8080"]), store: store,
            limits: limits)
        let hasher = try await relyingParty.recoveryCodeHasher()
        // Accounts with ten codes each, as sign-up gives them.
        let run = UUID().uuidString.prefix(8).lowercased()
        var known: [String] = []
        for index in 0..<20 {
            let name = "bench-\(run)-\(index)"
            let handle = Array(SecureRandom.bytes(16))
            let user = UserRecord(handle: handle, username: name, displayName: name, createdAt: 1)
            let credential = CredentialRecord(
                id: SecureRandom.bytes(16), userHandle: handle, publicKey: [1], signCount: 0, transports: [], aaguid: AAGUID.zero.description,
                format: "none", attestationType: "none", backupEligible: false, backupState: false, name: "Passkey", createdAt: 1, lastUsedAt: nil)
            let session = SessionRecord(
                tokenHash: Base64URL.encode(SecureRandom.bytes(16)), userHandle: handle, credentialID: credential.id, expiresAt: 1)
            let outcome = try await store.finishRegistration(
                newUser: user, credential: credential, session: session, requiredSession: nil, endsRequiredSession: false,
                recoveryCodeHashes: hasher.issue().hashes, now: 1, events: .none)
            #expect(outcome == .registered)
            known.append(name)
        }
        let unknown = (0..<20).map { "nobody-\(run)-\($0)" }
        func attempt(_ name: String) async throws -> Duration {
            let body = JSONObject(["username": .string(name), "code": .string("0000-0000-0000-0000")])
            let start = ContinuousClock.now
            do {
                _ = try await relyingParty.recover(body, client: "bench", origin: .outsideRequest)
                Issue.record("a wrong code recovered \(name)")
            } catch let error as RelyingPartyError where error.code == "invalidRecoveryCode" {}
            return ContinuousClock.now - start
        }
        for index in 0..<200 { _ = try await attempt(index % 2 == 0 ? known[index % 20] : unknown[index % 20]) }
        var knownTimes: [Double] = [], unknownTimes: [Double] = []
        for index in 0..<Self.samples {
            knownTimes.append(Self.microseconds(try await attempt(known[index % known.count])))
            unknownTimes.append(Self.microseconds(try await attempt(unknown[index % unknown.count])))
        }
        try await store.shutdown()
        let (knownMedian, unknownMedian) = (Self.median(knownTimes), Self.median(unknownTimes))
        print(
            String(
                format:
                    "recovery timing (%@, %d samples each): known name median %.1f µs (p90 %.1f), unknown name median %.1f µs (p90 %.1f), ratio %.3f",
                backend.rawValue, Self.samples, knownMedian, Self.percentile(knownTimes, 0.9), unknownMedian, Self.percentile(unknownTimes, 0.9),
                knownMedian / unknownMedian))
    }

    static func microseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1e6 + Double(duration.components.attoseconds) / 1e12
    }

    static func median(_ values: [Double]) -> Double { percentile(values, 0.5) }

    static func percentile(_ values: [Double], _ fraction: Double) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))]
    }
}
