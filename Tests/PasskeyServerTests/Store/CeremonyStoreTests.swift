import Foundation
import PasskeyServer
import Testing

/// Pending ceremonies in memory keep the guarantees the database gave them: single use, expiry, a bound.
@Suite("Pending ceremonies in memory")
struct CeremonyStoreTests {
    static func ceremony(_ challenge: String = UUID().uuidString, expiresAt: Int64 = 10_000, user: [UInt8]? = nil) -> PendingCeremony {
        PendingCeremony(
            challenge: challenge, kind: .authentication, userHandle: user, username: nil, displayName: nil, userVerification: .preferred,
            expiresAt: expiresAt)
    }

    @Test("of many concurrent takes of one challenge, exactly one gets the ceremony")
    func singleUse() async throws {
        let store = MemoryCeremonyStore()
        try await store.insert(Self.ceremony("once"), now: 0)
        let taken = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<64 { group.addTask { (try? await store.take(challenge: "once", kind: .authentication, now: 1)) != nil } }
            return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(taken == 1)
        #expect(store.count == 0)
    }

    @Test("the kind is part of the key, and an expired ceremony is never returned (and is gone after the attempt)")
    func kindAndExpiry() async throws {
        let store = MemoryCeremonyStore()
        try await store.insert(Self.ceremony("c", expiresAt: 100), now: 0)
        #expect(try await store.take(challenge: "c", kind: .registration, now: 1) == nil)
        #expect(try await store.take(challenge: "c", kind: .authentication, now: 100) == nil, "expiresAt is exclusive")
        #expect(store.count == 0)
    }

    @Test("a full table sweeps expired entries, then refuses newcomers as unavailable (503) instead of growing")
    func bounded() async throws {
        let store = MemoryCeremonyStore(capacity: 3)
        for index in 0..<3 { try await store.insert(Self.ceremony("c\(index)", expiresAt: 500), now: 0) }
        await #expect(throws: StoreUnavailable.self) { try await store.insert(Self.ceremony("late"), now: 10) }
        #expect(store.count == 3)
        // A second later the first three have expired: the sweep makes room.
        try await store.insert(Self.ceremony("after", expiresAt: 5_000), now: 1_010)
        #expect(store.count == 1)
        #expect(try await store.take(challenge: "after", kind: .authentication, now: 1_011) != nil)
    }

    @Test("purging removes expired ceremonies only; deleting an account forgets its ceremonies")
    func purgeAndAccount() async throws {
        let store = MemoryCeremonyStore()
        try await store.insert(Self.ceremony("old", expiresAt: 10), now: 0)
        try await store.insert(Self.ceremony("new", expiresAt: 1_000, user: [1]), now: 0)
        try await store.insert(Self.ceremony("other", expiresAt: 1_000, user: [2]), now: 0)
        try await store.purgeExpired(now: 10)
        #expect(store.count == 2)
        try await store.removeAll(userHandle: [1])
        #expect(try await store.take(challenge: "new", kind: .authentication, now: 11) == nil)
        #expect(try await store.take(challenge: "other", kind: .authentication, now: 11) != nil)
    }
}
