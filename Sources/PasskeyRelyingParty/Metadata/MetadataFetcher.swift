public import Foundation

/// Downloads a FIDO metadata BLOB. The refresher decides when and what to trust; a fetcher only brings bytes, so the
/// relying party's rules need no HTTP client (`PasskeyServer` has one over AsyncHTTPClient).
public protocol MetadataFetcher: Sendable {
    /// The body at `url`, or a ``MetadataFetchError``.
    ///
    /// - Parameters:
    ///   - url: the BLOB's address.
    ///   - maximumBytes: a body longer than this fails with ``MetadataFetchError/Kind/tooLarge`` without being read
    ///     further.
    ///   - timeout: the whole download, from connecting to the last byte, fails with
    ///     ``MetadataFetchError/Kind/unavailable`` after this long.
    func fetch(_ url: URL, maximumBytes: Int, timeout: Duration) async throws(MetadataFetchError) -> [UInt8]
}

/// Why a download brought no BLOB.
public struct MetadataFetchError: Error, Sendable, CustomStringConvertible {
    /// The kinds a refresher tells apart in its status.
    public enum Kind: Sendable {
        /// The server was unreachable, answered an error status, or did not finish in time.
        case unavailable
        /// The body was longer than the byte cap.
        case tooLarge
    }

    /// What went wrong.
    public let kind: Kind
    /// What was expected and what was found, for the log.
    public let message: String

    /// An error of `kind` saying `message`.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
