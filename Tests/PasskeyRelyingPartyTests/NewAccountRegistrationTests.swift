import Foundation
import PasskeyCore
import PasskeyRelyingParty
import Synchronization
import Testing

/// `beginRegistration(forNewAccount:)` begins a sign-up only for a free name, checking it in one step
/// with a ``NameCheckingCeremonyStore`` and through the accounts otherwise, with the same answers either way.
@Suite("Beginning a registration for a new account")
struct NewAccountRegistrationTests {
    /// Ceremonies in memory that check names against the same accounts, counting how they are stored.
    final class NameCheckingCeremonies: NameCheckingCeremonyStore {
        let pending = MemoryCeremonyStore()
        let accounts: TestAccounts
        let checkedInserts = Atomic<Int>(0)

        init(accounts: TestAccounts) { self.accounts = accounts }

        func insert(_ ceremony: PendingCeremony, now: Int64) async throws { try await pending.insert(ceremony, now: now) }

        func insertIfNameFree(_ ceremony: PendingCeremony, name: String, key: UsernameKey, now: Int64) async throws -> Bool {
            checkedInserts.add(1, ordering: .relaxed)
            guard try await accounts.user(named: name) == nil else { return false }
            try await pending.insert(ceremony, now: now)
            return true
        }

        func take(challenge: String, kind: PendingCeremony.Kind, now: Int64) async throws -> PendingCeremony? {
            try await pending.take(challenge: challenge, kind: kind, now: now)
        }

        func removeAll(userHandle: [UInt8]) async throws { try await pending.removeAll(userHandle: userHandle) }
        func purgeExpired(now: Int64) async throws { try await pending.purgeExpired(now: now) }
    }

    @Test("taken names (exact, other case, a Cyrillic look-alike) begin nothing; a free name begins and finishes", arguments: [false, true])
    func takenAndFree(nameCheckingStore: Bool) async throws {
        let accounts = TestAccounts()
        let checking = NameCheckingCeremonies(accounts: accounts)
        let passkeys =
            nameCheckingStore
            ? Passkeys(configuration: .test(), accounts: accounts, ceremonies: checking)
            : Passkeys(configuration: .test(), accounts: accounts)
        let client = TestClient()
        _ = try await PasskeysCeremonyTests().register("ada", passkeys, client)

        for taken in ["ada", "ADA", "\u{0430}da"] {
            let start = try await passkeys.beginRegistration(forNewAccount: NewPasskeyUser(name: taken))
            #expect(start == nil, "\(taken) is taken")
        }
        let start = try #require(try await passkeys.beginRegistration(forNewAccount: NewPasskeyUser(name: "grace", displayName: "Grace H.")))
        #expect(start.options.user.name == "grace" && start.options.user.displayName == "Grace H." && start.options.excludeCredentials.isEmpty)
        let registered = try await passkeys.finishRegistration(try await client.create(start.options))
        #expect(registered.ceremony.username == "grace")
        #expect(checking.checkedInserts.load(ordering: .relaxed) == (nameCheckingStore ? 4 : 0), "the store checks the name when it can")
    }
}
