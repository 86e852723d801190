import HTTPTypes
public import Hummingbird
public import NIOCore
public import NIOHTTPTypes

/// The request's body did not arrive whole within its ``RequestBodyDeadline``: thrown from the body stream.
///
/// It is an `HTTPResponseError`, so any route that lets it propagate answers 408 `requestTimeout` in the
/// conformance API's JSON shape, not a 500.
public struct RequestBodyTimedOut: HTTPResponseError, Sendable {
    /// The deadline that passed.
    public let limit: Duration

    /// The error for a body that missed `limit` (the deadline handler raises it).
    public init(limit: Duration) {
        self.limit = limit
    }

    /// 408 Request Timeout.
    public var status: HTTPResponse.Status { .requestTimeout }

    /// The refusal every reader of a body answers with: 408, code `requestTimeout`, and the limit.
    public var refusal: RelyingPartyError {
        RelyingPartyError(.requestTimeout, "The request body did not arrive within \(limit) of its head.", code: "requestTimeout")
    }

    /// The 408 answer: ``refusal`` in the conformance API's JSON shape.
    public func response(from request: Request, context: some RequestContext) -> Response {
        PasskeyResponse.failed(refusal).response(from: request, context: context)
    }
}

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
/// thrown from the body stream and, unless it catches it, answers 408 `requestTimeout`; the connection closes after
/// the answer. Every route's body is bounded, not only the passkey routes'.
///
/// It bounds bodies only. Set the HTTP/1 configuration's `idleTimeout` too (Hummingbird's default is none): that
/// is what bounds a client sending its headers slowly, an idle connection, and a connection the client never
/// closes after its answer.
///
/// A timer is armed only when a read leaves a request unfinished, so a request whose head and body arrive together
/// (nearly every one) costs two assignments. Racing each body read against `Task.sleep` instead cost two child tasks
/// and a timer per request, about 3% of a sign-in's CPU.
public final class RequestBodyDeadline: ChannelInboundHandler, RemovableChannelHandler {
    /// The request parts Hummingbird's HTTP/1 codec decodes.
    public typealias InboundIn = HTTPRequestPart
    /// The same parts, passed on unchanged.
    public typealias InboundOut = HTTPRequestPart

    private let limit: TimeAmount
    /// The limit as given, for the error's message.
    private let duration: Duration
    /// When the unfinished request's head arrived; nil between requests.
    private var headArrived: NIODeadline?
    /// Counts heads, so a timer armed for one request can never expire a later one.
    private var generation = 0
    private var timer: Scheduled<Void>?

    /// A deadline of `limit` from each request's head to the end of its body.
    public init(limit: Duration = .seconds(10)) {
        // NIO's conversion and deadline arithmetic saturate, so a huge limit means "never", not a trap.
        self.limit = TimeAmount(limit)
        self.duration = limit
    }

    /// Notes when a request's head arrives and clears the deadline at its end.
    public func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            headArrived = .now()
            generation += 1
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
            let armedFor = generation
            timer = loop.scheduleTask(deadline: headArrived + limit) { [self] in
                guard armedFor == generation else { return }
                timer = nil
                guard self.headArrived != nil else { return }
                self.headArrived = nil
                context.fireErrorCaught(RequestBodyTimedOut(limit: duration))
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
