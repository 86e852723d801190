import Foundation

/// The client's origin checks (WebAuthn L3 §5.1.3 steps 5–8, §5.1.4 steps 6–8, and HTML's "registrable domain suffix").
enum RPIDValidation {
    struct Origin: Sendable {
        let scheme: String
        let host: String
        let serialized: String
    }

    /// Parses and checks an origin: https, or http on localhost / loopback (a potentially trustworthy origin).
    static func origin(_ text: String) throws(WebAuthnClientError) -> Origin {
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(), let host = components.host?.lowercased(), !host.isEmpty,
              components.path.isEmpty || components.path == "/", components.query == nil else {
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
    /// top-level domains; multi-label public suffixes such as `co.uk` are not detected (docs/decisions.md).
    static func checkRPID(_ rpID: String, for origin: Origin) throws(WebAuthnClientError) {
        let id = rpID.lowercased()
        let isIP = origin.host.allSatisfy { $0.isNumber || $0 == "." } || origin.host.contains(":")
        let allowed: Bool
        if id == origin.host {
            allowed = true
        } else if isIP || id == "localhost" {
            allowed = false
        } else {
            allowed = origin.host.hasSuffix("." + id) && id.contains(".")
        }
        guard allowed, !id.isEmpty else {
            throw WebAuthnClientError(.security, .rpIdNotAllowed, "the RP ID '\(rpID)' is not the host of \(origin.serialized) nor a registrable suffix of it")
        }
    }
}
