import Foundation

/// Where events go: a URL and its secrets. The first secret is the current one; more (from further lines of the
/// secret file) sign too while a rotation is under way, each signature in the one `webhook-signature` header.
public struct WebhookEndpoint: Sendable {
    /// The URL as given: also the endpoint's key in the outbox, so its queue survives restarts and secret rotations.
    public let url: String
    let secrets: [WebhookSecret]

    /// - Parameters:
    ///   - url: `https://…`, or `http://` to a loopback host (a receiver on the same machine); no user or password
    ///     in it (the signature is what authenticates the sender, and URLs reach logs) and no fragment.
    ///   - secretFile: the path of a file holding the secret (`whsec_…`), or several, one a line, the current first.
    public init(url: String, secretFile: String) throws(ConfigurationError) {
        try self.init(url: url, secrets: try Self.secrets(fromFile: secretFile))
    }

    public init(url: String, secrets: [WebhookSecret]) throws(ConfigurationError) {
        try Self.check(url)
        guard !secrets.isEmpty else { throw ConfigurationError("--webhook-secret-file: expected at least one secret for \(url), found none") }
        self.url = url
        self.secrets = secrets
    }

    /// The URL without its query, for logs and metric labels (a query may carry a receiver's own token).
    public var label: String {
        guard var components = URLComponents(string: url) else { return url }
        components.query = nil
        return components.string ?? url
    }

    /// Refuses a URL that is not https, except to a loopback host, and one with credentials or a fragment.
    static func check(_ url: String) throws(ConfigurationError) {
        guard let components = URLComponents(string: url), let scheme = components.scheme?.lowercased(), let host = components.host,
            !host.isEmpty
        else {
            throw ConfigurationError("--webhook-url: expected an absolute https:// URL, found '\(url)'")
        }
        guard scheme == "https" || (scheme == "http" && isLoopback(host)) else {
            throw ConfigurationError(
                "--webhook-url: expected https:// (or http:// to localhost, 127.0.0.1 or [::1]), found '\(scheme)://\(host)': events name accounts and would cross the network in the clear"
            )
        }
        guard components.user == nil, components.password == nil else {
            throw ConfigurationError("--webhook-url: expected no user or password in the URL (the signature authenticates each event), found some")
        }
        guard components.fragment == nil else { throw ConfigurationError("--webhook-url: expected no '#fragment', found one in '\(url)'") }
    }

    static func isLoopback(_ host: String) -> Bool {
        let bare = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        if bare == "localhost" || bare == "::1" { return true }
        let parts = bare.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
    }

    /// The secrets in a file: non-empty lines, each `whsec_…`.
    static func secrets(fromFile path: String) throws(ConfigurationError) -> [WebhookSecret] {
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            throw ConfigurationError("--webhook-secret-file: cannot read '\(path)'")
        }
        let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard !lines.isEmpty else { throw ConfigurationError("--webhook-secret-file: '\(path)' is empty; expected a secret 'whsec_…'") }
        var secrets: [WebhookSecret] = []
        for (index, line) in lines.enumerated() {
            secrets.append(try WebhookSecret(parsing: line, source: "--webhook-secret-file '\(path)' line \(index + 1)"))
        }
        return secrets
    }
}
