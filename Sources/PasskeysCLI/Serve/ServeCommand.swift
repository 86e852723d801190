import ArgumentParser
import Foundation
import Logging
import PasskeyCore
import PasskeyServer

/// `passkeys serve` (docs/reference/cli.md, "passkeys serve"): the relying-party server.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the relying-party server: the FIDO2 conformance API, sessions, passkey management and a web page.",
        discussion: """
            Every option also reads an environment variable (flags win): PASSKEYS_HOST, PASSKEYS_PORT, PASSKEYS_RP_ID, \
            PASSKEYS_RP_NAME, PASSKEYS_ORIGINS and PASSKEYS_RELATED_ORIGINS (comma-separated), PASSKEYS_PUBLIC_SUFFIX_LIST, PASSKEYS_ALGORITHMS (comma-separated), PASSKEYS_DATABASE, PASSKEYS_APPLE_APP_IDS and \
            PASSKEYS_ANDROID_APPS (comma-separated), PASSKEYS_RATE_LIMIT, PASSKEYS_USER_VERIFICATION, \
            PASSKEYS_TRUSTED_PROXIES (comma-separated), PASSKEYS_METRICS_ADDRESS and PASSKEYS_ALLOW_INSECURE_ORIGIN (1 or \
            true), PASSKEYS_DATABASE_PASSWORD_FILE, PASSKEYS_LOG_LEVEL, PASSKEYS_FORWARDED_HEADER, PASSKEYS_METADATA_URL, \
            PASSKEYS_METADATA_CACHE, PASSKEYS_WEBHOOK_URLS and PASSKEYS_WEBHOOK_SECRET_FILES (comma-separated, in pairs), \
            PASSKEYS_WEBHOOK_FAILURES, PASSKEYS_WEBHOOK_RETRY_DELAY, PASSKEYS_WEBHOOK_RETRY_MAX_DELAY, PASSKEYS_WEBHOOK_DEAD_AFTER, \
            PASSKEYS_WEBHOOK_TIMEOUT, PASSKEYS_ALLOW_INSECURE_METADATA_URL (1 or true), PASSKEYS_SHUTDOWN_GRACE, PASSKEYS_SHUTDOWN_DRAIN, \
            \(TokenOptions.environment), \(AdminOptions.environment). On SIGINT or SIGTERM, /readyz answers 503 at once, background \
            work stops, requests in flight finish, and the process exits within --shutdown-grace seconds.

            Examples:
              passkeys serve                     (then open http://localhost:8080)
              passkeys serve --rp-id example.com --origin https://example.com \\
                --database postgres://passkeys@db.example.com/passkeys
            """)

    @Option(help: "The address to listen on (default 127.0.0.1).") var host: String?
    @Option(help: "The port to listen on (default 8080).") var port: Int?
    @Option(name: .customLong("rp-id"), help: "The relying party ID: the site's domain (default localhost).") var rpID: String?
    @Option(name: .customLong("rp-name"), help: "The name shown by authenticators (default Passkeys).") var rpName: String?
    @Option(name: .customLong("origin"), help: "An origin pages and apps use (repeatable; default http://<rp-id>:<port>).") var origins: [String] = []
    @Option(
        name: .customLong("related-origin"),
        help:
            "An origin on another site that may use the RP ID (related origin requests, WebAuthn L3 §5.11.1), listed in /.well-known/webauthn (repeatable)."
    ) var relatedOrigins: [String] = []
    @Option(
        name: .customLong("public-suffix-list"),
        help: ArgumentHelp(
            "The Public Suffix List related origins are counted by (default \(PublicSuffixList.systemPath) when present).", valueName: "file"))
    var publicSuffixList: String?
    @Option(
        name: .customLong("algorithm"), parsing: .unconditionalSingleValue,
        help:
            "A credential algorithm to offer in pubKeyCredParams, by name (ES256, ML-DSA-65) or COSE number, most preferred first (repeatable; default ES256, EdDSA, RS256, PS256, ML-DSA-65, ML-DSA-87)."
    ) var algorithms: [String] = []
    @Option(
        help:
            "sqlite:PATH, sqlite::memory: or postgres://user:pass@host:port/db[?sslmode=verify-full&sslrootcert=CA.pem] (default sqlite:passkeys.sqlite)."
    ) var database: String?
    @Option(name: .customLong("database-password-file"), help: "A file holding the PostgreSQL password, for a --database URL without one.")
    var databasePasswordFile: String?
    @Option(name: .customLong("apple-app-id"), help: "TEAMID.bundle.id of an iOS app for apple-app-site-association (repeatable).") var appleAppIDs:
        [String] = []
    @Option(name: .customLong("android-app"), help: "package:SHA256_FINGERPRINT of an Android app for assetlinks.json (repeatable).") var androidApps:
        [String] = []
    @Option(
        name: .customLong("rate-limit"),
        help: "Options requests per second per client (failed results: a quarter of it); 0 turns the limits off (default 20).") var rateLimit: Double?
    @Option(
        name: .customLong("reverification-window"),
        help:
            "Seconds a passkey verification (a step-up, or the sign-in) lets a session add or remove passkeys, end other sessions, delete the account or manage recovery codes (default 300)."
    ) var reverificationWindow: Int?
    @Option(
        name: .customLong("user-verification"),
        help:
            "required, preferred or discouraged: the least user verification every ceremony asks for; requests may only raise it (default preferred)."
    ) var userVerification: String?
    @Option(
        name: .customLong("trusted-proxy"),
        help: "A reverse proxy's address or CIDR range whose X-Forwarded-For / Forwarded headers name the client (repeatable).") var trustedProxies:
        [String] = []
    @Option(
        name: .customLong("forwarded-header"),
        help: "x-forwarded-for or forwarded: the header trusted proxies name the client in (default x-forwarded-for).") var forwardedHeader: String?
    @Option(name: .customLong("metrics-address"), help: "HOST:PORT to serve /metrics on instead of the public address.") var metricsAddress: String?
    @Option(
        name: .customLong("log-level"),
        help: "trace, debug, info, notice, warning, error or critical (default notice: start-up, outages and errors; info adds a line per request).")
    var logLevel: String?
    @Flag(name: .customLong("allow-insecure-origin"), help: "Allow http:// origins with an RP ID other than localhost (test setups only).")
    var allowInsecureOrigin = false
    @Option(
        name: .customLong("metadata-url"),
        help: ArgumentHelp(
            "Where to fetch FIDO metadata (MDS3) from, at start and at each nextUpdate; 'off' fetches nothing (default \(MetadataRefreshConfiguration.fidoMetadataServiceURL.absoluteString); none with --metadata).",
            valueName: "url")) var metadataURL: String?
    @Flag(
        name: .customLong("allow-insecure-metadata-url"),
        help:
            "Allow an http:// --metadata-url on a host other than a loopback one (the BLOB's signature still holds; anyone on the path can withhold updates)."
    )
    var allowInsecureMetadataURL = false
    @Option(
        name: .customLong("metadata-cache"),
        help: ArgumentHelp("A directory for the last FIDO metadata BLOB that verified, used at start (created owner-only).", valueName: "dir"))
    var metadataCache: String?
    @Option(
        name: .customLong("shutdown-grace"),
        help: ArgumentHelp(
            "Seconds from SIGTERM (or SIGINT) to the process's end: requests in flight have all but the last second to finish (2 to 3600; default 10).",
            valueName: "seconds")) var shutdownGrace: Int?
    @Option(
        name: .customLong("shutdown-drain"),
        help: ArgumentHelp(
            "Seconds at the start of a stop during which new requests are still taken while /readyz answers 503, for a load balancer that polls it (less than the grace minus 1; default 0).",
            valueName: "seconds")) var shutdownDrain: Int?
    @OptionGroup(title: "Attestation") var attestation: AttestationOptions
    @OptionGroup(title: "Webhooks (docs/events.md)") var webhooks: WebhookOptions
    @OptionGroup(title: "Session tokens and cross-origin front ends") var tokens: TokenOptions
    @OptionGroup(title: "The operator's API and the audit log") var admin: AdminOptions

    func run() async throws {
        var configuration = try resolve(ProcessInfo.processInfo.environment)
        do {
            // Trust anchors, and a --metadata file verified now (fetched metadata arrives in the background).
            configuration.relyingParty.attestation = try await attestation.policy(at: Date())
        } catch let error as WebAuthnError {
            throw ValidationError("--metadata: \(error.message)")
        }
        // notice by default: a line per request (info) cost a third of a sign-in's CPU in the `passkeys load` profile, and
        // the reverse proxy in front of a deployment logs every request already.
        let levelText = logLevel ?? ProcessInfo.processInfo.environment["PASSKEYS_LOG_LEVEL"] ?? "notice"
        guard let level = Logger.Level(rawValue: levelText) else {
            let source = logLevel == nil ? "PASSKEYS_LOG_LEVEL" : "--log-level"
            throw ValidationError("\(source): expected trace, debug, info, notice, warning, error or critical, found '\(levelText)'")
        }
        LoggingSystem.bootstrap { label in ServerLogHandler(label: label, level: level) }
        try await PasskeysServer.run(configuration, logger: Logger(label: "passkeys"))
    }

    /// Flags, then environment variables, then defaults. An error about a value read from a variable names the
    /// variable (`PASSKEYS_REVERIFICATION_WINDOW: expected …`), not the flag that was never given.
    func resolve(_ environment: [String: String]) throws -> ServerConfiguration {
        var sources = SettingSources(environment: environment)
        do {
            return try resolve(environment, sources: &sources)
        } catch let error as ConfigurationError {
            throw ValidationError(sources.naming(error.description))
        } catch let error as ValidationError {
            throw ValidationError(sources.naming(error.message))
        }
    }

    private func resolve(_ environment: [String: String], sources: inout SettingSources) throws -> ServerConfiguration {
        func list(_ flag: String, _ values: [String], _ key: String) -> [String] {
            guard values.isEmpty else { return values }
            let listed = (environment[key] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            if !listed.isEmpty { sources.fromEnvironment[flag] = key }
            return listed
        }
        let host = sources.value(host, "--host", "PASSKEYS_HOST") ?? "127.0.0.1"
        let portValue: Int
        if let text = sources.value(port.map(String.init), "--port", "PASSKEYS_PORT") {
            guard let parsed = Int(text) else { throw ValidationError("--port: expected a port number, found '\(text)'") }
            portValue = parsed
        } else {
            portValue = 8080
        }
        guard (0...65535).contains(portValue) else { throw ValidationError("--port: expected 0 to 65535, found \(portValue)") }
        let rpID = sources.value(rpID, "--rp-id", "PASSKEYS_RP_ID") ?? "localhost"
        let rpName = sources.value(rpName, "--rp-name", "PASSKEYS_RP_NAME") ?? "Passkeys"
        var origins = list("--origin", self.origins, "PASSKEYS_ORIGINS")
        if origins.isEmpty { origins = ["http://\(rpID):\(portValue)"] }
        let rateText = sources.value(rateLimit.map { String($0) }, "--rate-limit", "PASSKEYS_RATE_LIMIT") ?? "20"
        guard let rate = Double(rateText), rate.isFinite, rate >= 0 else {
            throw ValidationError("--rate-limit: expected a number of requests per second, 0 or more (0 turns the limits off), found '\(rateText)'")
        }
        do {
            var database = try DatabaseLocation(sources.value(database, "--database", "PASSKEYS_DATABASE") ?? "sqlite:passkeys.sqlite")
            if let path = sources.value(databasePasswordFile, "--database-password-file", "PASSKEYS_DATABASE_PASSWORD_FILE") {
                guard let contents = FileManager.default.contents(atPath: path), let text = String(data: contents, encoding: .utf8) else {
                    throw ConfigurationError("--database-password-file: cannot read '\(path)'")
                }
                database = try database.withPassword(text.trimmingCharacters(in: .newlines))
            }
            let apple = try list("--apple-app-id", appleAppIDs, "PASSKEYS_APPLE_APP_IDS").map { id throws(ConfigurationError) in
                try AppleAppID.validate(id)
            }
            let android = try list("--android-app", androidApps, "PASSKEYS_ANDROID_APPS").map { app throws(ConfigurationError) in
                try AndroidApp(app)
            }
            let uvText = sources.value(userVerification, "--user-verification", "PASSKEYS_USER_VERIFICATION") ?? "preferred"
            guard let uv = UserVerificationRequirement(rawValue: uvText) else {
                throw ConfigurationError("--user-verification: expected required, preferred or discouraged, found '\(uvText)'")
            }
            let proxies = try list("--trusted-proxy", trustedProxies, "PASSKEYS_TRUSTED_PROXIES").map { range throws(ConfigurationError) in
                try IPNetwork(range)
            }
            let headerText =
                sources.value(forwardedHeader, "--forwarded-header", "PASSKEYS_FORWARDED_HEADER") ?? ForwardedHeader.xForwardedFor.rawValue
            guard let header = ForwardedHeader(rawValue: headerText.lowercased()) else {
                throw ConfigurationError("--forwarded-header: expected x-forwarded-for or forwarded, found '\(headerText)'")
            }
            let algorithmNames = list("--algorithm", algorithms, "PASSKEYS_ALGORITHMS")
            let offered: [COSEAlgorithm]
            do {
                offered =
                    algorithmNames.isEmpty && environment["PASSKEYS_ALGORITHMS"] == nil
                    ? RelyingPartyConfiguration.defaultAlgorithms
                    : try RelyingPartyConfiguration.algorithms(
                        parsing: algorithmNames, field: algorithms.isEmpty ? "PASSKEYS_ALGORITHMS" : "--algorithm")
            } catch {
                throw ConfigurationError(error.message)
            }
            let windowText =
                sources.value(reverificationWindow.map(String.init), "--reverification-window", "PASSKEYS_REVERIFICATION_WINDOW") ?? "300"
            guard let windowSeconds = Int64(windowText), (1...86_400).contains(windowSeconds) else {
                throw ConfigurationError("--reverification-window: expected 1 to 86400 seconds, found '\(windowText)'")
            }
            let metrics = try sources.value(metricsAddress, "--metrics-address", "PASSKEYS_METRICS_ADDRESS").map { text throws(ConfigurationError) in
                try Self.hostAndPort(text)
            }
            var configuration = ServerConfiguration(
                host: host, port: portValue,
                relyingParty: RelyingPartyConfiguration(rpID: rpID, rpName: rpName, origins: origins, algorithms: offered, userVerification: uv),
                database: database, appleAppIDs: apple, androidApps: android, rateLimit: rate > 0 ? rate : nil,
                trustedProxies: proxies, forwardedHeader: header, metricsAddress: metrics)
            configuration.relyingParty.relatedOrigins = list("--related-origin", self.relatedOrigins, "PASSKEYS_RELATED_ORIGINS")
            if !configuration.relyingParty.relatedOrigins.isEmpty {
                // The list is read only when there are related origins to count; a named file must be readable.
                if let path = sources.value(publicSuffixList, "--public-suffix-list", "PASSKEYS_PUBLIC_SUFFIX_LIST") {
                    configuration.publicSuffixList = try PublicSuffixList(contentsOf: path)
                } else if FileManager.default.fileExists(atPath: PublicSuffixList.systemPath) {
                    configuration.publicSuffixList = try PublicSuffixList(contentsOf: PublicSuffixList.systemPath)
                }
            }
            try configuration.checkAssociations()
            configuration.relyingParty.reverificationWindow = windowSeconds * 1000
            var insecureAllowed = allowInsecureOrigin
            if !allowInsecureOrigin, let text = environment["PASSKEYS_ALLOW_INSECURE_ORIGIN"] {
                switch text.lowercased() {
                case "1", "true": insecureAllowed = true
                case "", "0", "false": insecureAllowed = false
                default: throw ConfigurationError("PASSKEYS_ALLOW_INSECURE_ORIGIN: expected 1, true, 0 or false, found '\(text)'")
                }
            }
            try configuration.checkOrigins(allowInsecureOrigin: insecureAllowed)
            _ = sources.value(metadataURL, "--metadata-url", "PASSKEYS_METADATA_URL")
            _ = sources.value(metadataCache, "--metadata-cache", "PASSKEYS_METADATA_CACHE")
            try tokens.apply(to: &configuration, environment: environment, allowInsecureOrigin: insecureAllowed)
            configuration.metadataRefresh = try metadataRefresh(environment)
            configuration.webhooks = try webhooks.configuration(environment)
            try admin.apply(to: &configuration, environment: environment)
            (configuration.shutdownGrace, configuration.shutdownDrain) = try shutdown(environment)
            return configuration
        }
    }

    /// Where FIDO metadata is fetched from: `--metadata-url` (or PASSKEYS_METADATA_URL, default FIDO's MDS3), nil
    /// for `off` or with `--metadata FILE` (an air-gapped site's own copy).
    func metadataRefresh(_ environment: [String: String]) throws -> MetadataRefreshConfiguration? {
        let cache = metadataCache ?? environment["PASSKEYS_METADATA_CACHE"]
        if attestation.metadata != nil {
            if let metadataURL, metadataURL != "off" {
                throw ValidationError(
                    "--metadata-url: expected 'off' or nothing with --metadata FILE (a file is for sites that fetch nothing), found '\(metadataURL)'")
            }
            if metadataCache != nil { throw ValidationError("--metadata-cache: expected nothing with --metadata FILE, which is never replaced") }
            return nil
        }
        let text = metadataURL ?? environment["PASSKEYS_METADATA_URL"] ?? MetadataRefreshConfiguration.fidoMetadataServiceURL.absoluteString
        if text == "off" {
            if !attestation.metadataRoots.isEmpty || !attestation.metadataCRLs.isEmpty {
                throw ValidationError("--metadata-root and --metadata-crl need --metadata or a --metadata-url other than 'off'")
            }
            return nil
        }
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "http", url.host?.isEmpty == false
        else {
            throw ValidationError("--metadata-url: expected an https URL or 'off', found '\(text)'")
        }
        let insecureAllowed =
            allowInsecureMetadataURL || ["1", "true"].contains(environment["PASSKEYS_ALLOW_INSECURE_METADATA_URL"]?.lowercased() ?? "")
        do { try MetadataRefreshConfiguration.checkURL(url, allowInsecure: insecureAllowed) } catch {
            throw ValidationError("--metadata-url: \(error.reason)")
        }
        let crlPaths = attestation.metadataCRLs
        // Read once now, so a path that cannot be read or a file that is no CRL is a usage error at start, not a
        // refresh that fails quietly ever after; the refresher reads them again before each verification.
        _ = try AttestationOptions.revocationLists(crlPaths)
        return MetadataRefreshConfiguration(
            url: url, roots: try attestation.metadataRootCertificates(), crls: { try AttestationOptions.revocationLists(crlPaths) },
            cacheDirectory: cache.flatMap { $0.isEmpty ? nil : $0 }, allowInsecureURL: insecureAllowed)
    }

    /// `--shutdown-grace` and `--shutdown-drain` (or their variables): whole seconds, the drain ending at least a
    /// second before the requests' deadline (the grace less one second).
    func shutdown(_ environment: [String: String]) throws(ConfigurationError) -> (grace: Duration, drain: Duration) {
        func seconds(
            _ flag: Int?, _ option: String, _ variable: String, default value: Int, in range: ClosedRange<Int>, _ note: String = ""
        ) throws(ConfigurationError) -> Int {
            let (text, source) = flag.map { (String($0), option) } ?? environment[variable].map { ($0, variable) } ?? (String(value), option)
            guard let number = Int(text.trimmingCharacters(in: .whitespaces)), range.contains(number) else {
                throw ConfigurationError("\(source): expected \(range.lowerBound) to \(range.upperBound) seconds\(note), found '\(text)'")
            }
            return number
        }
        let grace = try seconds(shutdownGrace, "--shutdown-grace", "PASSKEYS_SHUTDOWN_GRACE", default: 10, in: 2...3600)
        let drain = try seconds(
            shutdownDrain, "--shutdown-drain", "PASSKEYS_SHUTDOWN_DRAIN", default: 0, in: 0...(grace - 2),
            " (it must end before the requests' time, the grace of \(grace) s less 1 s)")
        return (.seconds(grace), .seconds(drain))
    }

    /// `HOST:PORT` or `[IPv6]:PORT`.
    static func hostAndPort(_ text: String, option: String = "--metrics-address") throws(ConfigurationError) -> (host: String, port: Int) {
        guard let colon = text.lastIndex(of: ":"), let port = Int(text[text.index(after: colon)...]), (1...65535).contains(port) else {
            throw ConfigurationError("\(option): expected HOST:PORT such as 127.0.0.1:9090, found '\(text)'")
        }
        var host = String(text[..<colon])
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        guard !host.isEmpty else { throw ConfigurationError("\(option): expected a host before ':\(port)', found '\(text)'") }
        return (host, port)
    }
}

/// Where each setting of `passkeys serve` came from, so an error names what the user actually set: the flag, or the
/// environment variable read in its place.
struct SettingSources {
    let environment: [String: String]
    /// Flag → the variable its value was read from, for the settings no flag gave.
    var fromEnvironment: [String: String] = [:]

    /// The flag's value, else the variable's (remembered as the source), else nil.
    mutating func value(_ flag: String?, _ name: String, _ variable: String) -> String? {
        if let flag { return flag }
        guard let text = environment[variable] else { return nil }
        fromEnvironment[name] = variable
        return text
    }

    /// `message` with its leading `--flag:` replaced by the variable the value came from, when it came from one.
    func naming(_ message: String) -> String {
        for (flag, variable) in fromEnvironment where message.hasPrefix(flag + ":") {
            return variable + message.dropFirst(flag.count)
        }
        return message
    }
}
