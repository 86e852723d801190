import Foundation
import Hummingbird
import NIOCore
import Synchronization

/// A token bucket per client address: `rate` requests per second on average, bursts up to `burst`.
final class RateLimiter: Sendable {
    private struct Bucket {
        var tokens: Double
        var updated: Double
    }

    let rate: Double
    let burst: Double
    private let buckets = Mutex<[String: Bucket]>([:])
    /// Buckets are forgotten when this many clients are tracked, so memory stays bounded.
    private let maximumClients = 100_000

    init(rate: Double, burst: Double) {
        self.rate = rate
        self.burst = burst
    }

    /// Takes one token for `client`; false when its bucket is empty.
    func allow(_ client: String, now: Double = ProcessInfo.processInfo.systemUptime) -> Bool {
        buckets.withLock { buckets in
            if buckets.count >= maximumClients { buckets.removeAll(keepingCapacity: true) }
            var bucket = buckets[client] ?? Bucket(tokens: burst, updated: now)
            bucket.tokens = min(burst, bucket.tokens + (now - bucket.updated) * rate)
            bucket.updated = now
            let allowed = bucket.tokens >= 1
            if allowed { bucket.tokens -= 1 }
            buckets[client] = bucket
            return allowed
        }
    }
}

/// Applies a ``RateLimiter`` to the ceremony options endpoints, which create server state and so invite abuse.
struct RateLimitMiddleware: RouterMiddleware {
    typealias Context = ServerContext
    let limiter: RateLimiter
    static let limitedPaths: Set<String> = ["/attestation/options", "/assertion/options"]

    func handle(_ request: Request, context: ServerContext, next: (Request, ServerContext) async throws -> Response) async throws -> Response {
        if Self.limitedPaths.contains(request.uri.path) {
            let client = context.remoteAddress?.ipAddress ?? "unknown"
            guard limiter.allow(client) else {
                return APIResponse.failure(.tooManyRequests, "Too many requests from this client; try again in a moment.", headers: [.retryAfter: "1"])
            }
        }
        return try await next(request, context)
    }
}
