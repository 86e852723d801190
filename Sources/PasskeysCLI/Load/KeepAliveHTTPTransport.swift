import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import PasskeyClient
import Synchronization

/// ``HTTPTransport`` for `passkeys load` against a plain-http server: HTTP/1.1 on keep-alive connections, each
/// carrying one exchange at a time, reused from an idle list.
///
/// AsyncHTTPClient is the CLI's general transport (TLS, redirects, pools per host), and in a load run it was most of
/// the generator's CPU: its request state machines and tracing cost more than the ceremony it carried, so the
/// generator, not the server, set the ceiling on one machine. This transport does only what a load run needs: one
/// origin, plain http, bodies framed by Content-Length or chunks (NIO's HTTP/1 codec), a bounded response size.
final class KeepAliveHTTPTransport: HTTPTransport {
    private let host: String
    private let port: Int
    private let authority: String
    /// `http://authority/`: the start of every URL on this origin.
    private let originSlash: String
    private let idle = Mutex<[Connection]>([])
    private let group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton
    /// The last connection that could not be made, and why: what `passkeys load` reports when it cannot start.
    let lastFailure = Mutex<ConnectionFailure?>(nil)

    /// The largest response body read; a load run's answers are a few hundred bytes.
    static let maximumBody = 1 << 20

    /// nil unless `baseURL` is `http://host[:port]` (https goes through AsyncHTTPClient).
    init?(baseURL: String) {
        guard let components = URLComponents(string: baseURL), components.scheme == "http", let host = components.host, !host.isEmpty else {
            return nil
        }
        self.host = host
        self.port = components.port ?? 80
        self.authority = components.port.map { "\(host):\($0)" } ?? host
        self.originSlash = "http://\(authority)/"
    }

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        let path = try self.path(of: request.url)
        let connection: Connection
        do {
            connection = try await checkOut()
        } catch {
            let failure = ConnectionFailure.classify(error, url: originSlash)
            lastFailure.withLock { $0 = failure }
            throw failure
        }
        var head = HTTPRequestHead(version: .http1_1, method: HTTPMethod(rawValue: request.method.rawValue), uri: path)
        head.headers.add(name: "Host", value: authority)
        for (name, value) in request.headers { head.headers.add(name: name, value: value) }
        head.headers.add(name: "Content-Length", value: String(request.body?.count ?? 0))
        let requestHead = head
        let body = request.body
        let promise = connection.channel.eventLoop.makePromise(of: CollectedResponse.self)
        connection.channel.eventLoop.execute {
            connection.handler.value.pending = promise
            let channel = connection.channel
            channel.write(HTTPClientRequestPart.head(requestHead), promise: nil)
            if let body, !body.isEmpty { channel.write(HTTPClientRequestPart.body(.byteBuffer(ByteBuffer(bytes: body))), promise: nil) }
            channel.writeAndFlush(HTTPClientRequestPart.end(nil), promise: nil)
        }
        do {
            let response = try await promise.futureResult.get()
            if response.keepAlive { checkIn(connection) } else { connection.channel.close(promise: nil) }
            return TransportResponse(status: response.status, body: response.body)
        } catch {
            connection.channel.close(promise: nil)
            throw error
        }
    }

    func shutdown() async {
        let connections = idle.withLock { idle in
            defer { idle.removeAll() }
            return idle
        }
        for connection in connections { try? await connection.channel.close() }
    }

    /// The path and query of `url`, which must be on this transport's origin.
    private func path(of url: String) throws -> String {
        // Every URL a load run sends is the base URL plus a path: take the path without parsing the URL (parsing
        // was 2% of the generator's CPU). Anything else is parsed and checked.
        if url.hasPrefix(originSlash) {
            let path = url.dropFirst(originSlash.count - 1)
            if !path.utf8.contains(where: { $0 == UInt8(ascii: "#") || $0 <= 0x20 || $0 == 0x7F }) { return String(path) }
        }
        guard let components = URLComponents(string: url), components.host == host, (components.port ?? 80) == port else {
            throw ForeignURL(url: url)
        }
        let path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        return components.percentEncodedQuery.map { "\(path)?\($0)" } ?? path
    }

    private func checkOut() async throws -> Connection {
        if let connection = idle.withLock({ $0.popLast() }), connection.channel.isActive { return connection }
        let channel = try await ClientBootstrap(group: group)
            .channelOption(.socketOption(.tcp_nodelay), value: 1)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHTTPClientHandlers(enableOutboundHeaderValidation: false)
                    try channel.pipeline.syncOperations.addHandler(ResponseCollector())
                }
            }
            .connect(host: host, port: port).get()
        let handler = try await channel.pipeline.handler(type: ResponseCollector.self)
            .map { NIOLoopBound($0, eventLoop: channel.eventLoop) }.get()
        return Connection(channel: channel, handler: handler)
    }

    private func checkIn(_ connection: Connection) {
        idle.withLock { $0.append(connection) }
    }

    private struct Connection: Sendable {
        let channel: any Channel
        let handler: NIOLoopBound<ResponseCollector>
    }

    /// A URL on another origin than the one the transport was made for.
    struct ForeignURL: Error, CustomStringConvertible {
        let url: String
        var description: String { "the load transport serves one origin; \(url) is on another" }
    }
}

/// A response as read off the connection.
struct CollectedResponse: Sendable {
    let status: Int
    let body: [UInt8]
    let keepAlive: Bool
}

/// Collects one response at a time into the promise of the exchange waiting for it.
final class ResponseCollector: ChannelInboundHandler {
    typealias InboundIn = HTTPClientResponsePart

    var pending: EventLoopPromise<CollectedResponse>?
    private var status = 0
    private var keepAlive = true
    private var body = ByteBuffer()

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            status = Int(head.status.code)
            keepAlive = head.isKeepAlive
            body.clear()
        case .body(var part):
            guard body.readableBytes + part.readableBytes <= KeepAliveHTTPTransport.maximumBody else {
                fail(ResponseTooLarge(), context: context)
                return
            }
            body.writeBuffer(&part)
        case .end:
            let promise = pending
            pending = nil
            promise?.succeed(CollectedResponse(status: status, body: Array(body.readableBytesView), keepAlive: keepAlive))
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        fail(error, context: context)
    }

    func channelInactive(context: ChannelHandlerContext) {
        pending?.fail(ChannelError.eof)
        pending = nil
        context.fireChannelInactive()
    }

    private func fail(_ error: any Error, context: ChannelHandlerContext) {
        pending?.fail(error)
        pending = nil
        context.close(promise: nil)
    }

    struct ResponseTooLarge: Error, CustomStringConvertible {
        var description: String { "the response body is larger than \(KeepAliveHTTPTransport.maximumBody) bytes" }
    }
}
