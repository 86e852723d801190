import Foundation
import PasskeyCore
import Testing

@testable import PasskeyServer
@testable import PasskeyStore

/// The race guarantees of the store protocols, with real concurrency (one task per call, all started at once): a
/// ceremony challenge, a recovery code, an authorization code and a refresh token are each used once, a recovery
/// session adds one passkey, and a sign counter only goes up.
@Suite("Store contract: race guarantees", .serialized)
struct StoreContractRaceTests {
    /// Concurrent calls per race: enough to interleave on SQLite's writer and PostgreSQL's pool, few enough to stay quick.
    static let callers = 16

    @Test(
        "CeremonyStore.take: of concurrent takes of one challenge, on one instance or several, exactly one gets the ceremony", arguments: Backend.all)
    func ceremonyTakenOnce(_ backend: Backend) async throws {
        try await Contract.withStore(backend) { (store, location) async throws in
            let begun = Contract.ceremony()
            try await store.ceremonies.insert(begun, now: Contract.now)
            /// Every caller takes through `stores[index % count]`.
            func race(_ stores: [any DatabaseStore]) async throws -> [PendingCeremony?] {
                try await Contract.concurrently(Self.callers) { index in
                    try await stores[index % stores.count].ceremonies.take(challenge: begun.challenge, kind: .authentication, now: Contract.now)
                }
            }
            var taken: [PendingCeremony?] = []
            if backend == .postgres {
                // Half the takes come from a second instance on the database.
                try await Contract.withInstance(location) { (other) async throws in taken = try await race([store, other]) }
            } else {
                taken = try await race([store])
            }
            #expect(taken.compactMap { $0 } == [begun], "exactly one take")
        }
    }

    @Test("useRecoveryCode: of concurrent uses of one code, exactly one succeeds and only its recovery session is stored", arguments: Backend.all)
    func recoveryCodeUsedOnce(_ backend: Backend) async throws {
        try await Contract.withStore(backend) { (store, _) async throws in
            let account = try await Contract.register(store, recoveryCodes: ["code", "spare"])
            let sessions = (0..<Self.callers).map { _ in Contract.session(for: account.handle, credential: nil, isRecovery: true) }
            let used = try await Contract.concurrently(Self.callers) { index in
                try await store.useRecoveryCode(userHandle: account.handle, hash: "code", session: sessions[index])
            }
            #expect(used.filter { $0 }.count == 1)
            let winner = try #require(used.firstIndex(of: true))
            #expect(try await store.sessions(userHandle: account.handle, now: Contract.now) == [sessions[winner]], "the winner's session alone")
            #expect(try await store.recoveryCodeCount(userHandle: account.handle) == 1)
        }
    }

    @Test("useAuthorizationCode: of concurrent redemptions of one code, exactly one is the first use, every other a replay", arguments: Backend.all)
    func authorizationCodeRedeemedOnce(_ backend: Backend) async throws {
        try await Contract.withStore(backend) { (store, _) async throws in
            let client = try await OpenIDStoreContractTests.registeredClient(store)
            let code = OpenIDStoreContractTests.code(for: client.id)
            try await store.insertAuthorizationCode(code)
            let outcomes = try await Contract.concurrently(Self.callers) { _ in
                try await store.useAuthorizationCode(hash: code.codeHash, now: Contract.now)
            }
            #expect(outcomes.filter { $0 == .first(code) }.count == 1)
            #expect(outcomes.filter { $0 == .replayed(code) }.count == Self.callers - 1)
        }
    }

