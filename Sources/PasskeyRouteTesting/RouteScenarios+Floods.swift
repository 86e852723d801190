extension RouteScenarios {
    /// One client's flood of sign-in options far past its quota drops only its own ceremonies: a sign-in Ada began
    /// before it, and one after it, both finish. Needs the app keyed by ``clientHeader``, with no rate limit, a quota
    /// of 4 waiting ceremonies per client and a ceremony store of 24.
    public static func oneClientFloods(_ app: any ScenarioTransport) async throws {
        try await adaSignsIn(app) {
            var mallory = ScenarioBrowser(app)
            mallory.clientName = "mallory"
            for index in 0..<100 {
                let flood = try await mallory.signInOptions(index.isMultiple(of: 2) ? nil : "ada")
                try check(flood.ok, "flood request \(index): \(flood.status) \(flood.text)")
            }
        }
    }

    /// A flood from 12 clients at their quota (48 ceremonies) against a store of 24 makes room from the largest
    /// holder instead of refusing everyone: Ada's sign-ins still finish. Configured as ``oneClientFloods(_:)``.
    public static func manyClientsFill(_ app: any ScenarioTransport) async throws {
        try await adaSignsIn(app) {
            for index in 0..<48 {
                var attacker = ScenarioBrowser(app)
                attacker.clientName = "mallory-\(index % 12)"
                let flood = try await attacker.signInOptions(nil)
                try check(flood.ok, "flood request \(index): \(flood.status) \(flood.text)")
            }
        }
    }

    /// With the default limits and clients keyed by address, 200 options requests from one address (10 streams at
    /// once) get some 429 `rateLimited` with `Retry-After` (a burst of 40 refilled at 20 a second cannot answer 200 in
    /// under 8 s, which leaves room for a busy machine).
    public static func defaultRateLimit(_ app: any ScenarioTransport) async throws {
        // 10 clients' worth of connections sending 20 each, as fast as they are answered: a client library queues
        // requests past its connection pool, and 200 queued at once can time out waiting for a connection.
        let start = ContinuousClock.now
        let limited = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<10 {
                group.addTask {
                    var mallory = ScenarioBrowser(app)
                    var refused = 0
                    for _ in 0..<20 {
                        let answer = try await mallory.signInOptions(nil)
                        if answer.status == 429 && answer.code == "rateLimited" && answer.header("Retry-After") == "1" { refused += 1 }
                    }
                    return refused
                }
            }
            return try await group.reduce(0, +)
        }
        // The limiter's own bound: at most the burst plus what its rate refilled while the flood ran. A machine so
        // busy that the 200 took over 8 s earns them all; then nothing is checked but that bound.
        let seconds = Double((ContinuousClock.now - start).components.seconds) + 1
        let answered = 200 - limited
        try check(Double(answered) <= 40 + 20 * seconds, "\(answered) of 200 options requests answered in under \(Int(seconds)) s")
        try check(limited > 0 || seconds > 8, "200 options requests in 10 parallel streams were all answered in \(Int(seconds)) s")
    }

    /// Ada registers and begins a sign-in, `flood` runs, then that sign-in and one begun after the flood finish.
    private static func adaSignsIn(_ app: any ScenarioTransport, around flood: () async throws -> Void) async throws {
        var ada = ScenarioBrowser(app)
        ada.clientName = "ada"
        try check(try await ada.register("ada").ok, "Ada registers")
        ada.cookie = nil
        let options = try await ada.signInOptions("ada")
        try check(options.ok, "Ada's options: \(options.text)")

        try await flood()

        let before = try await ada.post(app.layout.routes + "assertion/result", try await ada.assertion(options))
        try check(before.ok, "the sign-in begun before the flood: \(before.status) \(before.text)")
        ada.cookie = nil
        let after = try await ada.signIn("ada")
        try check(after.ok, "a sign-in begun after the flood: \(after.status) \(after.text)")
    }
}
