public import Foundation
public import PasskeyCore
public import X509

/// Where a ``MetadataRefresher`` gets FIDO metadata, what it trusts, where it keeps the last good copy, and the
/// clock, sleep and randomness it runs on (tests replace them so nobody waits for a real `nextUpdate`).
public struct MetadataRefreshConfiguration: Sendable {
    /// FIDO's Metadata Service 3 (FIDO MDS3 §3.1.7): the BLOB every FIDO-certified authenticator is listed in.
    public static let fidoMetadataServiceURL = URL(string: "https://mds3.fidoalliance.org/")!

    /// The roots the BLOB's signing chain may end in by default: FIDO's. The one place the built-in metadata roots
    /// are chosen, for fetched BLOBs and `--metadata` files alike.
    public static var defaultRoots: [Certificate] { BuiltInRoots.fidoMetadataServiceRoots }

    /// The BLOB's address.
    public var url: URL
    /// The roots the signing chain must end in (FIDO MDS3 §3.2 step 2).
    public var roots: [Certificate]
    /// The CRLs of the signing chain (§3.2 step 3), read again before each verification so a file an operator
    /// replaces takes effect at the next refresh. An error refuses the BLOB.
    public var crls: @Sendable () throws -> [CertificateRevocationList]
    /// A directory for the last BLOB that verified, read at start; nil keeps none (a restart then begins with no
    /// metadata until a download succeeds).
    public var cacheDirectory: String?
    /// The largest download accepted. FIDO's BLOB is about 10 MB.
    public var maximumBytes: Int
    /// How long one download may take, from connecting to the last byte.
    public var downloadTimeout: Duration
    /// The longest wait between two checks even when `nextUpdate` is further away, so a BLOB FIDO publishes early
    /// (after a compromise report) arrives within a day.
    public var maximumInterval: Duration
    /// The first wait after a failed check; it doubles with each failure in a row, up to ``maximumBackoff``.
    public var minimumBackoff: Duration
    /// The longest wait after failures.
    public var maximumBackoff: Duration
    /// At most this much is added to the wait for `nextUpdate`, at random, so instances do not all ask at once.
    public var jitter: Duration
    /// How far past its `nextUpdate` a downloaded BLOB may be and still replace a newer one in use; past it, the BLOB
    /// is refused as `stale` (a replayed old BLOB, or a mirror that stopped). A BLOB this old is still installed when
    /// none is in use, and reported stale.
    public var staleTolerance: Duration
    /// Whether `url` may be `http://` on a host other than a loopback one (``checkURL(_:allowInsecure:)``).
    public var allowInsecureURL: Bool
    /// The time now.
    public var clock: @Sendable () -> Date
    /// Waits; throws when the task is cancelled.
    public var sleep: @Sendable (Duration) async throws -> Void
    /// A number in 0..<1 for jitter.
    public var random: @Sendable () -> Double

    /// A configuration with production defaults: FIDO's roots, no CRLs, no cache, a 32 MB cap, one minute per
    /// download, a check at least daily, backoff from one minute to six hours, up to an hour of jitter, BLOBs more
    /// than 30 days past their `nextUpdate` stale, and `https://` only (loopback hosts excepted).
    public init(
        url: URL = fidoMetadataServiceURL, roots: [Certificate] = defaultRoots,
        crls: @escaping @Sendable () throws -> [CertificateRevocationList] = { [] }, cacheDirectory: String? = nil,
        maximumBytes: Int = 32 * 1024 * 1024, downloadTimeout: Duration = .seconds(60), maximumInterval: Duration = .seconds(24 * 3600),
        minimumBackoff: Duration = .seconds(60), maximumBackoff: Duration = .seconds(6 * 3600), jitter: Duration = .seconds(3600),
        staleTolerance: Duration = .seconds(30 * 86400), allowInsecureURL: Bool = false, clock: @escaping @Sendable () -> Date = { Date() },
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) },
        random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }
    ) {
        self.url = url
        self.roots = roots
        self.crls = crls
        self.cacheDirectory = cacheDirectory
        self.maximumBytes = maximumBytes
        self.downloadTimeout = downloadTimeout
        self.maximumInterval = maximumInterval
        self.minimumBackoff = minimumBackoff
        self.maximumBackoff = maximumBackoff
        self.jitter = jitter
        self.staleTolerance = staleTolerance
        self.allowInsecureURL = allowInsecureURL
        self.clock = clock
        self.sleep = sleep
        self.random = random
    }

    /// Refuses a metadata URL that is not `https://` (FIDO MDS3 §3.1.7 publishes over TLS): the BLOB's signature
    /// protects its content, but over plain HTTP anyone on the path can withhold updates or answer with a huge body
    /// to every check. `http://` is accepted for loopback hosts (`localhost`, `127.0.0.0/8`, `::1`: tests and a local
    /// mirror) and, with `allowInsecure` (`--allow-insecure-metadata-url`), anywhere.
    public static func checkURL(_ url: URL, allowInsecure: Bool) throws(MetadataURLRefused) {
        guard let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "http", let host = url.host, !host.isEmpty else {
            throw MetadataURLRefused(url: url, reason: "expected an https:// URL with a host")
        }
        if scheme == "https" || allowInsecure || isLoopback(host) { return }
        throw MetadataURLRefused(
            url: url, reason: "expected https:// (http:// only for a loopback host, or with --allow-insecure-metadata-url), found http:// to \(host)")
    }

    /// `localhost`, an IPv4 address in 127.0.0.0/8, or `::1` (with or without brackets).
    static func isLoopback(_ host: String) -> Bool {
        let host = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        if host == "localhost" || host == "::1" || host == "0:0:0:0:0:0:0:1" { return true }
        let octets = host.split(separator: ".", omittingEmptySubsequences: false)
        return octets.count == 4 && octets[0] == "127" && octets.allSatisfy { UInt8($0) != nil }
    }
}

/// A metadata URL ``MetadataRefreshConfiguration/checkURL(_:allowInsecure:)`` refused.
public struct MetadataURLRefused: Error, Sendable, CustomStringConvertible {
    /// The URL.
    public let url: URL
    /// What was expected and what was found.
    public let reason: String
    /// One line naming the URL and the reason.
    public var description: String { "metadata URL \(url.absoluteString): \(reason)" }
}
