import HTTPTypes
import Hummingbird
import NIOCore
import NIOHTTPTypes

/// The request's body did not arrive whole within ``RequestBodyDeadline``'s limit.
struct RequestBodyTimedOut: Error {}

/// Bounds the time from a request's head to the end of its body, on the connection's event loop.
///
/// A client that announces a body and then trickles it (or sends nothing) would otherwise hold a request, and the
/// task serving it, for as long as it likes (issue #11). When the limit passes, ``RequestBodyTimedOut`` is raised
/// into the pipeline: the handler reading the body sees it thrown from the body stream and answers 408, and the
/// connection closes after that answer.
///
/// This replaces a per-request race of the body read against `Task.sleep` (two child tasks and a timer per request,
/// about 3% of a sign-in's CPU in issue #13's profile). A timer is armed only when a read leaves a request
/// unfinished, so a request whose head and body arrive together (nearly every one) costs two assignments.
final class RequestBodyDeadline: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart

    private let limit: TimeAmount
    /// When the unfinished request's head arrived; nil between requests.
    private var headArrived: NIODeadline?
    private var timer: Scheduled<Void>?

    init(limit: Duration) {
        self.limit = .nanoseconds(Int64(limit.components.seconds) * 1_000_000_000 + limit.components.attoseconds / 1_000_000_000)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head: headArrived = .now()
        case .body: break
        case .end:
            headArrived = nil
            timer?.cancel()
            timer = nil
        }
        context.fireChannelRead(data)
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        if let headArrived, timer == nil {
            let loop = context.eventLoop.assumeIsolated()
            timer = loop.scheduleTask(deadline: headArrived + limit) { [self] in
                timer = nil
                guard self.headArrived != nil else { return }
                self.headArrived = nil
                context.fireErrorCaught(RequestBodyTimedOut())
            }
        }
        context.fireChannelReadComplete()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        timer?.cancel()
        timer = nil
    }

    func channelInactive(context: ChannelHandlerContext) {
        timer?.cancel()
        timer = nil
        context.fireChannelInactive()
    }
}
