extension RouteScenarios {
    /// The reverification window of ``Scenario/Setup/shortReverificationWindow``, in milliseconds: far longer than the
    /// steps a scenario takes inside it on a busy machine (20 s, slept through in real time, was once too short on a
    /// 2-core runner), and far shorter than the ceremony timeout, so a ceremony begun inside it is still open when the
    /// scenario moves the clock past it.
    public static let shortReverificationWindow: Int64 = 120_000

    /// An account made with a passkey that never verifies its user (a security key without a PIN: UP only) is not
    /// locked out of sensitive actions: right after sign-up it adds a second such passkey; past the window a removal is
    /// 403 `reverificationRequired`; the step-up then asks for `preferred` user verification, succeeds without UV, and
    /// the removal goes through. Moves `clock`, the app's, past the window (``Scenario/Setup/shortReverificationWindow``).
    public static func passkeysWithoutUserVerification(_ app: any ScenarioTransport, clock: ScenarioClock) async throws {
        var ada = ScenarioBrowser(app, authenticator: SoftwareAuthenticator(userVerifier: NoUserVerification()))
        try check(try await ada.register("ada").ok, "Ada registers with a key that cannot verify her")
        var spareKey = ScenarioBrowser(app, authenticator: SoftwareAuthenticator(userVerifier: NoUserVerification()))
        spareKey.cookie = ada.cookie
        let added = try await spareKey.register("ada")
        try check(added.ok, "right after sign-up the sign-up itself is the verification: \(added.status) \(added.text)")
        ada.cookie = spareKey.cookie

        movePastReverificationWindow(clock)
        let spareID = added.object["credential"]?.objectValue?["id"]?.stringValue ?? ""
        let refused = try await ada.send("DELETE", app.layout.credentials + "/" + spareID)
        try check(refused.status == 403 && refused.code == "reverificationRequired", "past the window: \(refused.status) \(refused.text)")

        let options = try await ada.post(app.layout.routes + "session/verify/options", JSONObject())
        try check(options.ok && options.object["userVerification"] == .string("preferred"), "asked what the keys can give: \(options.text)")
        let verified = try await ada.post(app.layout.routes + "session/verify/result", try await ada.assertion(options))
        try check(verified.ok && verified.object["verifiedAt"]?.stringValue != nil, "the step-up without UV: \(verified.status) \(verified.text)")
        let removed = try await ada.send("DELETE", app.layout.credentials + "/" + spareID)
        try check(removed.ok, "after the step-up the passkey is removed: \(removed.status) \(removed.text)")
    }

    /// A passkey that verifies its user, signed in without UV (a client that skipped it), verifies nothing: the session
    /// it starts cannot add a passkey or remove one (403 `reverificationRequired`), and a step-up answered without UV
    /// by that passkey is refused (`userNotVerified`).
    public static func signInWithoutUV(_ app: any ScenarioTransport) async throws {
        var owner = ScenarioBrowser(app)
        try check(try await owner.register("ada").ok, "Ada registers with a passkey that verifies her")
        var laptop = ScenarioBrowser(app, authenticator: owner.webAuthn.authenticator)
        let options = try await laptop.signInOptions("ada")
        let signedIn = try await laptop.post(app.layout.routes + "assertion/result", try await laptop.assertion(withoutUV(options)))
        try check(signedIn.ok, "the sign-in without UV is accepted (the floor is preferred): \(signedIn.status) \(signedIn.text)")

        var thiefKey = ScenarioBrowser(app)
        thiefKey.cookie = laptop.cookie
        let adding = try await thiefKey.registrationOptions("ada")
        try check(adding.status == 403 && adding.code == "reverificationRequired", "adding a passkey: \(adding.status) \(adding.text)")
        let list = try await laptop.send("GET", app.layout.credentials)
        let id = list.object["credentials"]?.arrayValue?.first?.objectValue?["id"]?.stringValue ?? ""
        let removing = try await laptop.send("DELETE", app.layout.credentials + "/" + id)
        try check(removing.status == 403 && removing.code == "reverificationRequired", "removing one: \(removing.status) \(removing.text)")

        let stepUp = try await laptop.post(app.layout.routes + "session/verify/options", JSONObject())
        try check(stepUp.ok && stepUp.object["userVerification"] == .string("required"), "its passkey has shown UV: \(stepUp.text)")
        let lazy = try await laptop.post(app.layout.routes + "session/verify/result", try await laptop.assertion(withoutUV(stepUp)))
        try check(lazy.code == "userNotVerified", "a step-up without UV by a passkey that has shown it: \(lazy.status) \(lazy.text)")
    }

