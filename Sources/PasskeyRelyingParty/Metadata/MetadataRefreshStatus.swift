public import Foundation

/// How a metadata check ended.
public enum MetadataRefreshResult: String, Sendable, CaseIterable {
    /// A BLOB with a higher `no` verified and is now in use.
    case updated
    /// The server's BLOB verified and is the one in use (same `no`).
    case unchanged
    /// The server's BLOB has a lower `no` than the one in use, or than the highest installed by any instance
    /// (``MetadataSerialFloor``): refused, since serials only grow (FIDO MDS3 §3.1.6).
    case downgrade
    /// The server's BLOB is long past its `nextUpdate` (more than
    /// ``MetadataRefreshConfiguration/staleTolerance``) and the one in use is newer: refused, as a replayed old BLOB.
    case stale
    /// The BLOB did not verify: its signer (chain, signer name, CRLs, signature: all checked before the payload is
    /// read), or its payload.
    case invalid
    /// The body was longer than the byte cap.
    case tooLarge
    /// The server was unreachable, answered an error or was too slow.
    case unavailable

    /// Whether the server gave a BLOB that verified.
    public var isSuccess: Bool { self == .updated || self == .unchanged }
}

/// What a ``MetadataRefresher`` has and when it checks next, for metrics and health pages.
public struct MetadataRefreshStatus: Sendable {
    /// The `no` of the BLOB in use; nil when none is.
    public var serialNumber: Int64?
    /// The `nextUpdate` of the BLOB in use (midnight UTC of that day).
    public var nextUpdate: Date?
    /// When the BLOB in use was last downloaded or confirmed by a download of the same `no` (for one read from the
    /// cache at start, when the cache was written).
    public var confirmedAt: Date?
    /// When the last check ended, and how.
    public var lastAttempt: Date?
    /// How the last check ended; nil before the first.
    public var lastResult: MetadataRefreshResult?
    /// When the next check is due.
    public var nextAttempt: Date?
    /// Past `nextUpdate` with no newer BLOB.
    public var isStale: Bool
    /// Checks in a row that failed or, once stale, found nothing newer; the backoff grows with it.
    public var retries: Int
    /// How many checks ended each way since start (`passkeys_metadata_checks_total`); the cache read at start
    /// counts as a check when it is refused.
    public var counts: [MetadataRefreshResult: Int]

    /// Nothing in use, nothing tried.
    public init() {
        isStale = false
        retries = 0
        counts = [:]
    }
}

/// What a ``MetadataRefresher`` reports as it goes, each once: the log lines an operator needs.
public enum MetadataRefreshEvent: Sendable {
    /// The cached BLOB verified and is in use.
    case loadedFromCache(serialNumber: Int64, nextUpdate: String)
    /// The cached BLOB could not be read or did not verify; it is not used.
    case cacheRefused(String)
    /// A newer BLOB is in use.
    case updated(serialNumber: Int64, nextUpdate: String)
    /// A check failed after one that did not, or failed another way than the check before (later failures in a
    /// row of the same kind are not reported).
    case failed(MetadataRefreshResult, String)
    /// The BLOB in use is past its `nextUpdate` and no newer one came.
    case stale(serialNumber: Int64, nextUpdate: String)
    /// A newer BLOB ended a stale period.
    case recovered(serialNumber: Int64, nextUpdate: String)
    /// The last good BLOB could not be written to the cache directory.
    case cacheWriteFailed(String)
}

extension MetadataRefreshEvent: CustomStringConvertible {
    /// One line for the log.
    public var description: String {
        switch self {
        case .loadedFromCache(let no, let next): "FIDO metadata: using the cached BLOB no \(no) (next update \(next))"
        case .cacheRefused(let why): "FIDO metadata: the cached BLOB is not used: \(why)"
        case .updated(let no, let next): "FIDO metadata: BLOB no \(no) in use (next update \(next))"
        case .failed(let result, let why):
            "FIDO metadata: the check failed (\(result.rawValue)): \(why); keeping the metadata in use and retrying with backoff"
        case .stale(let no, let next): "FIDO metadata: BLOB no \(no) is stale: its next update (\(next)) has passed and no newer BLOB came"
        case .recovered(let no, let next): "FIDO metadata: current again with BLOB no \(no) (next update \(next))"
        case .cacheWriteFailed(let why): "FIDO metadata: cannot write the cache: \(why)"
        }
    }
}
