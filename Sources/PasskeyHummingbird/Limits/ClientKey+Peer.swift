public import NIOCore

extension ClientKey {
    /// The key of a connection's peer; nil when it is not an IP peer (a Unix socket) or not known.
    public static func peer(_ address: SocketAddress?) -> String? {
        switch address {
        case .v4(let v4):
            return Self.address(withUnsafeBytes(of: v4.address.sin_addr) { Array($0) })
        case .v6(let v6):
            return Self.address(withUnsafeBytes(of: v6.address.sin6_addr) { Array($0) })
        default:
            return nil
        }
    }
}
