import AsyncHTTPClient
import NIOCore
import NIOHTTP1
import PasskeyClient

/// ``HTTPTransport`` on AsyncHTTPClient: keep-alive connection pooling, fast enough for the load generator.
final class AsyncHTTPTransport: HTTPTransport {
    let client: HTTPClient

    /// - Parameter connections: how many connections to keep per host (the load generator's concurrency).
    init(connections: Int = 8) {
        var configuration = HTTPClient.Configuration()
        configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = max(connections, 1)
        configuration.timeout.connect = .seconds(10)
        client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        var outgoing = HTTPClientRequest(url: request.url)
        outgoing.method = HTTPMethod(rawValue: request.method.rawValue)
        for (name, value) in request.headers { outgoing.headers.add(name: name, value: value) }
        if let body = request.body { outgoing.body = .bytes(ByteBuffer(bytes: body)) }
        let response = try await client.execute(outgoing, timeout: .seconds(30))
        let body = try await response.body.collect(upTo: 1 << 20)
        return TransportResponse(status: Int(response.status.code), body: Array(body.readableBytesView))
    }

    func shutdown() async {
        try? await client.shutdown()
    }
}