    /// A signed-in user begins adding a passkey inside the window and finishes after it: 403 `reverificationRequired`,
    /// and nothing is stored. Moves `clock`, the app's, past the window (``Scenario/Setup/shortReverificationWindow``).
    public static func addPasskeyFinishedLate(_ app: any ScenarioTransport, clock: ScenarioClock) async throws {
        var ada = ScenarioBrowser(app)
        try check(try await ada.register("ada").ok, "Ada registers")
        var second = ScenarioBrowser(app)
        second.cookie = ada.cookie
        let options = try await second.registrationOptions("ada")
        try check(options.ok, "begun inside the window: \(options.status) \(options.text)")
        movePastReverificationWindow(clock)
        let late = try await second.finishRegistration(options)
        try check(late.status == 403 && late.code == "reverificationRequired", "finished after it: \(late.status) \(late.text)")
        var returning = ScenarioBrowser(app, authenticator: second.webAuthn.authenticator)
        let attempt = try await returning.post(
            app.layout.routes + "assertion/result", try await returning.assertion(try await returning.signInOptions(nil)))
        try check(attempt.code == "unknownCredential", "the late passkey was not stored: \(attempt.text)")
    }

    /// A step-up begun by one session (Ada's laptop) and finished with another (her phone's, or a thief's) is refused
    /// (`ceremonySessionMismatch`), and the finishing session stays unverified. Moves `clock`,
    /// the app's, past the window (``Scenario/Setup/shortReverificationWindow``).
    public static func stepUpFromAnotherSession(_ app: any ScenarioTransport, clock: ScenarioClock) async throws {
        var laptop = ScenarioBrowser(app)
        try check(try await laptop.register("ada").ok, "Ada registers")
        var phone = ScenarioBrowser(app, authenticator: laptop.webAuthn.authenticator)
        try check(try await phone.signIn("ada").ok, "and signs in on her phone: a second session")
        movePastReverificationWindow(clock)

        let begun = try await laptop.post(app.layout.routes + "session/verify/options", JSONObject())
        try check(begun.ok, "the laptop begins a step-up: \(begun.text)")
        let answer = try await laptop.assertion(begun)
        let elsewhere = try await phone.post(app.layout.routes + "session/verify/result", answer)
        try check(elsewhere.code == "ceremonySessionMismatch", "finished by the phone's session: \(elsewhere.status) \(elsewhere.text)")
        var phoneKey = ScenarioBrowser(app)
        phoneKey.cookie = phone.cookie
        let adding = try await phoneKey.registrationOptions("ada")
        try check(adding.status == 403 && adding.code == "reverificationRequired", "the phone's session verified nothing: \(adding.text)")
    }

    /// A recovery session adds exactly one passkey: four registrations begun with it and finished at once store one
    /// passkey, the others are 403 `sessionEnded`, and the recovery session is over. Needs an app with recovery codes
    /// (``ScenarioLayout/recovery``).
    public static func recoverySessionAddsOnePasskey(_ app: any ScenarioTransport) async throws {
        let recovery = try recoveryRoute(app)
        var lost = ScenarioBrowser(app)
        let registered = try await lost.register("ada")
        let codes = registered.object["recoveryCodes"]?.arrayValue?.compactMap(\.stringValue) ?? []
        try check(registered.ok && !codes.isEmpty, "the sign-up's answer lists recovery codes: \(registered.text)")
        var recovering = ScenarioBrowser(app)
        let recovered = try await recovering.post(recovery, JSONObject(["username": .string("ada"), "code": .string(codes[0])]))
        try check(recovered.ok && recovering.cookie != nil, "the code starts a recovery session: \(recovered.status) \(recovered.text)")

        var begun: [(ScenarioBrowser, ScenarioAnswer)] = []
        for _ in 0..<4 {
            var device = ScenarioBrowser(app)
            device.cookie = recovering.cookie
            let options = try await device.registrationOptions("ada")
            try check(options.ok, "a recovery session may begin adding a passkey: \(options.status) \(options.text)")
            begun.append((device, options))
        }
        let outcomes = try await withThrowingTaskGroup(of: ScenarioAnswer.self) { group in
            for (device, options) in begun {
                group.addTask {
                    var device = device
                    return try await device.finishRegistration(options)
                }
            }
            return try await group.reduce(into: [ScenarioAnswer]()) { $0.append($1) }
        }
        let stored = outcomes.filter(\.ok)
        try check(stored.count == 1, "exactly one of four is stored: \(outcomes.map { "\($0.status) \($0.code ?? "ok")" })")
        try check(outcomes.filter { !$0.ok }.allSatisfy { $0.status == 403 && $0.code == "sessionEnded" }, "the others: sessionEnded")
        var afterwards = ScenarioBrowser(app)
        afterwards.cookie = recovering.cookie
        try check(try await afterwards.me() == nil, "the recovery session is over")
        var signedIn = ScenarioBrowser(app)
        signedIn.cookie = stored.first.flatMap { answer in answer.header("Set-Cookie")?.split(separator: ";").first.map(String.init) }
        let list = try await signedIn.send("GET", app.layout.credentials)
        try check(list.object["credentials"]?.arrayValue?.count == 2, "the lost passkey and one new one: \(list.text)")
    }

    /// `options` with user verification `discouraged`: the client skips UV where it may (a passkey provider that
    /// could verify does not).
    static func withoutUV(_ options: ScenarioAnswer) -> ScenarioAnswer {
        var object = options.object
        object["userVerification"] = .string("discouraged")
        return options.replacing(object: object)
    }

    /// Moves the app's clock a second past ``shortReverificationWindow``.
    public static func movePastReverificationWindow(_ clock: ScenarioClock) {
        clock.advance(by: .milliseconds(shortReverificationWindow + 1000))
    }
}
