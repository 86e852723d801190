/// One HTTP exchange, as the API client needs it. Implementations: URLSession (apps) and AsyncHTTPClient
/// (the CLI and the load generator).
public protocol HTTPTransport: Sendable {
    /// Sends one request and returns the server's answer, whatever its status: the API client reads error statuses
    /// itself. Throws only when no answer arrived (network failure, timeout, cancellation).
    func send(_ request: TransportRequest) async throws -> TransportResponse
}

/// An HTTP request as the API client builds it: method, absolute URL, headers, JSON body.
public struct TransportRequest: Sendable {
    /// The methods the API uses.
    public enum Method: String, Sendable {
        /// Reads: the session, the passkey list.
        case get = "GET"
        /// Ceremonies: options and results.
        case post = "POST"
        /// Renaming a passkey.
        case patch = "PATCH"
        /// Signing out, removing a passkey or the account.
        case delete = "DELETE"
    }

    /// The request's method: the API tells some routes apart only by it (`GET` and `DELETE /session`).
    public var method: Method
    /// An absolute URL.
    public var url: String
    /// Header name–value pairs in order (`Accept`, `Content-Type`, `Authorization`); a name may repeat.
    public var headers: [(String, String)]
    /// The body bytes (UTF-8 JSON), or nil for none.
    public var body: [UInt8]?

    /// A request; no headers and no body unless given.
    public init(method: Method, url: String, headers: [(String, String)] = [], body: [UInt8]? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }
}

/// An HTTP answer: the status and the body, which the API client parses as JSON.
public struct TransportResponse: Sendable {
    /// The HTTP status. Only a 2xx answer whose body says `"status": "ok"` is a success to the API client; any other
    /// becomes ``RelyingPartyClientError/server(status:message:code:credentialID:)``.
    public let status: Int
    /// The body bytes, read to the end.
    public let body: [UInt8]

    /// An answer, as a transport builds it from what the server sent.
    public init(status: Int, body: [UInt8]) {
        self.status = status
        self.body = body
    }
}
