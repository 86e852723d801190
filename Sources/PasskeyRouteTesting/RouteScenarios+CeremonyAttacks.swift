extension RouteScenarios {
    /// An assertion result sent again is 400 `unknownCeremony` (each challenge is used once, WebAuthn L3 §13.4.3)
    /// and starts no session.
    public static func replayedAssertion(_ app: any ScenarioTransport) async throws {
        var ada = ScenarioBrowser(app)
        try check(try await ada.register("ada").ok, "Ada registers")
        let assertion = try await ada.assertion(try await ada.signInOptions("ada"))

        var first = ScenarioBrowser(app)
        try check(try await first.post(app.layout.routes + "assertion/result", assertion).ok, "the first use signs in")
        var replay = ScenarioBrowser(app)
        let again = try await replay.post(app.layout.routes + "assertion/result", assertion)
        try check(again.status == 400 && again.code == "unknownCeremony", "\(again.status) \(again.text)")
        try check(again.header("Set-Cookie") == nil && replay.cookie == nil, "no session for the replay")
        try check(try await replay.me() == nil, "nobody signed in by the replay")
    }

    /// A sign-in begun for Ada finished with Bob's passkey (his client ignores `allowCredentials`) is 400
    /// `unknownCredential` (§7.2 steps 5–6), echoing only the credential ID Bob sent, with no session.
    public static func otherUsersPasskey(_ app: any ScenarioTransport) async throws {
        var ada = ScenarioBrowser(app)
        var bob = ScenarioBrowser(app)
        try check(try await ada.register("ada").ok, "Ada registers")
        try check(try await bob.register("bob").ok, "Bob registers")
        bob.cookie = nil

        let options = try await bob.signInOptions("ada")
        try check(options.object["allowCredentials"]?.arrayValue?.count == 1, "Ada's options list her passkey: \(options.text)")
        var stripped = options.object
        stripped["allowCredentials"] = .array([])
        let forged = try await bob.assertion(options.replacing(object: stripped))

        let answer = try await bob.post(app.layout.routes + "assertion/result", forged)
        try check(answer.status == 400 && answer.code == "unknownCredential", "\(answer.status) \(answer.text)")
        try check(answer.object["credentialId"] == forged["rawId"], "the echo is the ID Bob sent: \(answer.text)")
        try check(answer.header("Set-Cookie") == nil && bob.cookie == nil, "no session for Bob")
        try check(try await bob.me() == nil, "nobody signed in")
    }
}