    @Test("useRefreshToken: of concurrent uses of one token, exactly one is the first use; the replays revoke its family", arguments: Backend.all)
    func refreshTokenUsedOnce(_ backend: Backend) async throws {
        try await Contract.withStore(backend) { (store, _) async throws in
            let client = try await OpenIDStoreContractTests.registeredClient(store)
            let family = Contract.unique("family")
            let token = OpenIDStoreContractTests.refreshToken(for: client.id, family: family)
            let sibling = OpenIDStoreContractTests.refreshToken(for: client.id, family: family)
            try await OpenIDStoreContractTests.store(token, in: store)
            try await OpenIDStoreContractTests.store(sibling, in: store)
            let outcomes = try await Contract.concurrently(Self.callers) { _ in
                try await store.useRefreshToken(hash: token.tokenHash, now: Contract.now)
            }
            #expect(outcomes.filter { $0 == .first(token) }.count == 1)
            #expect(outcomes.filter { $0 == .replayed(token) }.count == Self.callers - 1)
            #expect(try await store.useRefreshToken(hash: sibling.tokenHash, now: Contract.now) == .replayed(sibling), "the family is revoked")
        }
    }

    @Test("finishRegistration on a recovery session: of concurrent registrations on it, exactly one passkey is stored", arguments: Backend.all)
    func recoverySessionAddsOnePasskey(_ backend: Backend) async throws {
        try await Contract.withStore(backend) { (store, _) async throws in
            let account = try await Contract.register(store, recoveryCodes: ["code"])
            let recovery = Contract.session(for: account.handle, credential: nil, isRecovery: true)
            #expect(try await store.useRecoveryCode(userHandle: account.handle, hash: "code", session: recovery))
            let credentials = (0..<Self.callers).map { _ in Contract.credential(for: account.handle) }
            let outcomes = try await Contract.concurrently(Self.callers) { index in
                try await store.finishRegistration(
                    newUser: nil, credential: credentials[index], session: Contract.session(for: account.handle, credential: credentials[index].id),
                    requiredSession: recovery.tokenHash, endsRequiredSession: true, recoveryCodeHashes: [], now: Contract.now)
            }
            #expect(outcomes.filter { $0 == .registered }.count == 1)
            #expect(outcomes.filter { $0 == .sessionEnded }.count == Self.callers - 1)
            let winner = try #require(outcomes.firstIndex(of: .registered))
            #expect(Set(try await store.credentials(userHandle: account.handle).map(\.id)) == [account.credential.id, credentials[winner].id])
            #expect(try await store.session(tokenHash: recovery.tokenHash, now: Contract.now) == nil)
        }
    }

    @Test(
        "recordSignIn: of concurrent sign-ins with different counters the stored counter is the highest; a lower one is refused with no session",
        arguments: Backend.all)
    func countersOnlyGoUp(_ backend: Backend) async throws {
        try await Contract.withStore(backend) { (store, _) async throws in
            let account = try await Contract.register(store)
            let id = account.credential.id
            let counters = (0..<Self.callers).map { UInt32(10 + $0) }.shuffled()
            let sessions = counters.map { _ in Contract.session(for: account.handle, credential: id) }
            let recorded = try await Contract.concurrently(Self.callers) { index in
                try await store.recordSignIn(
                    credentialID: id, signCount: counters[index], backupState: false, uvInitialized: false, at: Contract.now, session: sessions[index]
                )
            }
            let highest = try #require(counters.max())
            #expect(try await store.credential(id: id)?.signCount == highest, "the counter ends at the highest, never lower")
            let highestIndex = try #require(counters.firstIndex(of: highest))
            #expect(recorded[highestIndex], "nothing higher was stored before it")
            for (index, session) in sessions.enumerated() {
                let stored = try await store.session(tokenHash: session.tokenHash, now: Contract.now)
                #expect((stored != nil) == recorded[index], "a session exactly for each sign-in that won (counter \(counters[index]))")
            }
            let late = Contract.session(for: account.handle, credential: id)
            #expect(
                try await !store.recordSignIn(
                    credentialID: id, signCount: highest - 1, backupState: false, uvInitialized: false, at: Contract.now, session: late))
            #expect(try await store.session(tokenHash: late.tokenHash, now: Contract.now) == nil)
            #expect(try await store.credential(id: id)?.signCount == highest)
        }
    }
}
