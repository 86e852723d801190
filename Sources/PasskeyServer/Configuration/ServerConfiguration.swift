import PasskeyCore

/// Everything `passkeys serve` is configured with (docs/reference/cli.md, "passkeys serve").
public struct ServerConfiguration: Sendable {
    public var host: String
    public var port: Int
    public var relyingParty: RelyingPartyConfiguration
    public var database: DatabaseLocation
    /// `TEAMID.bundle.id` values for `webcredentials.apps` in apple-app-site-association.
    public var appleAppIDs: [String]
    /// Android apps for assetlinks.json.
    public var androidApps: [AndroidApp]
    /// What each client may do: its options rate, failed results, waiting ceremonies and taken names
    /// (`PasskeyRouteLimits`, the route groups' type); nil turns every per-client limit off (`--rate-limit 0`). Set
    /// from `rateLimit` (``PasskeyRouteLimits/forOptionsRate(_:)``).
    public var limits: PasskeyRouteLimits?
    /// Requests per second per client on the options endpoints (failed results get a quarter of it); nil when the
    /// limits are off.
    public var rateLimit: Double? { limits?.optionsLimiter?.rate }
    /// The most begun ceremonies an SQLite server keeps in memory at once, all clients together (PostgreSQL keeps them
    /// in a table); when full, the clients holding the most lose their oldest first.
    public var pendingCeremonyCapacity: Int = 250_000
    /// Reverse proxies whose `X-Forwarded-For` / `Forwarded` headers name the client; from anyone else they are ignored.
    public var trustedProxies: [IPNetwork]
    /// The one header trusted proxies report the client in.
    public var forwardedHeader: ForwardedHeader
    /// Where `/metrics` is served instead of the public address (`host:port`); nil serves it with the API.
    public var metricsAddress: (host: String, port: Int)?
    /// A connection with no request in flight is closed after this long (slow or abandoned clients hold no socket).
    public var idleTimeout: Duration
    /// How long a stop (SIGTERM or SIGINT) may take: requests in flight have until then to finish; what still runs
    /// is then cancelled, and the process exits within about a second more (`--shutdown-grace`, default 10 s).
    public var shutdownGrace: Duration = .seconds(10)
    /// The first part of ``shutdownGrace`` during which the server still takes new connections, with `/readyz`
    /// already answering 503, so a load balancer that polls it moves traffic away first (`--shutdown-drain`,
    /// default none). Below ``shutdownGrace``.
    public var shutdownDrain: Duration = .zero
    /// Keeps FIDO metadata current from a URL (``MetadataRefresher``), installing each newer BLOB in
    /// `relyingParty.attestation.metadataSource`; nil fetches nothing (metadata, if any, is what the policy holds).
    public var metadataRefresh: MetadataRefreshConfiguration? = nil
    /// What downloads the BLOB for ``metadataRefresh``: HTTP(S) over AsyncHTTPClient by default.
    public var metadataFetcher: any MetadataFetcher = HTTPMetadataFetcher()
    /// The Public Suffix List that related origins are counted by (``checkAssociations()``); nil counts every host
    /// as its own label, an upper bound. `passkeys serve` reads the system's copy when there is one.
    public var publicSuffixList: PublicSuffixList? = nil
    /// Webhooks (`--webhook-url`): where events go and how they are retried; nil raises no events.
    public var webhooks: WebhookConfiguration? = nil
    /// Session tokens for the app's own backend: issuer, audiences, lifetime, key rotation and key encryption.
    public var tokens = SessionTokenConfiguration()
    /// Origins (each also a configured origin) whose pages may call the API from the browser with credentials (CORS).
    public var corsOrigins: [String] = []
    /// Where the operator's API (`/admin/…`) is served instead of the public address (`host:port`); nil
    /// serves it with the API.
    public var adminAddress: (host: String, port: Int)? = nil
    /// How many days audit entries are kept (`--audit-retention`); older ones are pruned once a minute.
    public var auditRetentionDays: Int = ServerConfiguration.defaultAuditRetentionDays
    /// 400 days: a year of entries and a month to spare, for yearly reviews (SOC 2 and ISO 27001 audits look back a year).
    public static let defaultAuditRetentionDays = 400

