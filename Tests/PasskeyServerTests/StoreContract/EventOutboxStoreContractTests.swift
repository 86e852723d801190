import Foundation
import PasskeyCore
import Testing

@testable import PasskeyServer
@testable import PasskeyStore

/// `EventOutboxStore` (Sources/PasskeyStore/EventOutboxStore.swift): one delivery lease holder at a time, each user's
/// events in order per endpoint, failed rows retried or set aside, dead rows replayed.
@Suite("Store contract: EventOutboxStore", .serialized)
struct EventOutboxStoreContractTests {
    static let requirements = [
        "holdDeliveryLease(holder:milliseconds:)", "releaseDeliveryLease(holder:)", "deliverableEvents(endpoint:now:limit:)",
        "recordDelivered(_:endpoint:)", "recordFailed(_:endpoint:failure:)", "outboxCounts()", "replayDeadEvents(id:audit:)",
        "setAsideEvents(notFor:at:)", "appendEvents(_:)",
    ]

    static func endpoint() -> String { Contract.unique("http://127.0.0.1:9/hook") }

    static func event(_ label: String, user: String) -> OutboxEvent {
        OutboxEvent(id: "evt_" + Base64URL.encode(SecureRandom.bytes(16)), type: .sessionCreated, userKey: user, payload: label)
    }

    static func append(_ events: [OutboxEvent], to endpoints: [String], _ store: any DatabaseStore) async throws {
        try await store.appendEvents(ChangeRecord(endpoints: endpoints) { _ in events })
    }

    static func labels(_ store: any DatabaseStore, _ endpoint: String, now: Int64 = Contract.now, limit: Int = 16) async throws -> [String] {
        try await store.deliverableEvents(endpoint: endpoint, now: now, limit: limit).map(\.payload)
    }

    static func failure(attempts: Int = 1, next: Int64, dead: Int64? = nil) -> DeliveryFailure {
        DeliveryFailure(attempts: attempts, nextAttemptAt: next, firstFailedAt: Contract.now, error: "HTTP 500", deadAt: dead)
    }

    @Test("holdDeliveryLease: one holder at a time, who renews it; another takes it only once it has expired", arguments: Backend.all)
    func holdLease(_ backend: Backend) async throws {
        try await Contract.withStore(backend) { (store, _) async throws in
            let (first, second) = (Contract.unique("holder"), Contract.unique("holder"))
            #expect(try await store.holdDeliveryLease(holder: first, milliseconds: 60_000), "nobody held it")
            #expect(try await !store.holdDeliveryLease(holder: second, milliseconds: 60_000), "a live lease stays its holder's")
            // Renewed so that it has expired already (no waiting on a clock): now another may take it.
            #expect(try await store.holdDeliveryLease(holder: first, milliseconds: -60_000), "the holder renews it")
            #expect(try await store.holdDeliveryLease(holder: second, milliseconds: 60_000), "expired, it is taken")
            #expect(try await !store.holdDeliveryLease(holder: first, milliseconds: 60_000))
        }
    }

    @Test("releaseDeliveryLease gives the lease up when the holder holds it, so another takes it at once; no one else can", arguments: Backend.all)
    func releaseLease(_ backend: Backend) async throws {
        try await Contract.withStore(backend) { (store, _) async throws in
            let (first, second) = (Contract.unique("holder"), Contract.unique("holder"))
            #expect(try await store.holdDeliveryLease(holder: first, milliseconds: 60_000))
            try await store.releaseDeliveryLease(holder: second)
            #expect(try await !store.holdDeliveryLease(holder: second, milliseconds: 60_000), "only its holder gives it up")
            try await store.releaseDeliveryLease(holder: first)
            #expect(try await store.holdDeliveryLease(holder: second, milliseconds: 60_000))
        }
    }

