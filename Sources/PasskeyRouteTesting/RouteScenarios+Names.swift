extension RouteScenarios {
    /// After five taken names a client gets 429 `rateLimited` for every sign-up, taken or free, so names cannot be
    /// enumerated at speed (the default `takenNameLimiter`).
    public static func takenNamesAreLimited(_ app: any ScenarioTransport) async throws {
        var ada = ScenarioBrowser(app)
        try check(try await ada.register("ada").ok, "Ada registers")
        var mallory = ScenarioBrowser(app)
        var taken = 0
        for _ in 0..<20 where try await mallory.registrationOptions("ada").code == "usernameTaken" { taken += 1 }
        try check(taken == 5, "taken-name answers before the limit: \(taken)")
        let free = try await mallory.registrationOptions("nobody-has-this-name")
        try check(free.status == 429 && free.code == "rateLimited", "a free name must look the same: \(free.status) \(free.text)")
    }

    /// Free names do not spend that budget: ten sign-ups for new names in a row all begin.
    public static func freeNamesAreNotCharged(_ app: any ScenarioTransport) async throws {
        var visitor = ScenarioBrowser(app)
        for index in 0..<10 {
            let answer = try await visitor.registrationOptions("new-user-\(index)")
            try check(answer.ok, "\(index): \(answer.status) \(answer.text)")
        }
    }
}
