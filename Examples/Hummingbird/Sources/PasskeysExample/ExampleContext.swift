public import Hummingbird
public import NIOCore

/// The app's request context: Hummingbird's core storage and the connection's peer address, which the passkey routes
/// key each client's limits by (`RemoteAddressRequestContext`). Without the address, the routes could not tell
/// clients apart, and one client's flood would be everyone's problem.
public struct ExampleContext: RequestContext, RemoteAddressRequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The TCP peer. Behind a proxy this is the proxy: give ``ExampleConfiguration/clientKey`` then.
    public let remoteAddress: SocketAddress?

    /// The context of one request, with the peer address of its connection.
    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }
}
