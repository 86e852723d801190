import Foundation
import HTTPTypes
import HummingbirdTesting
import PasskeyCore
import PasskeyHummingbird
import Testing

@testable import PasskeyServer
@testable import PasskeyStore

/// The threat "Rate limit bypass": limits hold for every spelling of a path, per client behind trusted proxies only,
/// per /64 for IPv6, and a flood of new addresses does not reset anyone's bucket. On both stores: SQLite keeps the
/// buckets in memory, PostgreSQL in its `rate_buckets` table, each server on a database of its own.
@Suite("Attack: getting around the rate limits")
struct RateLimitTests {
    static let forwardedFor = HTTPField.Name("X-Forwarded-For")!
    static let forwarded = HTTPField.Name("Forwarded")!

    static func statuses(_ client: some TestClientProtocol, _ path: String, count: Int, headers: HTTPFields = [:]) async throws -> [Int] {
        var statuses: [Int] = []
        for _ in 0..<count {
            statuses.append(try await client.call(.post, path, json: JSONObject(), headers: headers).status.code)
        }
        return statuses
    }

    @Test("every spelling of an options path draws from the same bucket", arguments: Backend.all)
    func pathSpellings(_ backend: Backend) async throws {
        try await TestServer.withServer(TestServer.configuration(try await backend.ownLocation(), rateLimit: 0.01)) { client in
            var accepted = 0
            for path in ["/assertion//options", "/assertion/options/", "//assertion/options", "/assertion/options"] {
                accepted += try await Self.statuses(client, path, count: 6).filter { $0 == 200 }.count
            }
            #expect(accepted == 10, "one burst of 10, whatever the spelling: \(accepted) accepted")
            let limited = try await client.call(.post, "/assertion/options", json: JSONObject())
            #expect(limited.status == .tooManyRequests && limited.headers[.retryAfter] == "1" && limited.code == "rateLimited")
        }
    }

    @Test("failed results are limited per client; successful ones are not charged", arguments: Backend.all)
    func failedResults(_ backend: Backend) async throws {
        try await TestServer.withServer(TestServer.configuration(try await backend.ownLocation(), rateLimit: 0.01)) { client in
            var statuses: [Int] = []
            for _ in 0..<20 {
                statuses.append(try await client.call(.post, "/assertion/result", json: JSONObject(["id": .string("AA")])).status.code)
            }
            #expect(statuses.prefix(10).allSatisfy { $0 == 400 }, "\(statuses)")
            #expect(statuses.suffix(5).allSatisfy { $0 == 429 }, "\(statuses)")
        }
    }

