import AsyncHTTPClient
package import Foundation
import NIOCore
package import PasskeyRelyingParty

/// ``MetadataFetcher`` over AsyncHTTPClient: one GET, a time limit on the whole download and a byte cap checked on
/// `Content-Length` before the body is read and again while it is read, so a slow or endless answer costs at most
/// the cap in memory and the limit in time.
package struct HTTPMetadataFetcher: MetadataFetcher {
    /// A fetcher on the process's shared HTTP client.
    package init() {}

    /// GETs `url` and returns its body when the answer is 200 and within `maximumBytes`.
    package func fetch(_ url: URL, maximumBytes: Int, timeout: Duration) async throws(MetadataFetchError) -> [UInt8] {
        do {
            return try await answerByDeadline(timeout) {
                var request = HTTPClientRequest(url: url.absoluteString)
                request.headers.add(name: "Accept", value: "application/jwt, */*")
                let response = try await HTTPClient.shared.execute(request, timeout: .seconds(Int64(timeout.components.seconds) + 1))
                guard response.status == .ok else {
                    throw MetadataFetchError(.unavailable, "expected 200 OK from \(url), found \(response.status.code)")
                }
                if let length = response.headers.first(name: "content-length").flatMap(Int.init), length > maximumBytes {
                    throw MetadataFetchError(.tooLarge, "expected at most \(maximumBytes) bytes from \(url), found Content-Length \(length)")
                }
                // Read chunk by chunk into the one array returned, sized by Content-Length when there is one: a BLOB
                // costs its size once, not a buffer and a copy of it (scripts/measure-metadata-memory measures the peak).
                var bytes: [UInt8] = []
                if let length = response.headers.first(name: "content-length").flatMap(Int.init), length >= 0 { bytes.reserveCapacity(length) }
                for try await chunk in response.body {
                    guard bytes.count + chunk.readableBytes <= maximumBytes else {
                        throw MetadataFetchError(.tooLarge, "expected at most \(maximumBytes) bytes from \(url), found more")
                    }
                    bytes.append(contentsOf: chunk.readableBytesView)
                }
                return bytes
            }
        } catch let error as MetadataFetchError {
            throw error
        } catch is DeadlineExceeded {
            throw MetadataFetchError(.unavailable, "expected the whole BLOB from \(url) within \(timeout), found it unfinished")
        } catch {
            throw MetadataFetchError(.unavailable, "cannot download \(url): \(error)")
        }
    }
}
