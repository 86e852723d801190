extension RouteScenarios {
    /// After five taken names a client gets 429 `rateLimited` for every sign-up, taken or free, so names cannot be
    /// enumerated at speed (the default `takenNameLimiter`).
    public static func takenNamesAreLimited(_ app: any ScenarioTransport) async throws {
        var ada = ScenarioBrowser(app)
        try check(try await ada.register("ada").ok, "Ada registers")
        var mallory = ScenarioBrowser(app)
        var taken = 0
        let start = ContinuousClock.now
        for _ in 0..<20 where try await mallory.registrationOptions("ada").code == "usernameTaken" { taken += 1 }
        // Five at once, and one more for each ten seconds the loop took (a slow machine earns refills).
        let earned = Int((ContinuousClock.now - start).components.seconds / 10)
        try check((5...5 + earned).contains(taken), "taken-name answers before the limit: \(taken)")
        // Right after a refusal the budget is empty, so a free name is refused too. The budget refills continuously (a
        // token each ten seconds), so on a slow machine one may come between the two requests: then the taken name
        // drains it again and the free name is asked once more. A free name that is never limited fails every try.
        var free = try await mallory.registrationOptions("nobody-has-this-name-0")
        for attempt in 1..<3 where free.status != 429 {
            for _ in 0..<20 where try await mallory.registrationOptions("ada").code == "usernameTaken" {}
            free = try await mallory.registrationOptions("nobody-has-this-name-\(attempt)")
        }
        try check(free.status == 429 && free.code == "rateLimited", "a free name must look the same: \(free.status) \(free.text)")
    }

    /// Names are compared by `UsernameKey`: capitals, full width and a whole-Cyrillic spelling of a taken
    /// name are that name; a new name mixing scripts is 400 `usernameMixesScripts`, one holding an invisible or
    /// blank-looking character 400 `usernameInvisibleCharacters`; the signed-in owner typing their
    /// name in capitals gets a second passkey under the stored name; a sign-in by a look-alike is the account's.
    public static func lookalikeNames(_ app: any ScenarioTransport) async throws {
        var owner = ScenarioBrowser(app)
        try check(try await owner.register("coe").ok, "coe registers")
        var stranger = ScenarioBrowser(app)
        for lookalike in ["Coe", "COE", "ｃｏｅ", "\u{0441}\u{043E}\u{0435}"] {
            let attempt = try await stranger.registrationOptions(lookalike)
            try check(attempt.status == 403 && attempt.code == "usernameTaken", "\(lookalike): \(attempt.status) \(attempt.text)")
        }
        let mixed = try await stranger.registrationOptions("c\u{043E}ex")
        try check(mixed.status == 400 && mixed.code == "usernameMixesScripts", "mixed scripts: \(mixed.status) \(mixed.text)")
        // Characters that draw as nothing or as a blank are refused in a new name, in every front end.
        for invisible in ["co\u{34F}e", "coe\u{FE0F}", "coe\u{3164}", "co\u{2800}e"] {
            let attempt = try await stranger.registrationOptions(invisible)
            try check(
                attempt.status == 400 && attempt.code == "usernameInvisibleCharacters",
                "\(invisible.unicodeScalars.map { String($0.value, radix: 16) }): \(attempt.status) \(attempt.text)")
        }
        let more = try await owner.registrationOptions("COE")
        try check(more.ok, "the owner's own spelling: \(more.status) \(more.text)")
        try check(more.object["user"]?.objectValue?["name"]?.stringValue == "coe", "listed under the stored name: \(more.text)")
        var returning = ScenarioBrowser(app, authenticator: owner.webAuthn.authenticator)
        try check(try await returning.signIn("CОE").ok, "a sign-in by a look-alike spelling is the account's")
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
