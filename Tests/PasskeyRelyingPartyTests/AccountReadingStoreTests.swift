import PasskeyCore
import PasskeyRelyingParty
import Synchronization
import Testing

/// A ceremony store that reads a sign-in's account as it stores the ceremony (one database round trip) is
/// used for sign-ins begun by name; the options, the ceremony handed back and the sealed ceremony are what the plain
/// path gives, and a sign-in finished with the sealed ceremony names the account.
@Suite("Ceremony stores that read the account as they store a sign-in")
struct AccountReadingStoreTests {
    /// Ceremonies in memory that read the same accounts, storing each sign-in with the account's handle when the
    /// account has a credential and with the stand-in's otherwise, as the protocol asks.
    final class ReadingCeremonies: AccountReadingCeremonyStore {
        let pending = MemoryCeremonyStore()
        let accounts: TestAccounts
        let combinedInserts = Atomic<Int>(0)
        let plainInserts = Atomic<Int>(0)

        init(accounts: TestAccounts) { self.accounts = accounts }

        func insert(_ ceremony: PendingCeremony, now: Int64) async throws {
            plainInserts.add(1, ordering: .relaxed)
            try await pending.insert(ceremony, now: now)
        }

        func insertAuthentication(
            _ ceremony: PendingCeremony, readingAccountNamed name: String, key: UsernameKey, now: Int64
        ) async throws
            -> (user: TestUser, credentials: [CredentialRecord])?
        {
            combinedInserts.add(1, ordering: .relaxed)
            let read = try await accounts.userWithCredentials(named: name)
            let handle = read.flatMap { $0.credentials.isEmpty ? nil : $0.user.handle } ?? ceremony.userHandle
            try await pending.insert(
                PendingCeremony(
                    challenge: ceremony.challenge, kind: ceremony.kind, userHandle: handle, username: ceremony.username,
                    displayName: ceremony.displayName,
                    userVerification: ceremony.userVerification, expiresAt: ceremony.expiresAt, sessionHash: ceremony.sessionHash,
                    boundToUser: ceremony.boundToUser, conditional: ceremony.conditional),
                now: now)
            return read
        }

        func take(challenge: String, kind: PendingCeremony.Kind, now: Int64) async throws -> PendingCeremony? {
            try await pending.take(challenge: challenge, kind: kind, now: now)
        }

        func removeAll(userHandle: [UInt8]) async throws { try await pending.removeAll(userHandle: userHandle) }
        func purgeExpired(now: Int64) async throws { try await pending.purgeExpired(now: now) }
    }

    static let secret: [UInt8] = Array(repeating: 7, count: 32)

    @Test(
        "a sign-in by name reads the account with the ceremony's insert; the ceremony and the sealed one name the account, and finishing with the sealed one signs in"
    )
    func namesTheAccount() async throws {
        let accounts = TestAccounts()
        let ceremonies = ReadingCeremonies(accounts: accounts)
        let passkeys = Passkeys(
            configuration: .test(), accounts: accounts, ceremonies: ceremonies, unknownUserSecret: { Self.secret }, sealingKey: .random())
        let client = TestClient()
        let registered = try await PasskeysCeremonyTests().register("ada", passkeys, client)
        let plainBefore = ceremonies.plainInserts.load(ordering: .relaxed)

        for spelling in ["ada", "ADA"] {
            let start = try await passkeys.beginAuthentication(username: spelling)
            #expect(start.options.allowCredentials.map(\.id) == [registered.credential.id], "\(spelling)")
            #expect(start.ceremony.userHandle == registered.credential.userHandle, "\(spelling): the ceremony handed back names the account")
            // The sealed ceremony is what a finish with it judges by: a stand-in handle in it would refuse Ada's passkey.
            let signIn = try await passkeys.finishAuthentication(try await client.get(start.options), ceremony: start.sealedCeremony)
            #expect(signIn.user.handle == registered.credential.userHandle)
            accounts.store(signIn)
        }
        #expect(ceremonies.combinedInserts.load(ordering: .relaxed) == 2)
        #expect(ceremonies.plainInserts.load(ordering: .relaxed) == plainBefore, "no sign-in by name took the two-step path")
    }

    @Test("a name without an account, and an account without a passkey, get the options and stand-in handle the plain path gives")
    func standInsAsBefore() async throws {
        let accounts = TestAccounts()
        let reading = Passkeys(
            configuration: .test(), accounts: accounts, ceremonies: ReadingCeremonies(accounts: accounts), unknownUserSecret: { Self.secret },
            sealingKey: .random())
        let plain = Passkeys(configuration: .test(), accounts: accounts, ceremonies: MemoryCeremonyStore(), unknownUserSecret: { Self.secret })
        // An account whose only passkey was removed.
        let registered = try await PasskeysCeremonyTests().register("grace", plain, TestClient())
        accounts.remove(id: registered.credential.id)

        for name in ["nobody", "NOBODY", "grace"] {
            let viaStore = try await reading.beginAuthentication(username: name)
            let viaAccounts = try await plain.beginAuthentication(username: name)
            #expect(viaStore.options.allowCredentials.map(\.id) == viaAccounts.options.allowCredentials.map(\.id), "\(name)")
            #expect(!viaStore.options.allowCredentials.isEmpty)
            #expect(viaStore.ceremony.userHandle == viaAccounts.ceremony.userHandle, "\(name)")
            #expect(viaStore.ceremony.userHandle != registered.credential.userHandle, "\(name): a stand-in, never the account's")
        }
    }
}
