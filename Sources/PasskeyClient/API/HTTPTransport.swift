/// One HTTP exchange, as the API client needs it. Implementations: URLSession (apps, issue #6) and AsyncHTTPClient
/// (the CLI and the load generator).
public protocol HTTPTransport: Sendable {
    func send(_ request: TransportRequest) async throws -> TransportResponse
}

public struct TransportRequest: Sendable {
    public enum Method: String, Sendable { case get = "GET", post = "POST", patch = "PATCH", delete = "DELETE" }

    public var method: Method
    /// An absolute URL.
    public var url: String
    public var headers: [(String, String)]
    public var body: [UInt8]?

    public init(method: Method, url: String, headers: [(String, String)] = [], body: [UInt8]? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }
}

public struct TransportResponse: Sendable {
    public let status: Int
    public let body: [UInt8]

    public init(status: Int, body: [UInt8]) {
        self.status = status
        self.body = body
    }
}
