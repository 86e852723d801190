import PasskeyCore

/// Everything `passkeys serve` is configured with (CONTRACT.md §1.1 plus the issue #4 flags).
public struct ServerConfiguration: Sendable {
    public var host: String
    public var port: Int
    public var relyingParty: RelyingPartyConfiguration
    public var database: DatabaseLocation
    /// `TEAMID.bundle.id` values for `webcredentials.apps` in apple-app-site-association.
    public var appleAppIDs: [String]
    /// Android apps for assetlinks.json.
    public var androidApps: [AndroidApp]
    /// Requests per second per client on the options endpoints; nil turns rate limiting off.
    public var rateLimit: Double?

    public init(
        host: String = "127.0.0.1", port: Int = 8080, relyingParty: RelyingPartyConfiguration, database: DatabaseLocation,
        appleAppIDs: [String] = [], androidApps: [AndroidApp] = [], rateLimit: Double? = 20
    ) {
        self.host = host
        self.port = port
        self.relyingParty = relyingParty
        self.database = database
        self.appleAppIDs = appleAppIDs
        self.androidApps = androidApps
        self.rateLimit = rateLimit
    }

    /// Session cookies get `Secure` when the site is served over https.
    var secureCookies: Bool { relyingParty.origins.contains { $0.hasPrefix("https://") } }
}

/// An Android app allowed to use this RP's passkeys: its package name and signing certificate SHA-256 fingerprint.
public struct AndroidApp: Sendable, Equatable {
    public let packageName: String
    /// Upper-case hex pairs separated by colons, as assetlinks.json expects.
    public let fingerprint: String

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
    }
}

/// Parses `TEAMID.bundle.id` (a 10-character team ID, a dot, a bundle ID).
public enum AppleAppID {
    public static func validate(_ text: String) throws(ConfigurationError) -> String {
        let parts = text.split(separator: ".", maxSplits: 1)
        guard parts.count == 2, parts[0].count == 10, parts[0].allSatisfy({ $0.isASCII && ($0.isUppercase || $0.isNumber) }), parts[1].contains(".") || !parts[1].isEmpty else {
            throw ConfigurationError("--apple-app-id: expected TEAMID.bundle.id (a 10-character team ID), found '\(text)'")
        }
        return text
    }
}
