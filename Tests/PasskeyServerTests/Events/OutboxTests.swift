import Foundation
import Logging
import PasskeyCore
import Testing

@testable import PasskeyServer
@testable import PasskeyStore

/// The outbox's queues on both databases: per-user order (a failing event holds back its user's later ones,
/// not other users'), dead events set aside and replayed, and one delivery lease at a time.
@Suite("Event outbox: order per user, dead events, the delivery lease")
struct OutboxTests {
    static func withStore(_ backend: Backend, _ body: (any DatabaseStore) async throws -> Void) async throws {
        var logger = Logger(label: "passkeys-test")
        logger.logLevel = .critical
        let location = backend.location()
        let store = try await location.openStore(logger: logger)
        do { try await body(store) } catch {
            try? await store.shutdown()
            throw error
        }
        try await store.shutdown()
        if case .sqliteFile(let path) = location {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        }
    }

    /// An event for `user` (empty: about no account) whose body names it `label`.
    static func event(_ label: String, user: String) -> OutboxEvent {
        OutboxEvent(id: "evt_" + Base64URL.encode(SecureRandom.bytes(16)), type: .sessionCreated, userKey: user, payload: #"{"label":"\#(label)"}"#)
    }

    static func write(_ events: [OutboxEvent], to endpoint: String, _ store: any DatabaseStore) async throws {
        try await store.appendEvents(ChangeRecord(endpoints: [endpoint]) { _ in events })
    }

    static func labels(_ deliveries: [PendingDelivery]) -> [String] {
        deliveries.map { String($0.payload.dropFirst(10).dropLast(2)) }
    }

    static let far: Int64 = 4_102_444_800_000

    @Test("a batch holds each user's first event; a failing one holds back its user only; delivered or dead, the next comes", arguments: Backend.all)
    func orderPerUser(_ backend: Backend) async throws {
        try await Self.withStore(backend) { store in
            // Endpoints of their own: the PostgreSQL database is shared with other suites.
            let endpoint = "http://127.0.0.1:9/\(UUID().uuidString)"
            try await Self.write([Self.event("a1", user: "A"), Self.event("b1", user: "B"), Self.event("a2", user: "A")], to: endpoint, store)
            try await Self.write([Self.event("b2", user: "B"), Self.event("a3", user: "A"), Self.event("n1", user: "")], to: endpoint, store)
            let now: Int64 = 1_000_000
            let first = try await store.deliverableEvents(endpoint: endpoint, now: now, limit: 16)
            #expect(Self.labels(first) == ["a1", "b1", "n1"])

            // a1 fails: it waits for its retry, and so do a2 and a3; B goes on.
            let a1 = first[0]
            try await store.recordFailed(
                a1, endpoint: endpoint,
                failure: DeliveryFailure(attempts: 1, nextAttemptAt: now + 2000, firstFailedAt: now, error: "HTTP 500", deadAt: nil))
            try await store.recordDelivered(first[1], endpoint: endpoint)
            try await store.recordDelivered(first[2], endpoint: endpoint)
            #expect(Self.labels(try await store.deliverableEvents(endpoint: endpoint, now: now + 1, limit: 16)) == ["b2"])
            // Its retry is due: a1 again (a2 still behind it), with its attempts.
            let retry = try await store.deliverableEvents(endpoint: endpoint, now: now + 2000, limit: 16)
            #expect(Self.labels(retry) == ["a1", "b2"] && retry[0].attempts == 1 && retry[0].firstFailedAt == now)

            // Set aside as dead: it no longer holds a2 back; another endpoint's queue never saw any of this.
            try await store.recordFailed(
                retry[0], endpoint: endpoint,
                failure: DeliveryFailure(attempts: 2, nextAttemptAt: now + 6000, firstFailedAt: now, error: "HTTP 500", deadAt: now + 2000))
            #expect(Self.labels(try await store.deliverableEvents(endpoint: endpoint, now: now + 2001, limit: 16)) == ["a2", "b2"])
            let counts = try await store.outboxCounts().first { $0.endpoint == endpoint }
            #expect(counts == OutboxCount(endpoint: endpoint, live: 3, dead: 1))

            // Replayed, the dead event is its user's first again, due at once.
            #expect(try await store.replayDeadEvents(id: a1.id) == 1)
            #expect(try await store.replayDeadEvents(id: a1.id) == 0, "only dead events are replayed")
            let replayed = try await store.deliverableEvents(endpoint: endpoint, now: now + 2001, limit: 16)
            #expect(Self.labels(replayed) == ["a1", "b2"] && replayed[0].attempts == 0)
            // An endpoint no longer configured: its rows are set aside. (The whole outbox's: only where the database is
            // this test's own, not PostgreSQL's, which other suites write to meanwhile.)
            if backend == .sqlite {
                #expect(try await store.setAsideEvents(notFor: ["http://127.0.0.1:9/other"], at: now) == 4)
                #expect(try await store.deliverableEvents(endpoint: endpoint, now: Self.far, limit: 16).isEmpty)
            }
        }
    }

    /// A lease that stays live through the checks below even when the whole suite keeps both cores busy (a 5 s lease
    /// lapsed between two statements there).
    static let liveLease: Int64 = 60_000

    @Test("one holder of the delivery lease at a time; another takes it once it expires or is given up", arguments: Backend.all)
    func lease(_ backend: Backend) async throws {
        try await Self.withStore(backend) { store in
            // The lease row is one for the whole database: this test holds it for seconds at most, and gives it up.
            let (first, second) = ("test-\(UUID().uuidString)", "test-\(UUID().uuidString)")
            // Whoever held it (another suite's server) let it lapse within its duration; take it from them.
            var held = false
            for _ in 0..<150 where !held {
                held = try await store.holdDeliveryLease(holder: first, milliseconds: 5_000)
                if !held { try await Task.sleep(for: .milliseconds(100)) }
            }
            #expect(held)
            #expect(try await store.holdDeliveryLease(holder: first, milliseconds: Self.liveLease), "the holder renews it")
            #expect(try await !store.holdDeliveryLease(holder: second, milliseconds: Self.liveLease), "nobody else takes a live lease")
            try await store.releaseDeliveryLease(holder: second)
            #expect(try await !store.holdDeliveryLease(holder: second, milliseconds: Self.liveLease), "only its holder gives it up")
            try await store.releaseDeliveryLease(holder: first)
            #expect(try await store.holdDeliveryLease(holder: second, milliseconds: 1), "given up, it is free")
            try await Task.sleep(for: .milliseconds(20))
            #expect(try await store.holdDeliveryLease(holder: first, milliseconds: 5_000), "expired, it is free")
            try await store.releaseDeliveryLease(holder: first)
        }
    }
}