    @Test(
        "deliverableEvents gives each user's first live row due at `now`, oldest first, at most `limit`, for that endpoint only",
        arguments: Backend.all)
    func deliverable(_ backend: Backend) async throws {
        try await Contract.withStore(backend) { (store, _) async throws in
            let (endpoint, other) = (Self.endpoint(), Self.endpoint())
            try await Self.append([Self.event("a1", user: "A"), Self.event("b1", user: "B"), Self.event("a2", user: "A")], to: [endpoint], store)
            try await Self.append([Self.event("c1", user: "C")], to: [endpoint], store)
            try await Self.append([Self.event("x1", user: "X")], to: [other], store)
            #expect(try await Self.labels(store, endpoint) == ["a1", "b1", "c1"])
            #expect(try await Self.labels(store, endpoint, limit: 2) == ["a1", "b1"])
            // A row not due yet is not given, and holds its user's later rows back.
            let b1 = try #require(try await store.deliverableEvents(endpoint: endpoint, now: Contract.now, limit: 16).first { $0.payload == "b1" })
            try await store.recordFailed(b1, endpoint: endpoint, failure: Self.failure(next: Contract.now + 100))
            #expect(try await Self.labels(store, endpoint) == ["a1", "c1"])
            #expect(try await Self.labels(store, endpoint, now: Contract.now + 100) == ["a1", "b1", "c1"])
            #expect(try await Self.labels(store, other) == ["x1"])
        }
    }

    @Test("recordDelivered deletes the row, and its user's next row is due at once, also after a failed attempt", arguments: Backend.all)
    func delivered(_ backend: Backend) async throws {
        try await Contract.withStore(backend) { (store, _) async throws in
            let endpoint = Self.endpoint()
            try await Self.append([Self.event("a1", user: "A"), Self.event("a2", user: "A"), Self.event("a3", user: "A")], to: [endpoint], store)
            let a1 = try #require(try await store.deliverableEvents(endpoint: endpoint, now: Contract.now, limit: 16).first)
            try await store.recordDelivered(a1, endpoint: endpoint)
            #expect(try await Self.labels(store, endpoint) == ["a2"])
            let a2 = try #require(try await store.deliverableEvents(endpoint: endpoint, now: Contract.now, limit: 16).first)
            try await store.recordFailed(a2, endpoint: endpoint, failure: Self.failure(next: Contract.now + 1_000))
            let retried = try #require(try await store.deliverableEvents(endpoint: endpoint, now: Contract.now + 1_000, limit: 16).first)
            #expect(retried.payload == "a2" && retried.attempts == 1)
            try await store.recordDelivered(retried, endpoint: endpoint)
            #expect(try await Self.labels(store, endpoint) == ["a3"], "due at once, not at the failed row's next attempt")
            #expect(try await store.outboxCounts() == [OutboxCount(endpoint: endpoint, live: 1, dead: 0)])
        }
    }

    @Test(
        "recordFailed keeps the row for its next attempt with its error; set aside as dead, it no longer holds its user back", arguments: Backend.all)
    func failed(_ backend: Backend) async throws {
        try await Contract.withStore(backend) { (store, _) async throws in
            let endpoint = Self.endpoint()
            try await Self.append([Self.event("a1", user: "A"), Self.event("a2", user: "A")], to: [endpoint], store)
            let a1 = try #require(try await store.deliverableEvents(endpoint: endpoint, now: Contract.now, limit: 16).first)
            try await store.recordFailed(a1, endpoint: endpoint, failure: Self.failure(next: Contract.now + 500))
            #expect(try await Self.labels(store, endpoint, now: Contract.now + 499).isEmpty, "its user's later rows wait")
            let retried = try #require(try await store.deliverableEvents(endpoint: endpoint, now: Contract.now + 500, limit: 16).first)
            #expect(retried.payload == "a1" && retried.attempts == 1 && retried.firstFailedAt == Contract.now)
            try await store.recordFailed(
                retried, endpoint: endpoint, failure: Self.failure(attempts: 2, next: Contract.now + 5_000, dead: Contract.now + 500))
            #expect(try await Self.labels(store, endpoint, now: Contract.now + 501) == ["a2"], "a dead row no longer holds a2 back")
            #expect(try await store.outboxCounts() == [OutboxCount(endpoint: endpoint, live: 1, dead: 1)])
        }
    }

    @Test("outboxCounts gives the live and dead rows of each endpoint", arguments: Backend.all)
    func counts(_ backend: Backend) async throws {
        try await Contract.withStore(backend) { (store, _) async throws in
            #expect(try await store.outboxCounts().isEmpty)
            let (first, second) = (Self.endpoint(), Self.endpoint())
            try await Self.append([Self.event("a1", user: "A"), Self.event("b1", user: "B")], to: [first, second], store)
            let b1 = try #require(try await store.deliverableEvents(endpoint: second, now: Contract.now, limit: 16).last)
            try await store.recordFailed(b1, endpoint: second, failure: Self.failure(next: Contract.far, dead: Contract.now))
            let counts = try await store.outboxCounts().sorted { $0.endpoint < $1.endpoint }
            let expected = [OutboxCount(endpoint: first, live: 2, dead: 0), OutboxCount(endpoint: second, live: 1, dead: 1)]
            #expect(counts == expected.sorted { $0.endpoint < $1.endpoint })
        }
    }

