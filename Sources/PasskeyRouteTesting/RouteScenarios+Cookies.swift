extension RouteScenarios {
    /// On an https site (the app configured with ``httpsOrigin`` and ``androidOrigin``), the session cookie has a
    /// `__Host-` name, Secure, HttpOnly, `Path=/` and no Domain, and it is the session: the prefix makes browsers
    /// refuse it otherwise, so a sibling subdomain or a plain-http page cannot plant or overwrite it.
    public static func httpsSessionCookie(_ app: any ScenarioTransport) async throws {
        var ada = ScenarioBrowser(app, origin: httpsOrigin)
        let answer = try await ada.register("ada")
        try check(answer.ok, "registration: \(answer.text)")
        let setCookie = answer.header("Set-Cookie") ?? ""
        let attributes = setCookie.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        try check(setCookie.hasPrefix("__Host-"), "\(setCookie)")
        try check(attributes.contains("secure"), "an app origin must not turn Secure off: \(setCookie)")
        try check(attributes.contains("httponly") && attributes.contains("path=/"), "\(setCookie)")
        try check(!attributes.contains { $0.hasPrefix("domain=") }, "\(setCookie)")
        try check(try await ada.me() == "ada", "the __Host- cookie is the session")
    }

    /// On an http development site the session cookie has no Secure and no `__Host-` prefix (browsers would refuse
    /// either there).
    public static func httpSessionCookie(_ app: any ScenarioTransport) async throws {
        var ada = ScenarioBrowser(app)
        let setCookie = try await ada.register("ada").header("Set-Cookie") ?? ""
        try check(!setCookie.isEmpty && !setCookie.hasPrefix("__Host-"), "\(setCookie)")
        try check(!setCookie.lowercased().contains("secure"), "\(setCookie)")
    }

    /// A browser (requests with `Origin` and `Sec-Fetch-Site`) gets its session as the HttpOnly cookie, and not as a
    /// `session` member its page script could read unless the app's layout says it promises one to every client
    /// (``ScenarioLayout/sessionInBrowserJSON``, `passkeys serve`'s conformance API).
    public static func noSessionInBrowserJSON(_ app: any ScenarioTransport) async throws {
        var browser = ScenarioBrowser(app)
        browser.sendsFetchMetadata = true
        let inJSON = app.layout.sessionInBrowserJSON
        let registered = try await browser.register("ada")
        try check(registered.ok && (registered.object["session"] != nil) == inJSON, "\(registered.text)")
        browser.cookie = nil
        let signedIn = try await browser.signIn("ada")
        try check(signedIn.ok && (signedIn.object["session"] != nil) == inJSON, "\(signedIn.text)")
        try check(browser.cookie != nil, "the cookie is the session")
        try check(try await browser.me() == "ada", "signed in by the cookie")
    }

    /// The https origin of ``httpsSessionCookie(_:)``.
    public static let httpsOrigin = "https://localhost"
    /// An Android app's origin (the base64url SHA-256 of its signing certificate), beside ``httpsOrigin``.
    public static let androidOrigin = "android:apk-key-hash:" + Base64URL.encode([UInt8](repeating: 7, count: 32))
}
