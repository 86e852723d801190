/// How the scenarios reach an app: one HTTP exchange with the running app, over whatever client the app's framework
/// tests with (a real connection on loopback in this project's examples).
public protocol ScenarioTransport: Sendable {
    /// Sends `method` to `path` (absolute, with its query) with `headers` and `body`; returns the answer whole.
    func exchange(_ method: String, _ path: String, headers: [(name: String, value: String)], body: [UInt8]?) async throws -> ScenarioExchange
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
