import HTTPTypes
import Hummingbird
public import NIOCore
public import NIOHTTPTypes

/// The request's body did not arrive whole within its ``RequestBodyDeadline``: thrown from the body stream.
public struct RequestBodyTimedOut: Error, Sendable {}

/// Bounds the time from a request's head to the end of its body, on the connection's event loop: the defence
/// against a client that announces a body and then trickles it, or never sends it, holding a request and the task
/// serving it for as long as it likes.
///
/// Add one per connection to Hummingbird's HTTP/1 pipeline:
///
/// ```swift
/// Application(router: router, server: .http1(configuration: .init(
///     additionalChannelHandlers: [RequestBodyDeadline(limit: .seconds(10))])))
/// ```
///
/// When the limit passes, ``RequestBodyTimedOut`` is raised into the pipeline, so whatever reads the body sees it
/// thrown from the body stream: the passkey routes answer 408 `requestTimeout`, and the connection closes after the
/// answer. Every route's body is bounded, not only the passkey routes'.
///
/// A timer is armed only when a read leaves a request unfinished, so a request whose head and body arrive together
/// (nearly every one) costs two assignments. Racing each body read against `Task.sleep` instead cost two child tasks
/// and a timer per request, about 3% of a sign-in's CPU (issue #13).
public final class RequestBodyDeadline: ChannelInboundHandler, RemovableChannelHandler {
    /// The request parts Hummingbird's HTTP/1 codec decodes.
    public typealias InboundIn = HTTPRequestPart
    /// The same parts, passed on unchanged.
    public typealias InboundOut = HTTPRequestPart

    private let limit: TimeAmount
    /// When the unfinished request's head arrived; nil between requests.
    private var headArrived: NIODeadline?
    private var timer: Scheduled<Void>?

    /// A deadline of `limit` from each request's head to the end of its body.
    public init(limit: Duration = .seconds(10)) {
        self.limit = .nanoseconds(Int64(limit.components.seconds) * 1_000_000_000 + limit.components.attoseconds / 1_000_000_000)
    }

    /// Notes when a request's head arrives and clears the deadline at its end.
    public func channelRead(context: ChannelHandlerContext, data: NIOAny) {
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

    /// Arms the timer when a read leaves a request unfinished.
    public func channelReadComplete(context: ChannelHandlerContext) {
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

    /// Cancels a pending timer.
    public func handlerRemoved(context: ChannelHandlerContext) {
        timer?.cancel()
        timer = nil
    }

    /// Cancels a pending timer: the connection is gone.
    public func channelInactive(context: ChannelHandlerContext) {
        timer?.cancel()
        timer = nil
        context.fireChannelInactive()
    }
}
