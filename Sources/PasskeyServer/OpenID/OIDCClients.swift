import Crypto
import Foundation
import PasskeyCore

/// Registering OpenID Connect clients (`passkeys oidc-client`), over any ``OpenIDStore``. Clients are the operator's
/// own apps (first-party): registration is an operator's act, never a request from the internet (no dynamic
/// registration, RFC 7591), and signing in to one asks no consent.
public struct OIDCClients: Sendable {
    let store: any OpenIDStore
    let clock: @Sendable () -> Int64

    /// Clients in `store`; `clock` gives the time in milliseconds since 1970.
    public init(store: any OpenIDStore, clock: @escaping @Sendable () -> Int64) {
        self.store = store
        self.clock = clock
    }

    /// The prefix of client secrets, so secret scanners and people recognise one in a log or a commit.
    public static let secretPrefix = "pcs_"
    /// The longest name a client may have.
    public static let maximumNameLength = 128
    /// At most this many redirect URIs (and as many post-logout ones) per client.
    public static let maximumURIs = 20
    /// The longest redirect URI a client may register.
    public static let maximumURILength = 2_000

    /// SHA-256 of a client secret, hex: what is stored. A secret is 256 random bits, so a plain hash is the right form.
    public static func hash(secret: String) -> String { Hex.encode(SHA256.hash(data: Array(secret.utf8))) }

    /// Registers a client: its record and, for a confidential client, its secret (shown once, never stored).
    public func create(
        name: String, redirectURIs: [String], postLogoutRedirectURIs: [String] = [], isPublic: Bool, idTokenAlgorithm: String = "RS256"
    ) async throws -> (record: OIDCClientRecord, secret: String?) {
        let secret = isPublic ? nil : Self.secretPrefix + Base64URL.encode(SecureRandom.bytes(32))
        let record = OIDCClientRecord(
            id: Base64URL.encode(SecureRandom.bytes(16)), name: try Self.checkName(name), secretHash: secret.map(Self.hash(secret:)),
            redirectURIs: try Self.checkURIs(redirectURIs, option: "--redirect-uri", required: true),
            postLogoutRedirectURIs: try Self.checkURIs(postLogoutRedirectURIs, option: "--post-logout-redirect-uri", required: false),
            idTokenAlgorithm: try Self.checkAlgorithm(idTokenAlgorithm), createdAt: clock())
        try await store.insertOIDCClient(record)
        return (record, secret)
    }

    /// Every client, oldest first.
    public func list() async throws -> [OIDCClientRecord] { try await store.oidcClients() }

    /// The client `id`; nil when there is none.
    public func client(id: String) async throws -> OIDCClientRecord? { try await store.oidcClient(id: id) }

    /// Changes what is given (nil leaves it); `newSecret` replaces a confidential client's secret and answers the new
    /// one (shown once). Nil when there is no client `id`.
    public func update(
        id: String, name: String? = nil, redirectURIs: [String]? = nil, postLogoutRedirectURIs: [String]? = nil, idTokenAlgorithm: String? = nil,
        newSecret: Bool = false
    ) async throws -> (record: OIDCClientRecord, secret: String?)? {
        guard var record = try await store.oidcClient(id: id) else { return nil }
        if let name { record.name = try Self.checkName(name) }
        if let redirectURIs { record.redirectURIs = try Self.checkURIs(redirectURIs, option: "--redirect-uri", required: true) }
        if let postLogoutRedirectURIs {
            record.postLogoutRedirectURIs = try Self.checkURIs(postLogoutRedirectURIs, option: "--post-logout-redirect-uri", required: false)
        }
        if let idTokenAlgorithm { record.idTokenAlgorithm = try Self.checkAlgorithm(idTokenAlgorithm) }
        var secret: String?
        if newSecret {
            guard record.isConfidential else { throw ConfigurationError("--new-secret: client \(id) is public (it has no secret)") }
            secret = Self.secretPrefix + Base64URL.encode(SecureRandom.bytes(32))
            record.secretHash = secret.map(Self.hash(secret:))
        }
        guard try await store.updateOIDCClient(record) else { return nil }
        return (record, secret)
    }

    /// Removes a client with its codes and refresh tokens; false when there is none.
    public func delete(id: String) async throws -> Bool { try await store.deleteOIDCClient(id: id) }

    static func checkName(_ name: String) throws(ConfigurationError) -> String {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, trimmed.count <= maximumNameLength,
            !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else {
            throw ConfigurationError("--name: expected 1 to \(maximumNameLength) characters without control characters, found '\(name)'")
        }
        return trimmed
    }

    static func checkAlgorithm(_ algorithm: String) throws(ConfigurationError) -> String {
        guard algorithm == "RS256" || algorithm == "ES256" else {
            throw ConfigurationError("--id-token-alg: expected RS256 or ES256, found '\(algorithm)'")
        }
        return algorithm
    }

    static func checkURIs(_ uris: [String], option: String, required: Bool) throws(ConfigurationError) -> [String] {
        guard !required || !uris.isEmpty else { throw ConfigurationError("\(option): at least one is required") }
        guard uris.count <= maximumURIs else { throw ConfigurationError("\(option): at most \(maximumURIs), found \(uris.count)") }
        for uri in uris {
            guard RedirectURI.isRegistrable(uri) else {
                throw ConfigurationError(
                    "\(option): expected an absolute https URI without fragment (or http on a loopback IP literal, http://127.0.0.1:PORT/… or http://[::1]:PORT/…, RFC 8252 §7.3), found '\(uri)'"
                )
            }
        }
        return uris
    }
}

/// The redirect URI rules (RFC 6749 §3.1.2, RFC 9700 §4.1.3, RFC 8252 §7.3).
public enum RedirectURI {
    /// Whether `uri` may be registered: absolute, no fragment (RFC 6749 §3.1.2), no user info, at most
    /// ``OIDCClients/maximumURILength`` characters, and `https`, or `http` on the loopback IP literals `127.0.0.1` and
    /// `[::1]` (RFC 8252 §7.3; `localhost` is not one, §8.3). Custom schemes are not taken: every client here is a web
    /// app or a native app on a loopback port.
    public static func isRegistrable(_ uri: String) -> Bool {
        guard uri.count <= OIDCClients.maximumURILength, let url = URLComponents(string: uri), let scheme = url.scheme, let host = url.host,
            !host.isEmpty, url.fragment == nil, url.user == nil, url.password == nil,
            !uri.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7F })
        else { return false }
        if scheme == "https" { return true }
        return scheme == "http" && isLoopbackLiteral(url)
    }

    /// Whether `url`'s host is a loopback IP literal (`127.0.0.1`, or `::1`, which URLComponents gives bracketed or not).
    static func isLoopbackLiteral(_ url: URLComponents) -> Bool {
        guard let host = url.host else { return false }
        return host == "127.0.0.1" || host == "[::1]" || host == "::1"
    }

    /// Whether a requested `uri` matches a registered one: the same string (RFC 9700 §4.1.3, exact matching), or, for an
    /// http loopback IP literal, the same string once both ports are removed: a native app listens on a port the
    /// system gives it at the time of the request (RFC 8252 §7.3).
    public static func matches(_ requested: String, registered: String) -> Bool {
        if requested == registered { return true }
        guard let a = URLComponents(string: requested), let b = URLComponents(string: registered), a.scheme == "http", b.scheme == "http",
            isLoopbackLiteral(a), isLoopbackLiteral(b), a.fragment == nil
        else { return false }
        var left = a
        var right = b
        left.port = nil
        right.port = nil
        return left.string == right.string && left.percentEncodedHost == right.percentEncodedHost
    }
}
