import Foundation
import PasskeyCore
import Testing

@testable import PasskeyServer
@testable import PasskeyStore

/// `CeremonyStore` (Sources/PasskeyRelyingParty/Ceremonies/CeremonyStore.swift) as `store.ceremonies` of each database
/// gives it: a begun ceremony kept whole until taken once or expired. The concurrent takes are in ``StoreContractRaceTests``.
@Suite("Store contract: CeremonyStore", .serialized)
struct CeremonyStoreContractTests {
    static let requirements = ["insert(_:now:)", "take(challenge:kind:now:)", "removeAll(userHandle:)", "purgeExpired(now:)"]

    @Test("insert keeps a begun ceremony, every member of it, until it is taken or expires", arguments: Backend.all)
    func insert(_ backend: Backend) async throws {
        try await Contract.withStore(backend) { (store, _) async throws in
            let full = PendingCeremony(
                challenge: Contract.unique("challenge"), kind: .registration, userHandle: Contract.handle(), username: "ada", displayName: "Ada",
                userVerification: .required, expiresAt: Contract.now + 60_000, sessionHash: Contract.unique("session"), boundToUser: true,
                conditional: true)
            let expiring = Contract.ceremony(expiresAt: Contract.now + 5)
            try await store.ceremonies.insert(full, now: Contract.now)
            try await store.ceremonies.insert(expiring, now: Contract.now)
            #expect(try await store.ceremonies.take(challenge: full.challenge, kind: .registration, now: Contract.now + 59_999) == full)
            #expect(try await store.ceremonies.take(challenge: expiring.challenge, kind: .authentication, now: Contract.now + 5) == nil, "expired")
        }
    }

    @Test(
        "take returns a ceremony once, by its challenge and kind, before it expires; nil for the other kind, an unknown challenge, or an expired one",
        arguments: Backend.all)
    func take(_ backend: Backend) async throws {
        try await Contract.withStore(backend) { (store, _) async throws in
            let begun = Contract.ceremony(kind: .authentication, expiresAt: Contract.now + 100)
            try await store.ceremonies.insert(begun, now: Contract.now)
            #expect(try await store.ceremonies.take(challenge: begun.challenge, kind: .registration, now: Contract.now) == nil, "the other kind")
            #expect(try await store.ceremonies.take(challenge: Contract.unique("unknown"), kind: .authentication, now: Contract.now) == nil)
            #expect(try await store.ceremonies.take(challenge: begun.challenge, kind: .authentication, now: Contract.now + 99) == begun)
            #expect(try await store.ceremonies.take(challenge: begun.challenge, kind: .authentication, now: Contract.now + 99) == nil, "taken once")

            let late = Contract.ceremony(kind: .authentication, expiresAt: Contract.now + 100)
            try await store.ceremonies.insert(late, now: Contract.now)
            #expect(try await store.ceremonies.take(challenge: late.challenge, kind: .authentication, now: Contract.now + 100) == nil, "expired")
        }
    }

    @Test("removeAll(userHandle:) forgets the account's begun ceremonies, no other account's", arguments: Backend.all)
    func removeAll(_ backend: Backend) async throws {
        try await Contract.withStore(backend) { (store, _) async throws in
            let (handle, other) = (Contract.handle(), Contract.handle())
            let mine = [Contract.ceremony(kind: .registration, user: handle), Contract.ceremony(kind: .authentication, user: handle)]
            let theirs = Contract.ceremony(kind: .registration, user: other)
            for ceremony in mine + [theirs] { try await store.ceremonies.insert(ceremony, now: Contract.now) }
            try await store.ceremonies.removeAll(userHandle: handle)
            for ceremony in mine {
                #expect(try await store.ceremonies.take(challenge: ceremony.challenge, kind: ceremony.kind, now: Contract.now) == nil)
            }
            #expect(try await store.ceremonies.take(challenge: theirs.challenge, kind: .registration, now: Contract.now) == theirs)
        }
    }

    @Test("purgeExpired removes the ceremonies whose time is up at `now`, and keeps the others", arguments: Backend.all)
    func purgeExpired(_ backend: Backend) async throws {
        try await Contract.withStore(backend) { (store, _) async throws in
            let (old, live) = (Contract.ceremony(expiresAt: Contract.now + 10), Contract.ceremony(expiresAt: Contract.now + 11))
            try await store.ceremonies.insert(old, now: Contract.now)
            try await store.ceremonies.insert(live, now: Contract.now)
            try await store.ceremonies.purgeExpired(now: Contract.now + 10)
            // Taken with an earlier clock: only a purged one is missing then.
            #expect(try await store.ceremonies.take(challenge: old.challenge, kind: .authentication, now: Contract.now) == nil)
            #expect(try await store.ceremonies.take(challenge: live.challenge, kind: .authentication, now: Contract.now) == live)
        }
    }
}