    @Test("guessing API keys at POST /introspect spends the failed-results budget; a valid key does not", arguments: Backend.all)
    func serviceKeyGuesses(_ backend: Backend) async throws {
        let location = try await backend.ownLocation()
        try await TestServer.withServer(TestServer.configuration(location, rateLimit: 0.01)) { client in
            let key = try await SessionTokenTests.apiKey(location)
            func introspect(_ key: String) async throws -> Int {
                try await client.raw(
                    .post, "/introspect", body: "token=x",
                    headers: [.contentType: "application/x-www-form-urlencoded", .authorization: "Bearer \(key)"]
                ).status.code
            }
            // Valid keys give their token back: more of them than the burst of 10 all answer.
            for _ in 0..<12 { #expect(try await introspect(key) == 200) }
            var statuses: [Int] = []
            for _ in 0..<14 { statuses.append(try await introspect("psk_" + String(repeating: "A", count: 43))) }
            #expect(statuses == Array(repeating: 401, count: 10) + Array(repeating: 429, count: 4), "\(statuses)")
            #expect(try await introspect(key) == 429, "the client's budget is spent, whatever key it sends next")
        }
    }

    @Test("behind a trusted proxy each forwarded client has its own bucket; a forged header from anyone else is ignored", arguments: Backend.all)
    func trustedProxy(_ backend: Backend) async throws {
        let proxy = try IPNetwork("127.0.0.0/8")
        try await TestServer.withServer(TestServer.configuration(try await backend.ownLocation(), rateLimit: 0.01, trustedProxies: [proxy])) {
            client in
            let first = try await Self.statuses(client, "/assertion/options", count: 14, headers: [Self.forwardedFor: "198.51.100.7, 203.0.113.1"])
            #expect(first.contains(429))
            let second = try await Self.statuses(client, "/assertion/options", count: 3, headers: [Self.forwardedFor: "203.0.113.2"])
            #expect(second.allSatisfy { $0 == 200 }, "another client through the same proxy: \(second)")
            let spoofed = try await Self.statuses(client, "/assertion/options", count: 3, headers: [Self.forwardedFor: "203.0.113.9, 203.0.113.1"])
            #expect(spoofed.allSatisfy { $0 == 429 }, "what the client wrote left of the proxy's hop is not trusted: \(spoofed)")
            // IPv6 clients are bucketed by /64: rotating addresses inside one /64 does not help.
            let v6 = try await Self.statuses(client, "/assertion/options", count: 12, headers: [Self.forwardedFor: "2001:db8:1:2::1"])
            #expect(v6.contains(429))
            let sameSubnet = try await Self.statuses(client, "/assertion/options", count: 2, headers: [Self.forwardedFor: "2001:db8:1:2::ffff"])
            #expect(sameSubnet.allSatisfy { $0 == 429 }, "\(sameSubnet)")
            let otherSubnet = try await Self.statuses(client, "/assertion/options", count: 2, headers: [Self.forwardedFor: "[2001:db8:1:3::1]:443"])
            #expect(otherSubnet.allSatisfy { $0 == 200 }, "\(otherSubnet)")
            // Only the configured header counts: a Forwarded header the proxy passed through is the client's word.
            let other = try await Self.statuses(
                client, "/assertion/options", count: 2, headers: [Self.forwardedFor: "203.0.113.1", Self.forwarded: "for=198.51.100.77"])
            #expect(other.allSatisfy { $0 == 429 }, "\(other)")
        }
        try await TestServer.withServer(TestServer.configuration(try await backend.ownLocation(), rateLimit: 0.01)) { client in
            _ = try await Self.statuses(client, "/assertion/options", count: 12, headers: [Self.forwardedFor: "203.0.113.1"])
            let forged = try await Self.statuses(client, "/assertion/options", count: 3, headers: [Self.forwardedFor: "203.0.113.2"])
            #expect(forged.allSatisfy { $0 == 429 }, "no trusted proxy: X-Forwarded-For is the client's own word: \(forged)")
        }
    }

    @Test("failed results sent all at once cannot overdraw the budget: each one in flight holds a token", arguments: Backend.all)
    func parallelFailures(_ backend: Backend) async throws {
        try await TestServer.withServer(TestServer.configuration(try await backend.ownLocation(), rateLimit: 0.01)) { client in
            let port = try #require(client.port)
            let body = #"{"id":"AA"}"#
            let request =
                "POST /assertion/result HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)"
            let answers = try await withThrowingTaskGroup(of: String.self) { group in
                for _ in 0..<30 { group.addTask { try await SlowClientTests.exchange(port: port, sending: request, readFor: .seconds(20)) } }
                return try await group.reduce(into: [String]()) { $0.append($1) }
            }
            let refused = answers.filter { $0.hasPrefix("HTTP/1.1 429") }.count
            let judged = answers.filter { $0.hasPrefix("HTTP/1.1 400") }.count
            #expect(judged <= 10 && refused >= 20, "a burst of 10 failures at most: \(judged) judged, \(refused) refused")
        }
    }

    @Test("a flood of new addresses neither grows the table past its bound nor resets the buckets of clients being limited")
    func boundedTable() {
        let limiter = RateLimiter(rate: 1, burst: 3, capacity: 100)
        var now = 1000.0
        for _ in 0..<3 { #expect(limiter.allow("victim-of-limit", now: now)) }
        #expect(!limiter.allow("victim-of-limit", now: now))
        for index in 0..<10_000 {
            _ = limiter.allow("flood-\(index)", now: now)
            now += 0.0001
        }
        #expect(limiter.trackedClients <= 100)
        #expect(!limiter.allow("victim-of-limit", now: now), "the limited client was not reset by the flood")
        // Once the flood's buckets have refilled they are dropped first, and new clients get buckets of their own.
        now += 10
        #expect(limiter.allow("newcomer", now: now))
        #expect(limiter.trackedClients <= 100)
    }

    @Test("client addresses: X-Forwarded-For and Forwarded parsed, brackets and ports stripped, IPv4-mapped IPv6 folded")
    func addressParsing() throws {
        let resolver = ClientAddressResolver(trustedProxies: [try IPNetwork("10.0.0.0/8"), try IPNetwork("::1")])
        let rfc7239 = ClientAddressResolver(trustedProxies: resolver.trustedProxies, header: .forwarded)
        let proxy = IPAddress("10.1.2.3")
        #expect(resolver.resolve(peer: proxy, headers: [Self.forwardedFor: "192.0.2.1, 10.9.9.9"]) == IPAddress("192.0.2.1"))
        #expect(rfc7239.resolve(peer: proxy, headers: [Self.forwarded: "for=192.0.2.60;proto=https;by=10.0.0.1"]) == IPAddress("192.0.2.60"))
        #expect(rfc7239.resolve(peer: proxy, headers: [Self.forwarded: "for=\"[2001:db8::17]:4711\""]) == IPAddress("2001:db8::17"))
        #expect(
            rfc7239.resolve(peer: proxy, headers: [Self.forwardedFor: "192.0.2.1", Self.forwarded: "for=192.0.2.60"]) == IPAddress("192.0.2.60"),
            "only the configured header is read")
        #expect(resolver.resolve(peer: proxy, headers: [Self.forwarded: "for=192.0.2.60"]) == proxy)
        #expect(resolver.resolve(peer: proxy, headers: [Self.forwardedFor: "not-an-address"]) == proxy)
        #expect(resolver.resolve(peer: IPAddress("192.0.2.99"), headers: [Self.forwardedFor: "198.51.100.1"]) == IPAddress("192.0.2.99"))
        #expect(IPAddress("::ffff:192.0.2.1") == IPAddress("192.0.2.1"))
        #expect(ClientAddressResolver.bucket(IPAddress("2001:db8:1:2::1")) == ClientAddressResolver.bucket(IPAddress("2001:db8:1:2:ffff::1")))
        #expect(throws: ConfigurationError.self) { try IPNetwork("10.0.0.0/33") }
        #expect(throws: ConfigurationError.self) { try IPNetwork("proxy.example") }
    }
}
