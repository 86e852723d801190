#if Vapor
public import Vapor

extension ClientKey {
    /// The key of a request's client: its connection's peer address (an IPv6 address by its /64); nil when the peer
    /// is not an IP address (a Unix socket). Behind a proxy this is the proxy's address.
    public static func peer(of request: Request) -> String? {
        guard let peer = request.remoteAddress else { return nil }
        // `SocketAddress` gives no bytes directly; the C address structures hold them in network order.
        switch peer {
        case .v4(let ip): return address(withUnsafeBytes(of: ip.address.sin_addr) { [UInt8]($0) })
        case .v6(let ip): return address(withUnsafeBytes(of: ip.address.sin6_addr) { [UInt8]($0) })
        case .unixDomainSocket: return nil
        }
    }
}
#endif
