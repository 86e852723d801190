extension RouteScenarios {
    /// A new user registers and is signed in by the app's session, signs out, signs in by username, and another
    /// browser with the same passkey provider signs in with the passkey alone.
    public static func registerSignOutSignIn(_ app: any ScenarioTransport) async throws {
        let authenticator = SoftwareAuthenticator()
        var laptop = ScenarioBrowser(app, authenticator: authenticator)
        try check(try await laptop.me() == nil, "nobody is signed in yet")

        let registered = try await laptop.register("ada")
        try check(registered.ok, "registration: \(registered.text)")
        try check(registered.header("Set-Cookie")?.contains("HttpOnly") == true, "the app's session cookie is HttpOnly")
        try check(registered.object["user"]?.objectValue?["name"] == .string("ada"), "the answer names the user: \(registered.text)")
        try check(registered.object["credential"]?.objectValue?["id"]?.stringValue != nil, "the answer names the passkey: \(registered.text)")
        try check(try await laptop.me() == "ada", "the session the app started signs Ada in")
        // The user handle the app stored is the one the authenticator holds (and returns in discoverable sign-ins).
        let held = try await authenticator.store.allCredentials().first
        try check(
            held.map { registered.object["user"]?.objectValue?["id"] == .string(Base64URL.encode($0.userHandle)) } == true, "the stored user handle")

        try check(try await laptop.send("DELETE", app.layout.signOut).ok, "signing out")
        try check(try await laptop.me() == nil, "signed out")

        let byName = try await laptop.signIn("ada")
        try check(byName.ok && byName.object["user"]?.objectValue?["name"] == .string("ada"), "sign-in by name: \(byName.text)")
        try check(try await laptop.me() == "ada", "signed in by name")

        var phone = ScenarioBrowser(app, authenticator: authenticator)
        let discoverable = try await phone.signIn(nil)
        try check(discoverable.ok, "discoverable sign-in: \(discoverable.text)")
        try check(try await phone.me() == "ada", "signed in with the passkey alone")
    }

    /// A signed-in user adds a second passkey to their own account; both passkeys sign in to it.
    public static func addPasskey(_ app: any ScenarioTransport) async throws {
        var first = ScenarioBrowser(app)
        try check(try await first.register("grace").ok, "Grace registers")
        let handle = try await first.registrationOptions("grace").object["user"]?.objectValue?["id"]
        try check(handle != nil, "options for Grace's own account")

        // The same browser session, a second authenticator: options for Grace's own account, listing her passkey.
        let other = SoftwareAuthenticator()
        var second = ScenarioBrowser(app, authenticator: other)
        second.cookie = first.cookie
        let options = try await second.registrationOptions("grace")
        try check(options.ok, "options: \(options.text)")
        try check(options.object["user"]?.objectValue?["id"] == handle, "the account's own handle, not a new account's")
        try check(options.object["excludeCredentials"]?.arrayValue?.count == 1, "her passkey is excluded: \(options.text)")
        try check(try await second.finishRegistration(options).ok, "the second passkey is stored")

        var fresh = ScenarioBrowser(app, authenticator: other)
        try check(try await fresh.signIn("grace").ok, "the second passkey signs in")
        try check(try await fresh.me() == "grace", "to Grace's account")
        var old = ScenarioBrowser(app, authenticator: first.webAuthn.authenticator)
        try check(try await old.signIn("grace").ok, "the first passkey still signs in")
    }
}
