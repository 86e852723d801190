import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import NIOPosix
import PasskeyHummingbird
import PasskeyRouteTesting
import Synchronization
import Testing

/// The example mounts `RequestBodyDeadline`: a client that announces a body and stops sending it is answered 408
/// when the limit passes, on every passkey route, instead of holding the request open.
@Suite("Example app: bodies must arrive in time")
struct SlowBodyTests {
    @Test("a body that stops arriving is answered 408 requestTimeout at the limit, and one that arrives in pieces in time is served")
    func trickledBody() async throws {
        try await ExampleServer.run(bodyTimeout: .seconds(2)) { client in
            let port = try #require(client.port)
            for endpoint in RouteScenarios.endpoints {
                // The client waits up to 30 s: a 408 before that is the app's deadline (2 s) giving up, not the client
                // (a loaded machine once took longer than 10 s to answer).
                let answer = try await RawConnection.exchange(
                    port: port, pieces: [RouteScenarios.stalledBodyRequest(endpoint)], pause: .zero, waitAtMost: .seconds(30))
                #expect(answer.hasPrefix("HTTP/1.1 408"), "\(endpoint): \(answer.prefix(200))")
                #expect(answer.contains("\"requestTimeout\""), "\(endpoint): \(answer)")
            }
        }
        // A body sent in two pieces 100 ms apart is served. It runs on a server of its own with a 30 s limit: on a
        // loaded machine the pause alone once outlasted a 2 s limit, and the 408 it got was the deadline working.
        try await ExampleServer.run(bodyTimeout: .seconds(30)) { client in
            let port = try #require(client.port)
            let body = #"{"username":"slow"}"#
            let head =
                "POST /passkeys/attestation/options HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n"
            let answer = try await RawConnection.exchange(
                port: port, pieces: [head + body.prefix(5), String(body.dropFirst(5))], pause: .milliseconds(100), waitAtMost: .seconds(30))
            #expect(answer.hasPrefix("HTTP/1.1 200"), "\(answer.prefix(300))")
        }
    }
}

/// Any route of an app, not only the passkey routes, answers a late body with 408: `RequestBodyTimedOut` is an
/// `HTTPResponseError`.
@Suite("RequestBodyDeadline in any app")
struct RequestBodyDeadlineAppTests {
    @Test("an app's own route that collects a body answers 408 requestTimeout in JSON, not a 500")
    func ownRoute() async throws {
        let router = Router()
        router.post("upload") { request, _ -> String in
            _ = try await request.body.collect(upTo: 1024)
            return "stored"
        }
        let app = Application(
            router: router,
            server: .http1(configuration: .init(additionalChannelHandlers: [RequestBodyDeadline(limit: .seconds(1))], idleTimeout: .seconds(30))),
            configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await app.test(.live) { client in
            let port = try #require(client.port)
            let head = "POST /upload HTTP/1.1\r\nHost: localhost\r\nContent-Length: 100\r\n\r\nabc"
            let answer = try await RawConnection.exchange(port: port, pieces: [head], pause: .zero, waitAtMost: .seconds(30))
            #expect(answer.hasPrefix("HTTP/1.1 408"), "\(answer.prefix(200))")
            #expect(answer.contains("\"code\":\"requestTimeout\""), "\(answer)")
        }
    }
}

/// A TCP client on 127.0.0.1 that writes raw bytes in pieces and collects everything the server sends until it
/// closes the connection (or `waitAtMost` passes).
enum RawConnection {
    private final class Collector: ChannelInboundHandler, Sendable {
        typealias InboundIn = ByteBuffer
        let received = Mutex<[UInt8]>([])
        let closed: EventLoopPromise<Void>

        init(closed: EventLoopPromise<Void>) { self.closed = closed }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            let buffer = unwrapInboundIn(data)
            received.withLock { $0 += buffer.readableBytesView }
        }

        func channelInactive(context: ChannelHandlerContext) { closed.succeed() }
    }

    static func exchange(port: Int, pieces: [String], pause: Duration, waitAtMost limit: Duration) async throws -> String {
        let group = MultiThreadedEventLoopGroup.singleton
        let closed = group.any().makePromise(of: Void.self)
        let collector = Collector(closed: closed)
        let channel = try await ClientBootstrap(group: group)
            .channelInitializer { channel in channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(collector) } }
            .connect(host: "127.0.0.1", port: port).get()
        for (index, piece) in pieces.enumerated() {
            if index > 0 { try await Task.sleep(for: pause) }
            try await channel.writeAndFlush(ByteBuffer(string: piece))
        }
        let timer = group.any().scheduleTask(in: .nanoseconds(Int64(limit.components.seconds) * 1_000_000_000)) { channel.close(promise: nil) }
        try await closed.futureResult.get()
        timer.cancel()
        return String(decoding: collector.received.withLock { $0 }, as: UTF8.self)
    }
}
