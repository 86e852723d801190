import Foundation
import Hummingbird
import NIOCore
import Synchronization

/// A token bucket per client: `rate` tokens per second on average, bursts up to `burst`.
///
/// The table of clients is bounded. When it is full, buckets that have refilled completely are dropped (they are
/// indistinguishable from a new client, so dropping them resets nothing); if none has, new clients share one overflow
/// bucket until room is made. A flood of fresh addresses therefore never resets the buckets of clients already
/// being limited, and never grows memory past `capacity` entries.
final class RateLimiter: Sendable {
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

    let rate: Double
    let burst: Double
    let capacity: Int
    private let table: Mutex<Table>

    init(rate: Double, burst: Double, capacity: Int = 100_000) {
        self.rate = rate
        self.burst = burst
        self.capacity = capacity
        table = Mutex(Table(overflow: Bucket(tokens: burst, updated: 0)))
    }

    /// Takes one token for `client`; false when its bucket is empty.
    func allow(_ client: String, now: Double = ProcessInfo.processInfo.systemUptime) -> Bool {
        withBucket(client, now: now) { bucket in
            guard bucket.tokens >= 1 else { return false }
            bucket.tokens -= 1
            return true
        }
    }

    /// Gives back a token taken by ``allow(_:now:)`` (the request turned out not to count), up to the burst.
    func refund(_ client: String, now: Double = ProcessInfo.processInfo.systemUptime) {
        withBucket(client, now: now) { $0.tokens = min(burst, $0.tokens + 1) }
    }

    var trackedClients: Int { table.withLock { $0.buckets.count } }

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

/// Limits the ceremony options endpoints per client: each creates server state and so invites abuse. Mounted on the
/// route group, so it applies to every spelling of a path the router accepts.
struct OptionsRateLimitMiddleware: RouterMiddleware {
    typealias Context = ServerContext
    let limiter: RateLimiter

    func handle(_ request: Request, context: ServerContext, next: (Request, ServerContext) async throws -> Response) async throws -> Response {
        guard limiter.allow(ClientAddressResolver.bucket(context.clientAddress)) else { throw RelyingPartyError.tooManyRequests }
        return try await next(request, context)
    }
}

/// Limits failed ceremony results per client: guessing, replaying and fuzzing all fail, honest clients rarely do.
///
/// Every result takes a token as it arrives and gets it back if it succeeds (or the server was at fault), so a
/// client whose failure budget is spent is refused before its request is looked at, and firing many requests at once
/// cannot overdraw the budget (each one in flight holds a token).
struct FailedResultRateLimitMiddleware: RouterMiddleware {
    typealias Context = ServerContext
    let limiter: RateLimiter

    func handle(_ request: Request, context: ServerContext, next: (Request, ServerContext) async throws -> Response) async throws -> Response {
        let client = ClientAddressResolver.bucket(context.clientAddress)
        guard limiter.allow(client) else { throw RelyingPartyError.tooManyRequests }
        do {
            let response = try await next(request, context)
            if !(400..<500).contains(response.status.code) { limiter.refund(client) }
            return response
        } catch let error as StoreUnavailable {
            // The server's outage is not the client's failure.
            limiter.refund(client)
            throw error
        }
    }
}
