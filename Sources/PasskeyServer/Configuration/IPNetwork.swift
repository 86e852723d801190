#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An IP address as its 4 (IPv4) or 16 (IPv6) network-order bytes. IPv4-mapped IPv6 addresses (`::ffff:a.b.c.d`)
/// are read as the IPv4 address they carry, so one client has one spelling.
public struct IPAddress: Sendable, Hashable, CustomStringConvertible {
    public let bytes: [UInt8]

    /// Parses a literal address: dotted IPv4 or RFC 4291 IPv6 text (no brackets, no port, no zone).
    public init?(_ text: some StringProtocol) {
        let literal = String(text)
        guard !literal.isEmpty, literal.utf8.count <= 45 else { return nil }
        var v4 = in_addr()
        if inet_pton(AF_INET, literal, &v4) == 1 {
            bytes = withUnsafeBytes(of: &v4) { Array($0) }
            return
        }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, literal, &v6) == 1 else { return nil }
        let raw = withUnsafeBytes(of: &v6) { Array($0) }
        bytes = raw.prefix(10).allSatisfy { $0 == 0 } && raw[10] == 0xFF && raw[11] == 0xFF ? Array(raw.suffix(4)) : raw
    }

    public var isIPv4: Bool { bytes.count == 4 }

    public var description: String {
        if isIPv4 { return bytes.map(String.init).joined(separator: ".") }
        return stride(from: 0, to: 16, by: 2).map { String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16) }.joined(separator: ":")
    }
}

/// Which header trusted proxies report the client in.
public enum ForwardedHeader: String, Sendable, CaseIterable {
    /// `X-Forwarded-For: client, proxy1` (nginx's `$proxy_add_x_forwarded_for`, Caddy, most load balancers).
    case xForwardedFor = "x-forwarded-for"
    /// `Forwarded: for=client` (RFC 7239; HAProxy's `option forwarded`).
    case forwarded
}

/// An address range in CIDR notation (`10.0.0.0/8`, `fd00::/8`, or a single address), as `--trusted-proxy` takes it.
public struct IPNetwork: Sendable, Hashable, CustomStringConvertible {
    public let address: IPAddress
    package let prefixLength: Int

    public init(_ text: String) throws(ConfigurationError) {
        let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard let address = IPAddress(parts[0]) else {
            throw ConfigurationError("--trusted-proxy: expected an IPv4 or IPv6 address or CIDR range such as 10.0.0.0/8, found '\(text)'")
        }
        let bits = address.bytes.count * 8
        var length = bits
        if parts.count == 2 {
            // A mapped IPv4 range given in IPv6 form counts its prefix from the IPv4 part.
            let mapped = parts[0].contains(":") && address.isIPv4
            guard let given = Int(parts[1]), (mapped ? 96 : 0)...(mapped ? 128 : bits) ~= given else {
                throw ConfigurationError("--trusted-proxy: expected a prefix length from 0 to \(bits) after '/', found '\(parts[1])' in '\(text)'")
            }
            length = mapped ? given - 96 : given
        }
        self.address = address
        prefixLength = length
    }

    public func contains(_ other: IPAddress) -> Bool {
        guard other.bytes.count == address.bytes.count else { return false }
        var remaining = prefixLength
        for (mine, theirs) in zip(address.bytes, other.bytes) where remaining > 0 {
            let mask: UInt8 = remaining >= 8 ? 0xFF : ~(0xFF >> UInt8(remaining))
            if mine & mask != theirs & mask { return false }
            remaining -= 8
        }
        return true
    }

    public var description: String { "\(address)/\(prefixLength)" }
}
