/// How the scenarios reach an app: one HTTP exchange with the running app, over whatever client the app's framework
/// tests with (a real connection on loopback in this project's examples), and where the app serves what.
public protocol ScenarioTransport: Sendable {
    /// Sends `method` to `path` (absolute, with its query) with `headers` and `body`; returns the answer whole.
    func exchange(_ method: String, _ path: String, headers: [(name: String, value: String)], body: [UInt8]?) async throws -> ScenarioExchange
    /// Where the app serves the routes the scenarios use; by default the examples' (``ScenarioLayout`` with its initializer's defaults).
    var layout: ScenarioLayout { get }
}

extension ScenarioTransport {
    /// The examples' layout: the passkey routes under `/passkeys/`, `GET /me`, `/credentials`, no recovery codes.
    public var layout: ScenarioLayout { ScenarioLayout() }
}

/// Where an app serves the routes the scenarios use, and how it hands out sessions: the passkey routes are the
/// shared endpoints in every front end, but where an app mounts them, and its own session and account routes, are
/// its choice.
public struct ScenarioLayout: Sendable {
    /// The ceremony endpoints and the step-up (`session/verify/options`, `session/verify/result`), relative to this
    /// path, which ends with `/`.
    public var routes: String
    /// `GET` answers `{"user": {"name": …}}` when signed in, a 401 failure when not.
    public var currentUser: String
    /// `DELETE` signs out.
    public var signOut: String
    /// `GET` lists the signed-in account's passkeys (`{"credentials": [{"id", …}]}`); `DELETE {credentials}/{id}`
    /// removes one (a sensitive action: a step-up is needed).
    public var credentials: String
    /// `POST {"username", "code"}` starts a recovery session with one of the recovery codes a sign-up's answer lists
    /// as `recoveryCodes`; nil when the app has none, and the recovery scenarios are then not meaningful for it.
    public var recovery: String?
    /// Whether a browser's ceremony answers carry the session as a `session` member besides the HttpOnly cookie
    /// (`passkeys serve`, whose conformance API promises it to every client); the examples keep it out of the JSON.
    public var sessionInBrowserJSON: Bool

    /// The examples' layout, or another.
    public init(
        routes: String = "/passkeys/", currentUser: String = "/me", signOut: String = "/session", credentials: String = "/credentials",
        recovery: String? = nil, sessionInBrowserJSON: Bool = false
    ) {
        self.routes = routes
        self.currentUser = currentUser
        self.signOut = signOut
        self.credentials = credentials
        self.recovery = recovery
        self.sessionInBrowserJSON = sessionInBrowserJSON
    }
}

/// An answer as it came off the wire.
public struct ScenarioExchange: Sendable {
    /// The HTTP status code.
    public let status: Int
    /// The header fields, in order, names as sent.
    public let headers: [(name: String, value: String)]
    /// The body's bytes.
    public let body: [UInt8]

    /// An answer with this status, these headers and this body.
    public init(status: Int, headers: [(name: String, value: String)], body: [UInt8]) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

/// An answer of the app in the conformance API's shape, read as JSON.
public struct ScenarioAnswer: Sendable {
    /// The HTTP status code.
    public let status: Int
    /// The header fields, in order.
    public let headers: [(name: String, value: String)]
    /// The body as a JSON object (empty when it is not one).
    public let object: JSONObject
    /// The body as text, for messages.
    public let text: String

    /// An answer read from `exchange`.
    public init(_ exchange: ScenarioExchange) {
        status = exchange.status
        headers = exchange.headers
        text = String(decoding: exchange.body, as: UTF8.self)
        object = (try? JSONParser.parseObject(exchange.body)) ?? JSONObject()
    }

    /// This answer with another JSON body (a client that edits options before using them).
    public func replacing(object: JSONObject) -> ScenarioAnswer {
        ScenarioAnswer(status: status, headers: headers, object: object, text: text)
    }

    private init(status: Int, headers: [(name: String, value: String)], object: JSONObject, text: String) {
        self.status = status
        self.headers = headers
        self.object = object
        self.text = text
    }

    /// 200 with `status: "ok"`.
    public var ok: Bool { status == 200 && object["status"] == .string("ok") }
    /// The failure's `code`.
    public var code: String? { object["code"]?.stringValue }

    /// The first value of the header `name`, compared without case.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }
}
