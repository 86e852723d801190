import Hummingbird
import NIOCore
import NIOHTTP1
import NIOPosix

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Usage: http-floor hummingbird|nio PORT
// Both answer `GET /healthz` with the 33-byte body `passkeys serve` sends, and echo the body of `POST /echo`
// (a request the size of an options request, without the relying party's work). Loopback only.
let arguments = CommandLine.arguments.dropFirst()
guard let kind = arguments.first, let port = arguments.dropFirst().first.flatMap({ Int($0) }), kind == "hummingbird" || kind == "nio" else {
    print("usage: http-floor hummingbird|nio PORT")
    exit(2)
}
let health = #"{"status":"ok","errorMessage":""}"#

if kind == "hummingbird" {
    let router = Router()
    router.get("healthz") { _, _ -> String in health }
    router.post("echo") { request, _ -> ByteBuffer in try await request.body.collect(upTo: 65536) }
    let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: port)))
    try await app.runService()
} else {
    let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
        .serverChannelOption(.backlog, value: 256)
        .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
        .childChannelInitializer { channel in
            channel.eventLoop.makeCompletedFuture {
                try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                try channel.pipeline.syncOperations.addHandler(Responder())
            }
        }
        .bind(host: "127.0.0.1", port: port).get()
    try await channel.closeFuture.get()
}

/// The least an HTTP/1.1 server does per request: read the head and body, write a head and a body.
final class Responder: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart
    private var head: HTTPRequestHead?
    private var body: ByteBuffer?

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let requestHead):
            head = requestHead
            body = nil
        case .body(var chunk):
            if body == nil { body = chunk } else { body?.writeBuffer(&chunk) }
        case .end:
            guard let requestHead = head else { return }
            let answer = requestHead.uri == "/echo" ? (body ?? ByteBuffer()) : ByteBuffer(string: health)
            var headers = HTTPHeaders()
            headers.add(name: "Content-Type", value: "application/json")
            headers.add(name: "Content-Length", value: "\(answer.readableBytes)")
            context.write(wrapOutboundOut(.head(HTTPResponseHead(version: requestHead.version, status: .ok, headers: headers))), promise: nil)
            context.write(wrapOutboundOut(.body(.byteBuffer(answer))), promise: nil)
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        }
    }
}
