import Crypto
import Foundation
import PasskeyCore

/// Registering OpenID Connect clients (`passkeys oidc-client`), over any ``OpenIDStore``. Clients are the operator's
/// own apps (first-party): registration is an operator's act, never a request from the internet (no dynamic
/// registration, RFC 7591), and signing in to one asks no consent. Each change is audited in its own transaction, with
/// the actor of `origin`, whichever front end made it.
public struct OIDCClients: Sendable {
    let store: any OpenIDStore
    let clock: @Sendable () -> Int64
    let origin: ChangeOrigin

    /// Clients in `store`, changed by `origin`'s actor; `clock` gives the time in milliseconds since 1970.
    public init(store: any OpenIDStore, clock: @escaping @Sendable () -> Int64, origin: ChangeOrigin) {
        self.store = store
        self.clock = clock
        self.origin = origin
    }

    /// The audit entry of a change to a client (`detail` names it, as ``clientDetail(_:_:)`` does).
    func entry(_ action: AuditAction, _ detail: JSONObject) -> AuditEntry {
        AuditEntry(
            time: clock(), userID: nil, action: action.rawValue, actor: origin.actor(for: nil), clientAddress: origin.clientAddress,
            outcome: AuditOutcome.success.rawValue, detail: JSONValue.object(detail).serialized())
    }

    /// `{"client": {"id", "name"}}`, what every entry about a client holds (either member may be unknown yet).
    package static func clientDetail(_ id: String?, _ name: String?) -> JSONObject {
        var client = JSONObject()
        if let id { client["id"] = .string(id) }
        if let name { client["name"] = .string(String(name.unicodeScalars.prefix(maximumNameLength))) }
        return JSONObject(["client": .object(client)])
    }

    /// The prefix of client secrets, so secret scanners and people recognise one in a log or a commit.
    public static let secretPrefix = "pcs_"
    /// The longest name a client may have.
    package static let maximumNameLength = 128
    /// At most this many redirect URIs (and as many post-logout ones) per client.
    package static let maximumURIs = 20
    /// The longest redirect URI a client may register.
    package static let maximumURILength = 2_000

    /// SHA-256 of a client secret, hex: what is stored. A secret is 256 random bits, so a plain hash is the right form.
    public static func hash(secret: String) -> String { OpaqueSecret.digest(secret) }

    /// What the checks call each value in their messages: the CLI's options, or the operator API's JSON members, so
    /// one copy of the rules speaks the caller's language (`--redirect-uri: …`, `redirectUris[0]: …`).
    public struct Fields: Sendable {
        let name: String
        let redirectURIs: String
        let postLogoutRedirectURIs: String
        let idTokenAlgorithm: String
        let newSecret: String
        let pkce: String
        /// Whether a list's element is named by its index (`redirectUris[2]`): a JSON array has one, repeated options do not.
        let indexed: Bool

        /// The `passkeys oidc-client` options.
        public static let options = Fields(
            name: "--name", redirectURIs: "--redirect-uri", postLogoutRedirectURIs: "--post-logout-redirect-uri", idTokenAlgorithm: "--id-token-alg",
            newSecret: "--new-secret", pkce: "--pkce", indexed: false)
        /// The members of the operator API's bodies (`POST` and `PATCH /admin/oidc-clients`).
        public static let json = Fields(
            name: "name", redirectURIs: "redirectUris", postLogoutRedirectURIs: "postLogoutRedirectUris", idTokenAlgorithm: "idTokenAlg",
            newSecret: "newSecret", pkce: "pkce", indexed: true)

        func element(_ list: String, _ index: Int) -> String { indexed ? "\(list)[\(index)]" : list }
    }

