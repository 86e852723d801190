extension RouteScenarios {
    /// Recovery codes are refused with one answer (400 `invalidRecoveryCode`) whatever is wrong: a code that was never
    /// issued, a code already used, another account's code, a name without an account; none of them starts a session.
    /// Needs an app with recovery codes (``ScenarioLayout/recovery``).
    public static func recoveryCodesRefused(_ app: any ScenarioTransport) async throws {
        let recovery = try recoveryRoute(app)
        var ada = ScenarioBrowser(app)
        let adaCodes = try recoveryCodes(of: try await ada.register("ada"))
        var bob = ScenarioBrowser(app)
        let bobCodes = try recoveryCodes(of: try await bob.register("bob"))

        var thief = ScenarioBrowser(app)
        // Well-formed, and not one of Ada's: 80 random bits make a collision unthinkable.
        let never = adaCodes.contains("ZZZZ-ZZZZ-ZZZZ-ZZZZ") ? "YYYY-YYYY-YYYY-YYYY" : "ZZZZ-ZZZZ-ZZZZ-ZZZZ"
        for (name, code, what) in [
            ("ada", never, "a code never issued"), ("ada", bobCodes[0], "Bob's code"), ("nobody", adaCodes[0], "a name without an account"),
        ] {
            let refused = try await thief.post(recovery, JSONObject(["username": .string(name), "code": .string(code)]))
            try check(refused.status == 400 && refused.code == "invalidRecoveryCode", "\(what): \(refused.status) \(refused.text)")
            try check(refused.header("Set-Cookie") == nil && thief.cookie == nil, "\(what) starts no session: \(refused.text)")
        }

        var recovering = ScenarioBrowser(app)
        let used = try await recovering.post(recovery, JSONObject(["username": .string("ada"), "code": .string(adaCodes[0])]))
        try check(used.ok, "Ada's own code works once: \(used.status) \(used.text)")
        var again = ScenarioBrowser(app)
        let reused = try await again.post(recovery, JSONObject(["username": .string("ada"), "code": .string(adaCodes[0])]))
        try check(reused.status == 400 && reused.code == "invalidRecoveryCode", "the used code again: \(reused.status) \(reused.text)")
        try check(again.cookie == nil, "the used code starts no session")
    }

    /// A recovery session may begin adding a passkey, and nothing else: the passkey list, removing a passkey and a
    /// step-up are 403 `recoverySessionRestricted`. Using the code ended the account's other sessions (whoever holds
    /// the lost device may hold them). Needs an app with recovery codes (``ScenarioLayout/recovery``).
    public static func recoverySessionOnlyAddsPasskeys(_ app: any ScenarioTransport) async throws {
        let recovery = try recoveryRoute(app)
        var lostPhone = ScenarioBrowser(app)
        let codes = try recoveryCodes(of: try await lostPhone.register("ada"))
        let list = try await lostPhone.send("GET", app.layout.credentials)
        let passkeyID = list.object["credentials"]?.arrayValue?.first?.objectValue?["id"]?.stringValue ?? ""
        try check(list.ok && !passkeyID.isEmpty, "Ada's passkey is listed: \(list.text)")

        var recovering = ScenarioBrowser(app)
        let recovered = try await recovering.post(recovery, JSONObject(["username": .string("ada"), "code": .string(codes[1])]))
        try check(recovered.ok && recovering.cookie != nil, "the code starts a recovery session: \(recovered.status) \(recovered.text)")
        try check(try await lostPhone.me() == nil, "the lost phone's session ended with the recovery")

        let listing = try await recovering.send("GET", app.layout.credentials)
        try check(listing.status == 403 && listing.code == "recoverySessionRestricted", "listing passkeys: \(listing.status) \(listing.text)")
        let removing = try await recovering.send("DELETE", app.layout.credentials + "/" + passkeyID)
        try check(removing.status == 403 && removing.code == "recoverySessionRestricted", "removing one: \(removing.status) \(removing.text)")
        let stepUp = try await recovering.post(app.layout.routes + "session/verify/options", JSONObject())
        try check(stepUp.status == 403 && stepUp.code == "recoverySessionRestricted", "a step-up: \(stepUp.status) \(stepUp.text)")
        let adding = try await recovering.registrationOptions("ada")
        try check(adding.ok, "adding a passkey may begin: \(adding.status) \(adding.text)")
    }

    /// The app's recovery route, or a failure: the scenarios that need one are not run against an app without it
    /// (``Scenario/needsRecovery``).
    static func recoveryRoute(_ app: any ScenarioTransport) throws -> String {
        guard let route = app.layout.recovery else {
            throw ScenarioFailure(message: "the app's ScenarioLayout names no recovery route", file: #fileID, line: #line)
        }
        return route
    }

    /// The recovery codes a sign-up's answer lists (at least two), or a failure.
    static func recoveryCodes(of registered: ScenarioAnswer, line: Int = #line) throws -> [String] {
        let codes = registered.object["recoveryCodes"]?.arrayValue?.compactMap(\.stringValue) ?? []
        try check(registered.ok && codes.count >= 2, "the sign-up's answer lists recovery codes: \(registered.text)", line: line)
        return codes
    }
}
