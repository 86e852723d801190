import Foundation

/// How `passkeys serve` issues session tokens for an app's own backend (`POST /session/token`).
public struct SessionTokenConfiguration: Sendable {
    /// `iss` of every token, and where discovery and the JWKS are published (`<issuer>/.well-known/…`); nil uses the
    /// first `--origin`.
    public var issuer: String?
    /// `aud` of every token (`--token-audience`); empty uses the issuer.
    public var audiences: [String]
    /// Seconds from issue to `exp` (`--token-lifetime`), 1 s to 1 day.
    public var lifetime: Int64
    /// Seconds each signing key signs before its successor takes over (`--signing-key-rotation`); the successor is
    /// published a whole period before it signs.
    public var keyRotation: Int64
    /// Encrypts signing keys and the session-identifier key in the database (`--key-encryption-key-file`).
    public var keyEncryptionKey: KeyEncryptionKey?
    /// A key-encryption key values may still be sealed with, opened with and never sealed with
    /// (`--previous-key-encryption-key-file`): the other key of a rotation (docs/deploy.md, "Rotating the
    /// key-encryption key").
    public var previousKeyEncryptionKey: KeyEncryptionKey?

    /// What seals and opens the values these keys protect.
    package var sealer: SecretSealer { SecretSealer(key: keyEncryptionKey, previous: previousKeyEncryptionKey) }

    public static let defaultLifetime: Int64 = 300
    package static let lifetimeRange: ClosedRange<Int64> = 1...86_400
    public static let defaultKeyRotation: Int64 = 30 * 86_400
    /// At least an hour, so a key is published well over the JWKS's cache age (``JWKSDocument/maxAge``) before it signs;
    /// at most a year.
    package static let keyRotationRange: ClosedRange<Int64> = 3_600...366 * 86_400

    public init(
        issuer: String? = nil, audiences: [String] = [], lifetime: Int64 = defaultLifetime, keyRotation: Int64 = defaultKeyRotation,
        keyEncryptionKey: KeyEncryptionKey? = nil
    ) {
        self.issuer = issuer
        self.audiences = audiences
        self.lifetime = lifetime
        self.keyRotation = keyRotation
        self.keyEncryptionKey = keyEncryptionKey
    }

    /// The previous key-encryption key comes only with a current one, and is another key.
    public func checkKeyEncryptionKeys() throws(ConfigurationError) {
        if let previous = previousKeyEncryptionKey {
            guard let current = keyEncryptionKey else {
                throw ConfigurationError(
                    "--previous-key-encryption-key-file: given without --key-encryption-key-file; the previous key only opens values during a rotation to the current one"
                )
            }
            guard previous.fingerprint != current.fingerprint else {
                throw ConfigurationError(
                    "--previous-key-encryption-key-file: the same key as --key-encryption-key-file (\(current.fingerprint)); name the other key of the rotation"
                )
            }
        }
    }
}

extension ServerConfiguration {
    /// The issuer in use: `--issuer`, or the first origin.
    package var tokenIssuer: String { tokens.issuer ?? relyingParty.origins.first ?? "http://\(relyingParty.rpID)" }
    /// The audiences in use: `--token-audience`, or the issuer.
    package var tokenAudiences: [String] { tokens.audiences.isEmpty ? [tokenIssuer] : tokens.audiences }

    /// Refuses token settings that would publish something verifiers reject or that is unsafe: an issuer that is not an
    /// https URL (http only on localhost, or with `allowInsecureOrigin`) or has a query or fragment (OpenID Connect
    /// Discovery 1.0 §3, RFC 8414 §2), a lifetime or rotation out of range, an empty audience or the UserInfo
    /// endpoint's; and `--cors-origin`s
    /// that are not configured origins in the form browsers send (`scheme://host[:port]`), so `*` and `null` never.
    public func checkTokens(allowInsecureOrigin: Bool = false) throws(ConfigurationError) {
        let issuer = tokenIssuer
        guard let url = URLComponents(string: issuer), let scheme = url.scheme?.lowercased(), let host = url.host, !host.isEmpty,
            url.query == nil, url.fragment == nil, url.user == nil, !issuer.hasSuffix("/")
        else {
            throw ConfigurationError(
                "--issuer: expected an https URL without query, fragment or trailing slash, such as https://login.example.com, found '\(issuer)'")
        }
        guard scheme == "https" || (scheme == "http" && (Self.isLocalhost(host) || allowInsecureOrigin)) else {
            throw ConfigurationError("--issuer: '\(issuer)' is not https; only a localhost issuer may be http (or pass --allow-insecure-origin)")
        }
        guard SessionTokenConfiguration.lifetimeRange.contains(tokens.lifetime) else {
            throw ConfigurationError("--token-lifetime: expected 1 to 86400 seconds, found \(tokens.lifetime)")
        }
        guard SessionTokenConfiguration.keyRotationRange.contains(tokens.keyRotation) else {
            throw ConfigurationError(
                "--signing-key-rotation: expected \(SessionTokenConfiguration.keyRotationRange.lowerBound) to \(SessionTokenConfiguration.keyRotationRange.upperBound) seconds, found \(tokens.keyRotation)"
            )
        }
        try tokens.checkKeyEncryptionKeys()
        for audience in tokens.audiences where audience.trimmingCharacters(in: .whitespaces).isEmpty || audience.count > 512 {
            throw ConfigurationError("--token-audience: expected a name or URL of 1 to 512 characters, found '\(audience)'")
        }
        // The OpenID Provider's access tokens are for its UserInfo endpoint alone: a backend audience of that name would
        // make every OpenID client's access token a session token at `/introspect`.
        if tokens.audiences.contains(issuer + "/userinfo") {
            throw ConfigurationError(
                "--token-audience: '\(issuer)/userinfo' is the audience of the OpenID Provider's access tokens; name your backend instead (https://api.example.com)"
            )
        }
        for origin in corsOrigins {
            guard relyingParty.origins.contains(origin) else {
                throw ConfigurationError(
                    "--cors-origin: '\(origin)' is not one of the --origin values; a front end that calls this server from another origin must also be an origin its passkeys are used from (add --origin \(origin))"
                )
            }
            guard let url = URLComponents(string: origin), ["http", "https"].contains(url.scheme ?? ""), url.host?.isEmpty == false,
                url.path.isEmpty, url.query == nil, url.fragment == nil, url.user == nil, origin == origin.lowercased()
            else {
                throw ConfigurationError("--cors-origin: expected an origin as browsers send it (https://app.example.com), found '\(origin)'")
            }
        }
    }
}
