import Foundation

/// The WebAuthn client's origin checks (WebAuthn L3 §5.1.3 steps 6–8, §5.1.4.1 steps 5–7, and HTML's "is a registrable
/// domain suffix of or is equal to"): the one implementation, used by `WebAuthnClient` and by the app SDK's
/// web-view bridge, so a page gets no more from an app than a browser would give it.
public enum RPIDValidation {
    /// A checked caller origin: a secure scheme and a host, lowercased.
    public struct Origin: Sendable, Equatable {
        /// `https`, or `http` when the host is localhost or a loopback address.
        public let scheme: String
        /// The host, lowercased: what an RP ID must equal or be a registrable suffix of.
        public let host: String
        /// `scheme://host[:port]`, as `clientDataJSON.origin` carries it.
        public let serialized: String
    }

    /// Parses and checks an origin: https, or http on localhost / loopback (a potentially trustworthy origin).
    ///
    /// - Throws: `SecurityError` (``WebAuthnClientError/Code/insecureOrigin``) for anything else: the API exists in
    ///   secure contexts only (§5), and §5.1.3 step 6 / §5.1.4.1 step 5 refuse an opaque origin.
    public static func origin(_ text: String) throws(WebAuthnClientError) -> Origin {
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(), let host = components.host?.lowercased(),
            !host.isEmpty,
            components.path.isEmpty || components.path == "/", components.query == nil
        else {
            throw WebAuthnClientError(.security, .insecureOrigin, "'\(text)' is not an origin (scheme://host[:port])")
        }
        let loopback = host == "localhost" || host.hasSuffix(".localhost") || host == "127.0.0.1" || host == "::1" || host == "[::1]"
        guard scheme == "https" || (scheme == "http" && loopback) else {
            throw WebAuthnClientError(.security, .insecureOrigin, "'\(text)' is not a secure origin: WebAuthn needs https, or http on localhost")
        }
        let port = components.port.map { ":\($0)" } ?? ""
        return Origin(scheme: scheme, host: host, serialized: "\(scheme)://\(host)\(port)")
    }

    /// The RP ID must equal the origin's host or be a registrable suffix of it; an IP address only equals itself.
    ///
    /// Without the Public Suffix List this refuses single-label RP IDs (other than `localhost`), which covers the
    /// top-level domains; multi-label public suffixes such as `co.uk` are not detected (docs/decisions/0023-rp-id-checks-without-psl.md).
    ///
    /// - Throws: `SecurityError` (``WebAuthnClientError/Code/rpIdNotAllowed``), as §5.1.3 step 8 / §5.1.4.1 step 7.
    public static func checkRPID(_ rpID: String, for origin: Origin) throws(WebAuthnClientError) {
        let id = rpID.lowercased()
        // An address is digits and dots (an IPv6 one has colons). ASCII hosts, nearly all, are checked byte by byte;
        // others by Unicode number property, so digits of other scripts still count as an address.
        let host = origin.host
        let isIP =
            host.utf8.contains(UInt8(ascii: ":"))
            || (host.utf8.allSatisfy { $0 < 0x80 }
                ? host.utf8.allSatisfy { ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || $0 == UInt8(ascii: ".") }
                : host.allSatisfy { $0.isNumber || $0 == "." })
        let allowed: Bool
        if id == origin.host {
            allowed = true
        } else if isIP || id == "localhost" {
            allowed = false
        } else {
            allowed = origin.host.hasSuffix("." + id) && id.contains(".")
        }
        guard allowed, !id.isEmpty else {
            throw WebAuthnClientError(
                .security, .rpIdNotAllowed, "the RP ID '\(rpID)' is not the host of \(origin.serialized) nor a registrable suffix of it")
        }
    }

    /// The RP ID a ceremony from `origin` uses: the one the options ask for, checked, or the origin's host when they
    /// name none (§5.1.3 step 8, §5.1.4.1 step 7: the RP ID defaults to the caller's effective domain).
    public static func rpID(_ requested: String?, for origin: Origin) throws(WebAuthnClientError) -> String {
        let rpID = requested ?? origin.host
        try checkRPID(rpID, for: origin)
        return rpID
    }

    /// Both checks for one ceremony: the caller's origin, then the RP ID (see ``rpID(_:for:)``).
    public static func resolve(origin text: String, requestedRPID: String?) throws(WebAuthnClientError) -> (origin: Origin, rpID: String) {
        let origin = try origin(text)
        return (origin, try rpID(requestedRPID, for: origin))
    }
}