    public init(
        host: String = "127.0.0.1", port: Int = 8080, relyingParty: RelyingPartyConfiguration, database: DatabaseLocation,
        appleAppIDs: [String] = [], androidApps: [AndroidApp] = [], rateLimit: Double? = 20, trustedProxies: [IPNetwork] = [],
        forwardedHeader: ForwardedHeader = .xForwardedFor,
        metricsAddress: (host: String, port: Int)? = nil, idleTimeout: Duration = .seconds(30)
    ) {
        self.host = host
        self.port = port
        self.relyingParty = relyingParty
        self.database = database
        self.appleAppIDs = appleAppIDs
        self.androidApps = androidApps
        self.limits = rateLimit.map(PasskeyRouteLimits.forOptionsRate)
        self.trustedProxies = trustedProxies
        self.forwardedHeader = forwardedHeader
        self.metricsAddress = metricsAddress
        self.idleTimeout = idleTimeout
    }

    /// The configured origins a browser opens the page at (`http:` and `https:`; not apps' origins, not related
    /// origins, which are other sites): the address the start-up line names first, and what `GET /session` tells a
    /// page opened anywhere else (such as `http://127.0.0.1:8080` for RP ID localhost), so it can link to the right one.
    package var pageOrigins: [String] {
        relyingParty.origins.filter { origin in ["http://", "https://"].contains { origin.lowercased().hasPrefix($0) } }
    }

    /// Refuses a configuration that would run a real site insecurely: an RP ID other than localhost with an origin
    /// that is not https. Browsers allow WebAuthn on http only for localhost (WebAuthn L3 §5 exposes the API to
    /// secure contexts only), so such a setup either fails in every browser or trusts plaintext origins an on-path attacker
    /// can forge. `allowInsecureOrigin` is the explicit opt-out for test rigs.
    public func checkOrigins(allowInsecureOrigin: Bool) throws(ConfigurationError) {
        guard !allowInsecureOrigin, !Self.isLocalhost(relyingParty.rpID) else { return }
        if let insecure = relyingParty.origins.first(where: { $0.lowercased().hasPrefix("http://") }) {
            throw ConfigurationError(
                "--origin: '\(insecure)' is not https, but the RP ID '\(relyingParty.rpID)' is a real domain; serve it over https (behind a TLS proxy) or pass --allow-insecure-origin for a test setup"
            )
        }
    }

    /// Refuses related origins browsers would not honour in full (``RelatedOrigins``, WebAuthn L3 §5.11.1), Android
    /// origins and `--android-app` fingerprints that disagree, and malformed Apple app IDs: each a site that starts
    /// but whose passkeys fail on some platform. `PasskeysServer.makeApplication` calls it, so no server runs with one.
    public func checkAssociations() throws(ConfigurationError) {
        try RelatedOrigins.check(relyingParty.relatedOrigins, publicSuffixes: publicSuffixList)
        for id in appleAppIDs { _ = try AppleAppID.validate(id) }
        // An Android app's ceremonies carry `android:apk-key-hash:` and the base64url SHA-256 of its signing
        // certificate as origin; Credential Manager lets the app use this RP ID only when assetlinks.json names that
        // certificate. So every such origin needs its app, and every app its origin, or one side is dead weight
        // hiding a typo.
        let appOrigins = Set(androidApps.map(\.origin))
        for origin in relyingParty.origins where origin.hasPrefix(AndroidApp.originPrefix) {
            let hash = origin.dropFirst(AndroidApp.originPrefix.count)
            guard let bytes = try? Base64URL.decode(String(hash)), bytes.count == 32 else {
                throw ConfigurationError(
                    "--origin: '\(origin)' is not an Android origin: expected \(AndroidApp.originPrefix) and the base64url (no padding) SHA-256 of the app's signing certificate"
                )
            }
            guard appOrigins.contains(origin) else {
                throw ConfigurationError(
                    "--origin: '\(origin)' is an Android app whose signing certificate (SHA-256 \(Hex.encode(bytes, separator: ":").uppercased())) no --android-app names, so assetlinks.json does not let it use this RP ID; add --android-app PACKAGE:\(Hex.encode(bytes, separator: ":").uppercased()) or remove the origin"
                )
            }
        }
        for app in androidApps where !relyingParty.origins.contains(app.origin) {
            throw ConfigurationError(
                "--android-app: \(app.packageName) (\(app.fingerprint)) has no origin, so every passkey ceremony from it would be refused; add --origin \(app.origin)"
            )
        }
    }

