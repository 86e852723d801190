import Foundation
import PasskeyCore
import PasskeyRelyingParty
import Synchronization
import Testing

/// The relying party's ceremonies through the typed API alone — no HTTP, no database — with a software
/// authenticator behind a real WebAuthn client.
@Suite("Typed relying-party API")
struct PasskeysCeremonyTests {
    /// Registers `name` and stores the result as an app would.
    func register(_ name: String, _ passkeys: Passkeys<TestAccounts>, _ client: TestClient) async throws -> RegisteredPasskey {
        // Discoverable, so the discoverable sign-ins below can find it.
        let start = try await passkeys.beginRegistration(
            for: NewPasskeyUser(name: name), authenticatorSelection: AuthenticatorSelectionCriteria(residentKey: .required))
        let registered = try await passkeys.finishRegistration(try await client.create(start.options))
        passkeys.accounts.store(registered)
        return registered
    }

    @Test("register, then sign in by username and discoverably: typed results carry the record, counter and owner")
    func registerAndSignIn() async throws {
        let passkeys = Passkeys(configuration: .test(), accounts: TestAccounts())
        let client = TestClient()
        let registered = try await register("ada", passkeys, client)
        #expect(registered.credential.userHandle == registered.ceremony.userHandle)
        let registeredCount = registered.credential.signCount
        #expect(registered.ceremony.username == "ada")

        let byName = try await passkeys.beginAuthentication(username: "ada")
        #expect(byName.options.allowCredentials.map(\.id) == [registered.credential.id])
        let signIn = try await passkeys.finishAuthentication(try await client.get(byName.options))
        #expect(signIn.user.name == "ada")
        #expect(signIn.credential.signCount == registeredCount + 1)
        #expect(signIn.credential.lastUsedAt != nil)
        passkeys.accounts.store(signIn)

        let discoverable = try await passkeys.beginAuthentication(username: nil)
        #expect(discoverable.options.allowCredentials.isEmpty)
        #expect(discoverable.ceremony.userHandle == nil)
        let second = try await passkeys.finishAuthentication(try await client.get(discoverable.options))
        #expect(second.user.handle == registered.credential.userHandle)
        #expect(second.credential.signCount == registeredCount + 2)
    }

    @Test("a challenge finishes once: the same response again, even concurrently, is unknownCeremony")
    func singleUse() async throws {
        let passkeys = Passkeys(configuration: .test(), accounts: TestAccounts())
        let client = TestClient()
        _ = try await register("grace", passkeys, client)
        let start = try await passkeys.beginAuthentication(username: "grace")
        let response = try await client.get(start.options)
        #expect(await successfulSignIns(finishing: response, times: 8, with: passkeys) == 1)
        #expect(await refusal { try await passkeys.finishAuthentication(response) }?.code == "unknownCeremony")
    }

    @Test("the caller may keep the ceremony itself, sealed: it survives Codable, and an expired or wrong-kind one is refused")
    func callerKeptCeremony() async throws {
        let clock = TestTime()
        var configuration = RelyingPartyConfiguration.test()
        configuration.clock = { clock.now }
        let passkeys = Passkeys(configuration: configuration, accounts: TestAccounts(), ceremonies: nil, sealingKey: .random())
        let client = TestClient()
        let start = try await passkeys.beginRegistration(for: NewPasskeyUser(name: "linus"))
        // What an app's session store would do with it.
        let sealed = try #require(start.sealedCeremony)
        let kept = try JSONDecoder().decode(SealedCeremony.self, from: JSONEncoder().encode(sealed))
        #expect(kept == sealed)
        let response = try await client.create(start.options)

        #expect(await refusal { try await passkeys.finishRegistration(response) }?.code == "unknownCeremony", "no store and no ceremony given")
        let signIn = try await passkeys.beginAuthentication(username: nil)
        #expect(await refusal { try await passkeys.finishRegistration(response, ceremony: signIn.sealedCeremony) }?.code == "unknownCeremony")

        let registered = try await passkeys.finishRegistration(response, ceremony: kept)
        #expect(registered.credential.userHandle == start.options.user.id)
        #expect(registered.ceremony == start.ceremony)

        let late = try await passkeys.beginRegistration(for: NewPasskeyUser(name: "linus"))
        let lateResponse = try await client.create(late.options)
        clock.advance(61)
        #expect(await refusal { try await passkeys.finishRegistration(lateResponse, ceremony: late.sealedCeremony) }?.code == "unknownCeremony")
    }

    @Test("a response to another ceremony's challenge is refused even with a kept ceremony")
    func challengeMismatch() async throws {
        let passkeys = Passkeys(configuration: .test(), accounts: TestAccounts(), ceremonies: nil, sealingKey: .random())
        let client = TestClient()
        let first = try await passkeys.beginRegistration(for: NewPasskeyUser(name: "ken"))
        let second = try await passkeys.beginRegistration(for: NewPasskeyUser(name: "ken"))
        let response = try await client.create(first.options)
        // The sealed ceremony is bound to its own challenge, so it does not open for this response at all.
        #expect(await refusal { try await passkeys.finishRegistration(response, ceremony: second.sealedCeremony) }?.code == "unknownCeremony")
        _ = try await passkeys.finishRegistration(response, ceremony: first.sealedCeremony)
    }

