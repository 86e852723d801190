import PasskeyCore

/// The key a client is limited under: an IPv4 address by itself, an IPv6 address by its /64, the smallest block a
/// single subscriber is routinely given (so one client cannot rotate through its own addresses). An IPv4 address
/// that reaches a dual-stack socket as `::ffff:a.b.c.d` is keyed as the IPv4 address, not as the one /64 every IPv4
/// client would share.
public enum ClientKey {
    /// The key of an address given as its 4 or 16 network-order bytes; nil for any other length.
    public static func address(_ bytes: [UInt8]) -> String? {
        switch bytes.count {
        case 4:
            return bytes.map(String.init).joined(separator: ".")
        case 16:
            if bytes.prefix(10).allSatisfy({ $0 == 0 }), bytes[10] == 0xFF, bytes[11] == 0xFF {
                return address(Array(bytes.suffix(4)))
            }
            return Hex.encode(Array(bytes.prefix(8))) + "::/64"
        default:
            return nil
        }
    }
}