    static func isLocalhost(_ host: String) -> Bool {
        let lowered = host.lowercased()
        return lowered == "localhost" || lowered.hasSuffix(".localhost") || lowered == "127.0.0.1" || lowered == "::1"
    }

    /// Session cookies get `Secure` when the site is served over https.
    var secureCookies: Bool { relyingParty.origins.contains { $0.hasPrefix("https://") } }
}

/// An Android app allowed to use this RP's passkeys: its package name and signing certificate SHA-256 fingerprint.
public struct AndroidApp: Sendable, Equatable {
    package let packageName: String
    /// Upper-case hex pairs separated by colons, as assetlinks.json expects.
    package let fingerprint: String
    /// The origin the app's ceremonies carry: `android:apk-key-hash:` and the base64url of the fingerprint's bytes.
    public let origin: String

    /// Parses `package:SHA256_FINGERPRINT` (the fingerprint with or without colons).
    public init(_ text: String) throws(ConfigurationError) {
        guard let colon = text.firstIndex(of: ":") else {
            throw ConfigurationError("--android-app: expected package:SHA256_FINGERPRINT, found '\(text)'")
        }
        let package = String(text[..<colon])
        let hex = text[text.index(after: colon)...].replacingOccurrences(of: ":", with: "")
        guard !package.isEmpty, package.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "." || $0 == "_" }) else {
            throw ConfigurationError("--android-app: expected a package name like com.example.app, found '\(package)'")
        }
        guard hex.count == 64, let bytes = Hex.decode(hex) else {
            throw ConfigurationError("--android-app: expected a SHA-256 fingerprint of 32 hex bytes, found '\(text[text.index(after: colon)...])'")
        }
        packageName = package
        fingerprint = Hex.encode(bytes, separator: ":").uppercased()
        origin = Self.originPrefix + Base64URL.encode(bytes)
    }

    /// What an Android app's ceremonies carry as `clientDataJSON.origin`, before the certificate hash.
    public static let originPrefix = "android:apk-key-hash:"
}

/// Parses `TEAMID.bundle.id`: a 10-character team ID (upper-case letters and digits), a dot, and a bundle ID of
/// letters, digits, '-' and '.' with no empty part (Apple's rule for CFBundleIdentifier), as apple-app-site-association
/// lists apps.
public enum AppleAppID {
    public static func validate(_ text: String) throws(ConfigurationError) -> String {
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let teamOK = parts.count == 2 && parts[0].count == 10 && parts[0].allSatisfy { $0.isASCII && ($0.isUppercase || $0.isNumber) }
        let bundle = parts.count == 2 ? parts[1] : ""
        let bundleOK =
            !bundle.isEmpty
            && bundle.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == ".") }
            && !bundle.split(separator: ".", omittingEmptySubsequences: false).contains(where: \.isEmpty)
        guard teamOK, bundleOK else {
            throw ConfigurationError(
                "--apple-app-id: expected TEAMID.bundle.id (a 10-character team ID of upper-case letters and digits, then a bundle ID of letters, digits, '-' and '.'), found '\(text)'"
            )
        }
        return text
    }
}

extension ServerConfiguration {
    /// The relying party's clock in milliseconds since 1970, for the features built beside the relying party (session
    /// tokens, the OpenID Provider), so each reads the one clock a test moves without reaching through another.
    var millisecondClock: @Sendable () -> Int64 {
        let relyingParty = relyingParty
        return { relyingParty.nowMilliseconds }
    }
}
