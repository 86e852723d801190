import Foundation
import PasskeyVapor
import PasskeysVaporExample
import Testing

/// One table and no limit would let anyone lock out every sign-in by filling the ceremony store with anonymous
/// `assertion/options` requests.
@Suite("Vapor example, attack: flooding the ceremony store")
struct CeremonyFloodTests {
    /// A small store and quota, so a flood far past both takes a few hundred requests; no rate limit, so the quota
    /// and the eviction are what is tested; clients named by `X-Test-Client`.
    static func smallStore(_ configuration: inout ExampleConfiguration) {
        configuration.pendingCeremonyCapacity = 24
        configuration.limits = PasskeyRouteLimits(optionsLimiter: nil, pendingCeremoniesPerClient: 4)
        configuration.clientKey = { request in request.headers.first(name: ExampleServer.testClient) }
    }

    /// Ada registers and begins a sign-in, `flood` runs, then that sign-in and one begun after the flood both finish.
    static func adaSignsIn(around flood: @Sendable (TestClient) async throws -> Void) async throws {
        try await ExampleServer.run(configure: smallStore) { client in
            var ada = Browser(client)
            ada.clientName = "ada"
            #expect(try await ada.register("ada").ok)
            ada.cookie = nil
            let options = try await ada.signInOptions("ada")
            #expect(options.ok, "\(options.text)")

            try await flood(client)

            #expect(try await ada.post("/passkeys/assertion/result", try await ada.assertion(options)).ok)
            ada.cookie = nil
            let after = try await ada.signIn("ada")
            #expect(after.ok, "\(after.status) \(after.text)")
        }
    }

    @Test("one client's flood of sign-in options far past its quota drops only its own ceremonies: another's sign-in begins and finishes")
    func oneClientFloods() async throws {
        try await Self.adaSignsIn { client in
            var mallory = Browser(client)
            mallory.clientName = "mallory"
            for index in 0..<100 {
                let flood = try await mallory.signInOptions(index.isMultiple(of: 2) ? nil : "ada")
                #expect(flood.ok, "flood request \(index): \(flood.status) \(flood.text)")
            }
        }
    }

    @Test("a flood from many clients that fills the store makes room from the largest holder, not by refusing everyone")
    func manyClientsFill() async throws {
        try await Self.adaSignsIn { client in
            // 12 clients at their quota of 4 would hold 48 ceremonies; the store holds 24.
            for index in 0..<48 {
                var attacker = Browser(client)
                attacker.clientName = "mallory-\(index % 12)"
                let flood = try await attacker.signInOptions(nil)
                #expect(flood.ok, "flood request \(index): \(flood.status) \(flood.text)")
            }
        }
    }

    @Test("by default a client keyed by its address gets 429 rateLimited with Retry-After once its burst of options is spent")
    func defaultRateLimit() async throws {
        try await ExampleServer.run { client in
            // 100 requests at once from one address against a burst of 40 refilled at 20 a second: some must be
            // refused unless the 100 took over 3 s to arrive.
            let limited = try await withThrowingTaskGroup(of: Bool.self) { group in
                for _ in 0..<100 {
                    group.addTask {
                        var mallory = Browser(client)
                        let answer = try await mallory.signInOptions(nil)
                        return answer.status == .tooManyRequests && answer.code == "rateLimited" && answer.headers.first(name: .retryAfter) == "1"
                    }
                }
                return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
            }
            #expect(limited > 0, "100 options requests at once were all answered")
        }
    }
}