    @Test("the user-verification floor is the relying party's: a request may raise it, never lower it")
    func userVerificationFloor() async throws {
        let passkeys = Passkeys(configuration: .test(userVerification: .required), accounts: TestAccounts())
        let lowered = try await passkeys.beginRegistration(
            for: NewPasskeyUser(name: "barbara"),
            authenticatorSelection: AuthenticatorSelectionCriteria(residentKey: .required, userVerification: .discouraged))
        #expect(lowered.options.authenticatorSelection?.userVerification == .required)
        #expect(lowered.options.authenticatorSelection?.residentKey == .required)
        #expect(lowered.ceremony.requireUserVerification)
        let signIn = try await passkeys.beginAuthentication(username: nil, userVerification: .discouraged)
        #expect(signIn.options.userVerification == .required)
        #expect(signIn.ceremony.requireUserVerification)

        let relaxed = Passkeys(configuration: .test(userVerification: .discouraged), accounts: TestAccounts())
        let raised = try await relaxed.beginAuthentication(username: nil, userVerification: .required)
        #expect(raised.options.userVerification == .required)
        #expect(raised.ceremony.requireUserVerification)
        let unstated = try await relaxed.beginRegistration(for: NewPasskeyUser(name: "barbara"))
        #expect(unstated.options.authenticatorSelection == nil, "a default floor adds nothing to the options")
    }

    @Test("a sign-in begun for one user cannot be finished with another user's passkey; the answer hides why")
    func otherUsersPasskey() async throws {
        let passkeys = Passkeys(configuration: .test(), accounts: TestAccounts())
        let alice = TestClient()
        let mallory = TestClient()
        _ = try await register("alice", passkeys, alice)
        _ = try await register("mallory", passkeys, mallory)
        let forAlice = try await passkeys.beginAuthentication(username: "alice")
        // Mallory's authenticator answers Alice's options with Mallory's own (discoverable) passkey.
        var options = forAlice.options
        options.allowCredentials = []
        let error = await refusal { try await passkeys.finishAuthentication(try await mallory.get(options)) }
        #expect(error?.code == "unknownCredential")
        #expect(error?.reason == WebAuthnError.Code.credentialNotAllowed.rawValue)
        #expect(error?.message == Passkeys<TestAccounts>.unknownPasskeyMessage)
    }

    @Test("a name without an account gets stable stand-in options shaped like a real user's, and nothing can finish them")
    func unknownUsername() async throws {
        let secret = [UInt8](repeating: 7, count: 32)
        let passkeys = Passkeys(configuration: .test(), accounts: TestAccounts(), unknownUserSecret: { secret })
        let again = Passkeys(configuration: .test(), accounts: TestAccounts(), unknownUserSecret: { secret })
        let first = try await passkeys.beginAuthentication(username: "nobody")
        let second = try await again.beginAuthentication(username: "nobody")
        #expect(!first.options.allowCredentials.isEmpty)
        #expect(first.options.allowCredentials == second.options.allowCredentials, "another instance with the same secret answers alike")
        #expect(first.options.allowCredentials.allSatisfy { $0.transports == nil })
        #expect(first.ceremony.userHandle != nil)

        let client = TestClient()
        _ = try await register("somebody", passkeys, client)
        var options = first.options
        options.allowCredentials = []
        #expect(await refusal { try await passkeys.finishAuthentication(try await client.get(options)) }?.code == "unknownCredential")
    }

    @Test("excludeCredentials lists the account's passkeys, with transports, for the account's own registration")
    func excludeList() async throws {
        let passkeys = Passkeys(configuration: .test(), accounts: TestAccounts())
        let client = TestClient()
        let first = try await register("joan", passkeys, client)
        let user = TestUser(handle: first.credential.userHandle, name: "joan")
        let more = try await passkeys.beginRegistration(for: user, sessionHash: "session-hash")
        #expect(more.options.excludeCredentials.map(\.id) == [first.credential.id])
        #expect(more.ceremony.sessionHash == "session-hash")
        // The same authenticator declines to make a second credential for the account (§6.3.2 step 3).
        await #expect(throws: (any Error).self) { _ = try await client.create(more.options) }
    }

    @Test("a user handle outside 1...64 bytes is refused before any options are made (§5.4.3)")
    func userHandleLength() async throws {
        let passkeys = Passkeys(configuration: .test(), accounts: TestAccounts())
        for handle in [[UInt8](), [UInt8](repeating: 1, count: 65)] {
            #expect(
                await refusal { try await passkeys.beginRegistration(for: NewPasskeyUser(handle: handle, name: "x")) }?.code == "invalidUserHandle")
        }
    }
}

/// A clock the tests move by hand.
final class TestTime: Sendable {
    private let seconds = Mutex<Double>(1_800_000_000)
    var now: Date { Date(timeIntervalSince1970: seconds.withLock { $0 }) }
    func advance(_ by: Double) { seconds.withLock { $0 += by } }
}
