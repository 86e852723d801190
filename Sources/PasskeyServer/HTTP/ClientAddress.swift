import Foundation
import HTTPTypes
import Hummingbird
import PasskeyCore
import PasskeyHummingbird

/// Who sent a request: the TCP peer, or — only when the peer is one of the operator's trusted proxies — the address
/// the proxies report in the one header the operator names: `X-Forwarded-For` or `Forwarded` (RFC 7239). Only one
/// is read: a proxy that appends to one passes the other through as the client wrote it.
///
/// Proxies append the address they received a connection from, so the list is read from the right: trusted hops are
/// skipped and the first untrusted address is the client. Everything left of it was written by the client and is
/// ignored, as are both headers on connections that do not come from a trusted proxy.
struct ClientAddressResolver: Sendable {
    let trustedProxies: [IPNetwork]
    var header: ForwardedHeader = .xForwardedFor

    static let forwardedFor = HTTPField.Name("X-Forwarded-For")
    static let forwarded = HTTPField.Name("Forwarded")

    func resolve(peer: IPAddress?, headers: HTTPFields) -> IPAddress? {
        guard let peer, isTrusted(peer) else { return peer }
        let hops: [String]
        switch header {
        case .xForwardedFor: hops = Self.forwardedFor.map { Self.forwardedForHops(headers[values: $0]) } ?? []
        case .forwarded: hops = Self.forwarded.map { Self.forwardedHops(headers[values: $0]) } ?? []
        }
        var client = peer
        for hop in hops.reversed() {
            // A hop that is not an address (a proxy's obfuscated name, or garbage) ends what can be trusted.
            guard let address = IPAddress(hop) else { break }
            client = address
            if !isTrusted(address) { break }
        }
        return client
    }

    private func isTrusted(_ address: IPAddress) -> Bool { trustedProxies.contains { $0.contains(address) } }

    /// `X-Forwarded-For: client, proxy1, proxy2` (possibly over several header lines).
    static func forwardedForHops(_ lines: [String]) -> [String] {
        lines.flatMap { $0.split(separator: ",") }.map { Self.bareAddress($0.trimmingCharacters(in: .whitespaces)) }
    }

    /// `Forwarded: for=192.0.2.60;proto=https, for="[2001:db8::1]:4711"`: the `for` parameter of each element.
    static func forwardedHops(_ lines: [String]) -> [String] {
        lines.flatMap { $0.split(separator: ",") }.map { element in
            let pairs = element.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let pair = pairs.first(where: { $0.lowercased().hasPrefix("for=") }) else { return "" }
            return Self.bareAddress(String(pair.dropFirst(4)).trimmingCharacters(in: CharacterSet(charactersIn: "\"")))
        }
    }

    /// Strips `[…]` brackets and a port from an address as proxies write it.
    static func bareAddress(_ text: String) -> String {
        if text.hasPrefix("["), let close = text.firstIndex(of: "]") {
            return String(text[text.index(after: text.startIndex)..<close])
        }
        // One colon: IPv4 with a port. More: a bare IPv6 address.
        if text.filter({ $0 == ":" }).count == 1, let colon = text.firstIndex(of: ":") { return String(text[..<colon]) }
        return text
    }

    /// The rate-limit key of an address (``ClientKey``, shared with the route group): IPv4 addresses one by one,
    /// IPv6 by /64.
    static func bucket(_ address: IPAddress?) -> String {
        address.flatMap { ClientKey.address($0.bytes) } ?? "unknown"
    }
}

/// Resolves the client address once per request, for the rate limiter and the request log.
struct ClientAddressMiddleware: RouterMiddleware {
    typealias Context = ServerContext
    let resolver: ClientAddressResolver

    func handle(_ request: Request, context: ServerContext, next: (Request, ServerContext) async throws -> Response) async throws -> Response {
        var context = context
        context.clientAddress = resolver.resolve(peer: context.remoteAddress?.ipAddress.flatMap { IPAddress($0) }, headers: request.headers)
        return try await next(request, context)
    }
}
