extension RouteScenarios {
    /// Registering a taken username without that account's session, anonymously or from another account, is refused
    /// (403 `usernameTaken`) with no options and nothing of the account; its owner still signs in, the stranger cannot.
    public static func takenUsername(_ app: any ScenarioTransport) async throws {
        var victim = ScenarioBrowser(app)
        let registered = try await victim.register("ada")
        let handle = registered.object["user"]?.objectValue?["id"]?.stringValue ?? ""
        try check(!handle.isEmpty, "Ada's registration names her handle: \(registered.text)")

        var stranger = ScenarioBrowser(app)
        let anonymous = try await stranger.registrationOptions("ada")
        try check(try await stranger.register("mallory").ok, "Mallory registers her own account")
        let otherAccount = try await stranger.registrationOptions("ada")
        for attempt in [anonymous, otherAccount] {
            try check(attempt.status == 403 && attempt.code == "usernameTaken", "\(attempt.status) \(attempt.text)")
            try check(attempt.object["user"] == nil && attempt.object["challenge"] == nil, "no options: \(attempt.text)")
            try check(!attempt.text.contains(handle), "the account's user handle is not given out")
        }
        var returning = ScenarioBrowser(app, authenticator: victim.webAuthn.authenticator)
        try check(try await returning.signIn("ada").ok, "Ada still signs in")
        let options = try await stranger.signInOptions("ada")
        do {
            _ = try await stranger.assertion(options)
            try check(false, "the stranger's authenticator holds none of Ada's passkeys")
        } catch is WebAuthnClientError {}
    }

    /// A thief with the victim's session begins adding a passkey; the victim signs out; the thief's finish is 403
    /// `sessionEnded`, starts no session, and stores no passkey.
    public static func endedSession(_ app: any ScenarioTransport) async throws {
        var owner = ScenarioBrowser(app)
        try check(try await owner.register("ada").ok, "Ada registers")
        var thief = ScenarioBrowser(app)
        thief.cookie = owner.cookie
        let kept = try await thief.registrationOptions("ada")
        try check(kept.ok, "the thief's options: \(kept.text)")
        try check(try await owner.send("DELETE", app.layout.signOut).ok, "Ada signs out")

        let late = try await thief.finishRegistration(kept)
        try check(late.status == 403 && late.code == "sessionEnded", "\(late.status) \(late.text)")
        let thiefIsSignedIn = try await thief.me() != nil
        try check(late.object["session"] == nil && !thiefIsSignedIn, "no session for the thief")
        let options = try await thief.signInOptions(nil)
        let attempt = try await thief.post(app.layout.routes + "assertion/result", try await thief.assertion(options))
        try check(attempt.code == "unknownCredential", "the thief's passkey was not stored: \(attempt.text)")
    }
}
