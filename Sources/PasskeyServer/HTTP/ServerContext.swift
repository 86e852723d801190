public import Hummingbird
public import NIOCore

/// The request context: Hummingbird's core storage plus the client's address (for rate limiting) and the body limit.
public struct ServerContext: RequestContext, RemoteAddressRequestContext {
    public var coreContext: CoreRequestContextStorage
    public let remoteAddress: SocketAddress?

    /// Request bodies above 64 KiB are refused with 413; the largest real WebAuthn response is a few KiB.
    public static let maximumBodySize = 64 * 1024

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }

    public var maxUploadSize: Int { Self.maximumBodySize }
}
