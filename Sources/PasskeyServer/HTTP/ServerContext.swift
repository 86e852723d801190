public import Hummingbird
public import NIOCore

/// The request context: Hummingbird's core storage plus the client's address (for rate limiting) and the body limit.
public struct ServerContext: RequestContext, RemoteAddressRequestContext {
    public var coreContext: CoreRequestContextStorage
    public let remoteAddress: SocketAddress?
    /// The client as the rate limiter and the log see it: the peer, or what trusted proxies report
    /// (``ClientAddressMiddleware``).
    public var clientAddress: IPAddress?
    /// The service credential a service route was called with (``ServiceCredentialMiddleware``); nil elsewhere.
    package var serviceCredential: APIKeyRecord?

    /// Request bodies above 64 KiB are refused with 413; the largest real WebAuthn response is a few KiB.
    public static let maximumBodySize = 64 * 1024

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }

    /// A request body must arrive within this long once its head has: a client that trickles a body holds a
    /// connection and a task, so it gets 408 instead of as long as it likes.
    public static let bodyTimeout = Duration.seconds(10)

    public var maxUploadSize: Int { Self.maximumBodySize }
}
