/// A browser for the scenarios: a cookie jar and `navigator.credentials` (the WebAuthn client in front of a software
/// authenticator). Two browsers may share one authenticator (one person, two devices' worth of cookies).
public struct ScenarioBrowser: Sendable {
    /// The app.
    public let transport: any ScenarioTransport
    /// `navigator.credentials`.
    public let webAuthn: WebAuthnClient
    /// The session cookie, as `name=value`.
    public var cookie: String?
    /// Sent as ``RouteScenarios/clientHeader``, for an app that keys clients by it (as one behind a proxy keys them
    /// by the address the proxy reports).
    public var clientName: String?
    /// The page origin, sent as `Origin` with `Sec-Fetch-Site: same-origin` when ``sendsFetchMetadata``.
    public let origin: String
    /// Whether requests carry the headers a real browser adds to page script's requests; off, they look like an API
    /// client's.
    public var sendsFetchMetadata = false

    /// A browser at `origin` (``RouteScenarios/origin`` by default) holding `authenticator`'s passkeys.
    public init(
        _ transport: any ScenarioTransport, authenticator: SoftwareAuthenticator = SoftwareAuthenticator(), origin: String = RouteScenarios.origin
    ) {
        self.transport = transport
        self.origin = origin
        webAuthn = WebAuthnClient(origin: origin, authenticator: authenticator)
    }

    /// A request with this browser's cookie; keeps the cookie the answer sets. Every answer must be JSON in the
    /// contract's shape (HEAD's has no body) and never a 5xx.
    public mutating func send(
        _ method: String, _ path: String, bytes: [UInt8]? = nil, contentType: String? = "application/json", line: Int = #line
    ) async throws -> ScenarioAnswer {
        var headers: [(name: String, value: String)] = []
        if let cookie { headers.append(("Cookie", cookie)) }
        if let clientName { headers.append((RouteScenarios.clientHeader, clientName)) }
        if sendsFetchMetadata { headers += [("Origin", origin), ("Sec-Fetch-Site", "same-origin")] }
        if bytes != nil, let contentType { headers.append(("Content-Type", contentType)) }
        let answer = ScenarioAnswer(try await transport.exchange(method, path, headers: headers, body: bytes))
        let what = "\(method) \(path)"
        try check(answer.status < 500, "\(what): a 5xx is a bug: \(answer.status) \(answer.text)", line: line)
        if method != "HEAD" {
            try check(answer.header("Content-Type")?.hasPrefix("application/json") == true, "\(what): not JSON: \(answer.text)", line: line)
            try check(
                answer.object["status"] != nil && answer.object["errorMessage"] != nil, "\(what): not the contract's shape: \(answer.text)",
                line: line)
        }
        if let setCookie = answer.header("Set-Cookie"), let pair = setCookie.split(separator: ";").first {
            let lowered = setCookie.lowercased()
            cookie = lowered.contains("max-age=0") || lowered.contains("expires=thu, 01 jan 1970") ? nil : String(pair)
        }
        return answer
    }

    /// POSTs `json`.
    public mutating func post(_ path: String, _ json: JSONObject, line: Int = #line) async throws -> ScenarioAnswer {
        try await send("POST", path, bytes: JSONValue.object(json).serializedBytes(), line: line)
    }

    /// The app's name for the signed-in user (``ScenarioLayout/currentUser``); nil when the app says nobody is signed in.
    public mutating func me() async throws -> String? {
        let answer = try await send("GET", transport.layout.currentUser)
        return answer.ok ? answer.object["user"]?.objectValue?["name"]?.stringValue : nil
    }

    /// Registration options for `username` (a discoverable credential, so it can also sign in without a name).
    public mutating func registrationOptions(_ username: String) async throws -> ScenarioAnswer {
        try await post(
            transport.layout.routes + "attestation/options",
            JSONObject([
                "username": .string(username), "displayName": .string(username.capitalized),
                "authenticatorSelection": .object(JSONObject(["residentKey": .string("required")])),
            ]))
    }

    /// `navigator.credentials.create()` on `options`, then `attestation/result`.
    public mutating func finishRegistration(_ options: ScenarioAnswer) async throws -> ScenarioAnswer {
        try await post(transport.layout.routes + "attestation/result", try await webAuthn.create(Self.members(of: options)))
    }

    /// Registration options for `username` (which must be given), then the result.
    public mutating func register(_ username: String, line: Int = #line) async throws -> ScenarioAnswer {
        let options = try await registrationOptions(username)
        try check(options.ok, "registration options for \(username): \(options.text)", line: line)
        return try await finishRegistration(options)
    }

    /// Sign-in options for `username`, or for a discoverable passkey when nil.
    public mutating func signInOptions(_ username: String?) async throws -> ScenarioAnswer {
        try await post(transport.layout.routes + "assertion/options", username.map { JSONObject(["username": .string($0)]) } ?? JSONObject())
    }

    /// The response JSON `navigator.credentials.get()` makes for `options`.
    public func assertion(_ options: ScenarioAnswer) async throws -> JSONObject {
        try await webAuthn.get(Self.members(of: options))
    }

    /// Sign-in options (which must be given), then the result.
    public mutating func signIn(_ username: String?, line: Int = #line) async throws -> ScenarioAnswer {
        let options = try await signInOptions(username)
        try check(options.ok, "sign-in options for \(username ?? "a discoverable passkey"): \(options.text)", line: line)
        return try await post(transport.layout.routes + "assertion/result", try await assertion(options))
    }

    /// The options members of an answer: everything but `status` and `errorMessage`.
    public static func members(of answer: ScenarioAnswer) -> JSONObject {
        var options = answer.object
        options["status"] = nil
        options["errorMessage"] = nil
        return options
    }
}