    @Test(
        "replayDeadEvents puts the event's dead rows (every endpoint's), or every dead row, back due at once, and writes its audit",
        arguments: Backend.all)
    func replay(_ backend: Backend) async throws {
        try await Contract.withStore(backend) { (store, _) async throws in
            let (first, second) = (Self.endpoint(), Self.endpoint())
            let (a1, b1) = (Self.event("a1", user: "A"), Self.event("b1", user: "B"))
            try await Self.append([a1, b1], to: [first, second], store)
            for endpoint in [first, second] {
                for row in try await store.deliverableEvents(endpoint: endpoint, now: Contract.now, limit: 16) {
                    try await store.recordFailed(row, endpoint: endpoint, failure: Self.failure(attempts: 5, next: Contract.far, dead: Contract.now))
                }
            }
            let audit = AuditEntry(
                time: Contract.now, userID: nil, action: "events.replayed", actor: AuditActor(kind: .cli, name: "events replay"), clientAddress: nil,
                outcome: "success", detail: nil)
            #expect(try await store.replayDeadEvents(id: a1.id, audit: audit) == 2, "the event's rows of both endpoints")
            #expect(try await store.replayDeadEvents(id: a1.id) == 0, "only dead rows come back")
            for endpoint in [first, second] {
                let rows = try await store.deliverableEvents(endpoint: endpoint, now: Contract.now, limit: 16)
                #expect(rows.map(\.payload) == ["a1"] && rows.first?.attempts == 0)
            }
            let logged = try await store.auditEntries(AuditQuery(userID: nil, from: 0, until: Contract.far, before: nil, limit: 10))
            #expect(logged.map(\.action) == ["events.replayed"])
            #expect(try await store.replayDeadEvents(id: nil) == 2, "every dead row: b1 of both endpoints")
            #expect(try await Self.labels(store, second) == ["a1", "b1"])
        }
    }

    @Test(
        "setAsideEvents(notFor:at:) sets the live rows of endpoints not listed aside as dead, returns how many, keeps the listed",
        arguments: Backend.all)
    func setAside(_ backend: Backend) async throws {
        try await Contract.withStore(backend) { (store, _) async throws in
            let (kept, dropped) = (Self.endpoint(), Self.endpoint())
            try await Self.append([Self.event("a1", user: "A"), Self.event("b1", user: "B")], to: [kept, dropped], store)
            #expect(try await store.setAsideEvents(notFor: [kept], at: Contract.now) == 2)
            #expect(try await Self.labels(store, dropped, now: Contract.far).isEmpty)
            #expect(try await Self.labels(store, kept) == ["a1", "b1"])
            let counts = try await store.outboxCounts().sorted { $0.endpoint < $1.endpoint }
            let expected = [OutboxCount(endpoint: kept, live: 2, dead: 0), OutboxCount(endpoint: dropped, live: 0, dead: 2)]
            #expect(counts == expected.sorted { $0.endpoint < $1.endpoint })
            #expect(try await store.setAsideEvents(notFor: [kept], at: Contract.now) == 0, "dead rows are not set aside again")
        }
    }

    @Test("appendEvents writes each event once per endpoint, as given, due at once", arguments: Backend.all)
    func append(_ backend: Backend) async throws {
        try await Contract.withStore(backend) { (store, _) async throws in
            let (first, second) = (Self.endpoint(), Self.endpoint())
            let event = OutboxEvent(id: "evt_" + Base64URL.encode(SecureRandom.bytes(16)), type: .failuresSummary, userKey: "", payload: #"{"n":3}"#)
            try await Self.append([event], to: [first, second], store)
            for endpoint in [first, second] {
                let rows = try await store.deliverableEvents(endpoint: endpoint, now: 0, limit: 16)
                #expect(rows.map(\.id) == [event.id] && rows.map(\.payload) == [event.payload] && rows.map(\.userKey) == [""])
            }
            try await store.appendEvents(.none)
            #expect(try await store.outboxCounts().map(\.live) == [1, 1])
        }
    }
}