    /// Registers a client: its record and, for a confidential client, its secret (shown once, never stored). A value
    /// that breaks a rule is a ``ConfigurationError`` naming it as `fields` does. `pkceRequired: false` is for
    /// confidential clients only.
    public func create(
        name: String, redirectURIs: [String], postLogoutRedirectURIs: [String] = [], isPublic: Bool, idTokenAlgorithm: String = "RS256",
        pkceRequired: Bool = true, fields: Fields = .options
    ) async throws -> (record: OIDCClientRecord, secret: String?) {
        try Self.checkPKCE(required: pkceRequired, isPublic: isPublic, fields)
        let checked = (
            name: try Self.checkName(name, fields), redirectURIs: try Self.checkURIs(redirectURIs, fields.redirectURIs, fields, required: true),
            postLogout: try Self.checkURIs(postLogoutRedirectURIs, fields.postLogoutRedirectURIs, fields, required: false),
            algorithm: try Self.checkAlgorithm(idTokenAlgorithm, fields)
        )
        let secret = isPublic ? nil : Self.newSecret()
        let record = OIDCClientRecord(
            id: Base64URL.encode(SecureRandom.bytes(16)), name: checked.name, secretHash: secret.map(Self.hash(secret:)),
            redirectURIs: checked.redirectURIs, postLogoutRedirectURIs: checked.postLogout, idTokenAlgorithm: checked.algorithm, createdAt: clock(),
            pkceRequired: pkceRequired)
        var detail = Self.clientDetail(record.id, record.name)
        detail["public"] = .bool(!record.isConfidential)
        try await store.insertOIDCClient(record, audit: entry(.oidcClientCreated, detail))
        return (record, secret)
    }

    /// Every client, oldest first.
    public func list() async throws -> [OIDCClientRecord] { try await store.oidcClients() }

    /// The client `id`; nil when there is none.
    public func client(id: String) async throws -> OIDCClientRecord? { try await store.oidcClient(id: id) }

    /// Changes what is given (nil leaves it); `newSecret` replaces a confidential client's secret and answers the new
    /// one (shown once). Nil when there is no client `id`. Audited as `oidc-client.secret-rotated` when the secret
    /// was replaced, else `oidc-client.updated`, with what changed named by the operator API's members.
    public func update(
        id: String, name: String? = nil, redirectURIs: [String]? = nil, postLogoutRedirectURIs: [String]? = nil, idTokenAlgorithm: String? = nil,
        newSecret: Bool = false, pkceRequired: Bool? = nil, fields: Fields = .options
    ) async throws -> (record: OIDCClientRecord, secret: String?)? {
        guard var record = try await store.oidcClient(id: id) else { return nil }
        if let pkceRequired {
            try Self.checkPKCE(required: pkceRequired, isPublic: !record.isConfidential, fields)
            record.pkceRequired = pkceRequired
        }
        if let name { record.name = try Self.checkName(name, fields) }
        if let redirectURIs { record.redirectURIs = try Self.checkURIs(redirectURIs, fields.redirectURIs, fields, required: true) }
        if let postLogoutRedirectURIs {
            record.postLogoutRedirectURIs = try Self.checkURIs(postLogoutRedirectURIs, fields.postLogoutRedirectURIs, fields, required: false)
        }
        if let idTokenAlgorithm { record.idTokenAlgorithm = try Self.checkAlgorithm(idTokenAlgorithm, fields) }
        var secret: String?
        if newSecret {
            guard record.isConfidential else { throw ConfigurationError("\(fields.newSecret): client \(id) is public (it has no secret)") }
            secret = Self.newSecret()
            record.secretHash = secret.map(Self.hash(secret:))
        }
        var detail = Self.clientDetail(record.id, record.name)
        let given: [(String, Bool)] = [
            ("name", name != nil), ("redirectUris", redirectURIs != nil), ("postLogoutRedirectUris", postLogoutRedirectURIs != nil),
            ("idTokenAlg", idTokenAlgorithm != nil), ("newSecret", newSecret), ("pkce", pkceRequired != nil),
        ]
        detail["changed"] = .array(given.filter(\.1).map { .string($0.0) })
        guard try await store.updateOIDCClient(record, audit: entry(newSecret ? .oidcClientSecretRotated : .oidcClientUpdated, detail)) else {
            return nil
        }
        return (record, secret)
    }

    /// Removes a client with its codes and refresh tokens; false when there is none.
    public func delete(id: String) async throws -> Bool {
        let name = try await store.oidcClient(id: id)?.name
        return try await store.deleteOIDCClient(id: id, audit: entry(.oidcClientDeleted, Self.clientDetail(id, name)))
    }

