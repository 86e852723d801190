import AsyncHTTPClient
import NIOCore
import NIOHTTP1
import PasskeyClient
import Synchronization

/// ``HTTPTransport`` on AsyncHTTPClient: keep-alive connection pooling, fast enough for the load generator.
final class AsyncHTTPTransport: HTTPTransport {
    let client: HTTPClient
    /// The last request that got no answer, and why: what the CLI reports for a network error.
    let lastFailure = Mutex<ConnectionFailure?>(nil)

    /// - Parameters:
    ///   - connections: how many connections to keep per host (the load generator's concurrency).
    ///   - retryConnecting: keep trying to connect until the 10 s connect timeout (AsyncHTTPClient's default, right
    ///     for many requests over a flaky network); false fails at the first refusal, so a command run against a
    ///     server that is not running says so at once instead of after 10 s.
    init(connections: Int = 8, retryConnecting: Bool = true) {
        var configuration = HTTPClient.Configuration()
        configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = max(connections, 1)
        configuration.connectionPool.retryConnectionEstablishment = retryConnecting
        configuration.timeout.connect = .seconds(10)
        client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        var outgoing = HTTPClientRequest(url: request.url)
        outgoing.method = HTTPMethod(rawValue: request.method.rawValue)
        for (name, value) in request.headers { outgoing.headers.add(name: name, value: value) }
        if let body = request.body { outgoing.body = .bytes(ByteBuffer(bytes: body)) }
        let response: HTTPClientResponse
        do {
            response = try await client.execute(outgoing, timeout: .seconds(30))
        } catch {
            // No answer: said in words (ConnectionFailure), and kept for the command's report.
            let failure = ConnectionFailure.classify(error, url: request.url)
            lastFailure.withLock { $0 = failure }
            throw failure
        }
        let body = try await response.body.collect(upTo: 1 << 20)
        return TransportResponse(status: Int(response.status.code), body: Array(body.readableBytesView))
    }

    func shutdown() async {
        try? await client.shutdown()
    }
}
