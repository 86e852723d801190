import Foundation
import PasskeyCore
import PasskeyRelyingParty
import Testing

@testable import PasskeyServer
@testable import PasskeyStore

/// `SharedLimitStore` (Sources/PasskeyStore/SharedLimitStore.swift): limits every instance on one PostgreSQL database
/// shares. Only ``PostgresStore`` is one; on SQLite the tests check that the store does not claim to be.
@Suite("Store contract: SharedLimitStore", .serialized)
struct SharedLimitStoreContractTests {
    static let requirements = ["sharedRateLimiter(budget:rate:burst:)", "sharedCeremonyQuota(perClient:)"]

    @Test("sharedRateLimiter: limiters of one budget, on any instance, draw from one bucket per client", arguments: Backend.all)
    func sharedRateLimiter(_ backend: Backend) async throws {
        try await Contract.withStore(backend) { (store, location) async throws in
            guard backend == .postgres else {
                #expect(store as? any SharedLimitStore == nil, "one SQLite file is one process's: nothing to share")
                return
            }
            let shared = try #require(store as? any SharedLimitStore)
            let budget = Contract.unique("budget")
            // A rate so low that no token comes back during the test.
            let limiter = shared.sharedRateLimiter(budget: budget, rate: 0.0001, burst: 2)
            #expect(limiter.rate == 0.0001 && limiter.burst == 2)
            try await Contract.withInstance(location) { (other) async throws in
                let elsewhere = try #require(other as? any SharedLimitStore).sharedRateLimiter(budget: budget, rate: 0.0001, burst: 2)
                #expect(try await limiter.allow("client"))
                #expect(try await elsewhere.allow("client"), "another instance draws from the same bucket")
                #expect(try await !limiter.allow("client"), "the bucket is empty for both")
                #expect(try await !elsewhere.allow("client"))
                #expect(try await limiter.allow("another-client"), "each client has a bucket of its own")
                let otherBudget = shared.sharedRateLimiter(budget: Contract.unique("budget"), rate: 0.0001, burst: 2)
                #expect(try await otherBudget.allow("client"), "another budget, another bucket")
            }
        }
    }

    @Test(
        "sharedCeremonyQuota keeps a client to `perClient` waiting ceremonies, dropping its own oldest; takeFromLargestHolder takes the largest holder's oldest",
        arguments: Backend.all)
    func sharedCeremonyQuota(_ backend: Backend) async throws {
        try await Contract.withStore(backend) { (store, _) async throws in
            guard backend == .postgres else {
                #expect(store as? any SharedLimitStore == nil, "one SQLite file is one process's: nothing to share")
                return
            }
            let quota = try #require(store as? any SharedLimitStore).sharedCeremonyQuota(perClient: 2)
            #expect(quota.perClient == 2)
            let mine = (0..<3).map { _ in Contract.ceremony() }
            let theirs = Contract.ceremony()
            for (client, ceremony) in mine.map({ ("mine", $0) }) + [("theirs", theirs)] {
                try await store.ceremonies.insert(ceremony, now: Contract.now)
                // What the quota returns the caller takes out itself; a quota that removes them returns none.
                for beyond in try await quota.record(CountedCeremony(ceremony), for: client, now: Contract.now) {
                    _ = try await store.ceremonies.take(challenge: beyond.challenge, kind: beyond.kind, now: Contract.now)
                }
            }
            #expect(try await store.ceremonies.take(challenge: mine[0].challenge, kind: .authentication, now: Contract.now) == nil, "its oldest")
            // Largest holder first ("mine", two), then the tie goes to whoever began one last ("theirs").
            #expect(try await quota.takeFromLargestHolder(now: Contract.now) == CountedCeremony(mine[1]))
            #expect(try await quota.takeFromLargestHolder(now: Contract.now) == CountedCeremony(theirs))
            #expect(try await quota.takeFromLargestHolder(now: Contract.now) == CountedCeremony(mine[2]))
            #expect(try await quota.takeFromLargestHolder(now: Contract.now) == nil, "nobody holds any")
            for ceremony in mine[1...] + [theirs] {
                #expect(try await store.ceremonies.take(challenge: ceremony.challenge, kind: .authentication, now: Contract.now) == ceremony)
            }
        }
    }
}

/// `DatabaseStore` (Sources/PasskeyStore/Store.swift) beyond the protocols it combines: health, statement count, backup
/// and shutdown.
@Suite("Store contract: DatabaseStore", .serialized)
struct DatabaseStoreContractTests {
    static let requirements = ["health", "statementsExecuted", "backup(to:)", "shutdown()"]

    @Test("health is the one the store was opened with and reports the database answering", arguments: Backend.all)
    func health(_ backend: Backend) async throws {
        try await Contract.withDatabase(backend) { (location) async throws in
            let health = StoreHealth(logger: Contract.logger())
            let store = try await location.openStore(logger: Contract.logger(), health: health)
            do {
                _ = try await Contract.register(store)
                #expect(store.health === health)
                #expect(!store.health.isDown && store.health.unavailableCount == 0)
            } catch {
                try? await store.shutdown()
                throw error
            }
            try await store.shutdown()
        }
    }

    @Test("statementsExecuted grows with the statements the store runs", arguments: Backend.all)
    func statementsExecuted(_ backend: Backend) async throws {
        try await Contract.withStore(backend) { (store, _) async throws in
            let before = store.statementsExecuted
            let account = try await Contract.register(store)
            let registered = store.statementsExecuted
            #expect(registered > before)
            _ = try await store.user(handle: account.handle)
            #expect(store.statementsExecuted > registered)
        }
    }

    @Test("backup(to:) writes a consistent copy of an SQLite database; on PostgreSQL it refuses (pg_dump)", arguments: Backend.all)
    func backup(_ backend: Backend) async throws {
        try await Contract.withStore(backend) { (store, _) async throws in
            let account = try await Contract.register(store)
            let copy = TemporarySQLiteFile("passkeys-contract-backup")
            defer { copy.remove() }
            guard backend == .sqlite else {
                await #expect(throws: ConfigurationError.self) { try await store.backup(to: copy.path) }
                return
            }
            try await store.backup(to: copy.path)
            try await Contract.withInstance(.sqliteFile(copy.path)) { (restored) async throws in
                #expect(try await restored.user(handle: account.handle) == account.user)
                #expect(try await restored.credential(id: account.credential.id) == account.credential)
            }
        }
    }

    @Test("shutdown closes the store and loses nothing written: the database opened again has it", arguments: Backend.all)
    func shutdown(_ backend: Backend) async throws {
        try await Contract.withDatabase(backend) { (location) async throws in
            let store = try await location.openStore(logger: Contract.logger())
            let account: Contract.Account
            do { account = try await Contract.register(store) } catch {
                try? await store.shutdown()
                throw error
            }
            try await store.shutdown()
            try await Contract.withInstance(location) { (reopened) async throws in
                #expect(try await reopened.user(handle: account.handle) == account.user)
                #expect(try await reopened.session(tokenHash: account.session.tokenHash, now: Contract.now) == account.session)
            }
        }
    }
}
