import Foundation
import Synchronization

/// A token bucket per client in this process's memory: `rate` tokens per second on average, bursts up to `burst`. The
/// route groups' default (``PasskeyRouteLimits``), and `passkeys serve`'s on SQLite; each process that has one allows
/// its clients the full amount (``ClientRateLimiter`` for limiters several processes share).
///
/// The table of clients is bounded. When it is full, buckets that have refilled completely are dropped (they are
/// indistinguishable from a new client, so dropping them resets nothing); if none has, new clients share one overflow
/// bucket until room is made. A flood of fresh addresses therefore never resets the buckets of clients already
/// being limited, and never grows memory past `capacity` entries.
public final class RateLimiter: ClientRateLimiter {
    private struct Bucket {
        var tokens: Double
        var updated: Double

        mutating func refill(now: Double, rate: Double, burst: Double) {
            tokens = min(burst, tokens + max(0, now - updated) * rate)
            updated = now
        }
    }

    private struct Table {
        var buckets: [String: Bucket] = [:]
        var overflow: Bucket
        var lastSweep = -Double.infinity
    }

    /// Tokens added to each bucket per second.
    public let rate: Double
    /// The most tokens a bucket holds: how many requests a rested client may send at once.
    public let burst: Double
    /// The most clients tracked one by one.
    public let capacity: Int
    private let table: Mutex<Table>

    /// - Parameters:
    ///   - rate: tokens added to each bucket per second.
    ///   - burst: the most tokens a bucket holds.
    ///   - capacity: the most clients tracked one by one; past it, new clients share one bucket.
    public init(rate: Double, burst: Double, capacity: Int = 100_000) {
        self.rate = rate
        self.burst = burst
        self.capacity = capacity
        table = Mutex(Table(overflow: Bucket(tokens: burst, updated: 0)))
    }

    /// Takes one token for `client` now; false when its bucket is empty.
    public func allow(_ client: String) -> Bool { allow(client, now: ProcessInfo.processInfo.systemUptime) }

    /// Gives back a token taken by ``allow(_:)`` now.
    public func refund(_ client: String) { refund(client, now: ProcessInfo.processInfo.systemUptime) }

    /// Takes one token for `client` at `now` (seconds on a monotonic clock); false when its bucket is empty.
    public func allow(_ client: String, now: Double) -> Bool {
        withBucket(client, now: now) { bucket in
            guard bucket.tokens >= 1 else { return false }
            bucket.tokens -= 1
            return true
        }
    }

    /// Gives back a token taken by ``allow(_:now:)`` (the request turned out not to count), up to the burst.
    public func refund(_ client: String, now: Double) {
        withBucket(client, now: now) { $0.tokens = min(burst, $0.tokens + 1) }
    }

    /// How many clients have a bucket of their own now.
    public var trackedClients: Int { table.withLock { $0.buckets.count } }

    private func withBucket<T>(_ client: String, now: Double, _ body: (inout Bucket) -> T) -> T {
        table.withLock { table in
            if table.buckets[client] == nil, table.buckets.count >= capacity {
                // A sweep costs a pass over the table, so at most one a second however many new clients arrive.
                if now - table.lastSweep >= 1 {
                    table.lastSweep = now
                    table.buckets = table.buckets.filter { _, bucket in bucket.tokens + max(0, now - bucket.updated) * rate < burst }
                }
                if table.buckets.count >= capacity {
                    table.overflow.refill(now: now, rate: rate, burst: burst)
                    return body(&table.overflow)
                }
            }
            var bucket = table.buckets[client] ?? Bucket(tokens: burst, updated: now)
            bucket.refill(now: now, rate: rate, burst: burst)
            let result = body(&bucket)
            table.buckets[client] = bucket
            return result
        }
    }
}