    /// A client as the CLI prints it and the operator API answers it: never its secret's hash; `secret` only when one
    /// was just made (shown this once).
    public static func json(_ record: OIDCClientRecord, secret: String? = nil) -> JSONValue {
        var members = JSONObject([
            "clientId": .string(record.id), "name": .string(record.name), "public": .bool(!record.isConfidential),
            "redirectUris": .array(record.redirectURIs.map(JSONValue.string)),
            "postLogoutRedirectUris": .array(record.postLogoutRedirectURIs.map(JSONValue.string)),
            "idTokenAlg": .string(record.idTokenAlgorithm), "pkce": .string(record.pkceRequired ? "required" : "optional"),
            "createdAt": .string(RFC3339.string(millisecondsSince1970: record.createdAt)),
        ])
        if let secret { members["clientSecret"] = .string(secret) }
        return .object(members)
    }

    /// 256 random bits with the recognisable prefix.
    static func newSecret() -> String { OpaqueSecret.make(prefix: secretPrefix) }

    /// A value quoted in a message, cut short: a refused value may be large, and the message is not the place to echo it.
    static func quoted(_ value: String) -> String {
        let scalars = value.unicodeScalars
        return scalars.count <= 100 ? "'\(value)'" : "'\(String(String.UnicodeScalarView(scalars.prefix(100))))…' (\(scalars.count) characters)"
    }

    /// 1 to ``maximumNameLength`` Unicode scalars as given (what JSON Schema's `maxLength` counts), not blank once
    /// trimmed, no control characters (general category Cc).
    static func checkName(_ name: String, _ fields: Fields) throws(ConfigurationError) -> String {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, name.unicodeScalars.count <= maximumNameLength,
            !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else {
            throw ConfigurationError(
                "\(fields.name): expected 1 to \(maximumNameLength) characters, not blank, without control characters, found \(quoted(name))")
        }
        return trimmed
    }

    /// The policy named by `--pkce` or `pkce`: `required` or `optional`.
    package static func pkceRequired(_ value: String, _ fields: Fields) throws(ConfigurationError) -> Bool {
        switch value {
        case "required": return true
        case "optional": return false
        default: throw ConfigurationError("\(fields.pkce): expected required or optional, found \(quoted(value))")
        }
    }

    /// A public client has no secret, so PKCE is all that binds its code to it (RFC 9700 §2.1.1): never optional.
    static func checkPKCE(required: Bool, isPublic: Bool, _ fields: Fields) throws(ConfigurationError) {
        guard required || !isPublic else {
            throw ConfigurationError(
                "\(fields.pkce): expected required for a public client (RFC 9700 §2.1.1: without a secret, PKCE is what binds the code to the client), found optional"
            )
        }
    }

    static func checkAlgorithm(_ algorithm: String, _ fields: Fields) throws(ConfigurationError) -> String {
        guard algorithm == "RS256" || algorithm == "ES256" else {
            throw ConfigurationError("\(fields.idTokenAlgorithm): expected RS256 or ES256, found \(quoted(algorithm))")
        }
        return algorithm
    }

    static func checkURIs(_ uris: [String], _ list: String, _ fields: Fields, required: Bool) throws(ConfigurationError) -> [String] {
        guard !required || !uris.isEmpty else { throw ConfigurationError("\(list): expected at least one URI, found none") }
        guard uris.count <= maximumURIs else { throw ConfigurationError("\(list): expected at most \(maximumURIs) URIs, found \(uris.count)") }
        var seen: [String: Int] = [:]
        for (index, uri) in uris.enumerated() {
            let name = fields.element(list, index)
            guard uri.unicodeScalars.count <= maximumURILength else {
                throw ConfigurationError("\(name): expected at most \(maximumURILength) characters, found \(uri.unicodeScalars.count)")
            }
            guard RedirectURI.isRegistrable(uri) else {
                throw ConfigurationError(
                    "\(name): expected an absolute https URI without fragment (or http on a loopback IP literal, http://127.0.0.1:PORT/… or http://[::1]:PORT/…, RFC 8252 §7.3), found \(quoted(uri))"
                )
            }
            if let first = seen[uri] {
                throw ConfigurationError("\(name): expected each URI once, found a repeat of \(fields.element(list, first))")
            }
            seen[uri] = index
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
    package static func isRegistrable(_ uri: String) -> Bool {
        guard uri.unicodeScalars.count <= OIDCClients.maximumURILength, let url = URLComponents(string: uri), let scheme = url.scheme,
            let host = url.host,
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
