import Foundation
import PasskeyCore
import Testing

@testable import PasskeyRelyingParty

/// A ceremony the caller keeps cannot be edited, forged, swapped or replayed, and passing
/// one back never skips a store's single use.
@Suite("Ceremonies kept by the caller are sealed and single use")
struct SealedCeremonyTests {
    /// A relying party whose callers keep their ceremonies, on a clock the test moves.
    static func callerKeeping(
        capacity: Int = 250_000, userVerification: UserVerificationRequirement = .preferred
    ) -> (Passkeys<TestAccounts>, TestTime) {
        let clock = TestTime()
        var configuration = RelyingPartyConfiguration.test(userVerification: userVerification)
        configuration.clock = { clock.now }
        let passkeys = Passkeys(
            configuration: configuration, accounts: TestAccounts(), ceremonies: nil, sealingKey: .random(), usedSealedCeremonyCapacity: capacity)
        return (passkeys, clock)
    }

    @Test("an edited ceremony (the victim's handle, user verification off, a later expiry) does not open: unknownCeremony")
    func editedCeremony() async throws {
        let (passkeys, _) = Self.callerKeeping(userVerification: .required)
        let client = TestClient()
        let start = try await passkeys.beginRegistration(for: NewPasskeyUser(name: "mallory"))
        let response = try await client.create(start.options)
        let victim = [UInt8](repeating: 0xAD, count: 32)
        let edited = PendingCeremony(
            challenge: start.ceremony.challenge, kind: .registration, userHandle: victim, username: "ada", displayName: "Ada",
            userVerification: .preferred, expiresAt: .max)

        // The attack: the ceremony's members as the app would have kept them, edited, passed back.
        let unsealed = SealedCeremony(Base64URL.encode(Array(try JSONEncoder().encode(edited))))
        // The same edit sealed under a key the attacker chose.
        let otherKey = try CeremonySealingKey.random().seal(edited)
        // A changed byte in the real sealed ceremony.
        var bytes = try Base64URL.decode(try #require(start.sealedCeremony).text)
        bytes[bytes.count / 2] ^= 0x01
        let flipped = SealedCeremony(Base64URL.encode(bytes))
        for forged in [unsealed, otherKey, flipped, SealedCeremony(""), SealedCeremony(String(repeating: "A", count: 100_000))] {
            #expect(await refusal { try await passkeys.finishRegistration(response, ceremony: forged) }?.code == "unknownCeremony")
        }
        // The real one still finishes, for the handle it was begun for.
        let registered = try await passkeys.finishRegistration(response, ceremony: start.sealedCeremony)
        #expect(registered.credential.userHandle == start.options.user.id)
        #expect(registered.ceremony.requireUserVerification)
    }

    @Test("a sealed ceremony is bound to its kind: a sign-in's sealed ceremony does not open as a registration's")
    func kindIsBound() async throws {
        let (passkeys, _) = Self.callerKeeping()
        let sealed = try #require(try await passkeys.beginAuthentication(username: nil).sealedCeremony)
        let key = CeremonySealingKey.random()
        let ceremony = PendingCeremony(
            challenge: Base64URL.encode(SecureRandom.bytes(32)), kind: .authentication, userHandle: nil, username: nil, displayName: nil,
            userVerification: .preferred, expiresAt: .max)
        #expect(key.open(try key.seal(ceremony), kind: .authentication, challenge: ceremony.challenge) == ceremony)
        #expect(key.open(try key.seal(ceremony), kind: .registration, challenge: ceremony.challenge) == nil)
        #expect(key.open(sealed, kind: .authentication, challenge: ceremony.challenge) == nil, "another key's")
    }

    @Test("a sealed ceremony finishes once without a store: again, or eight at once, is unknownCeremony")
    func replayWithoutStore() async throws {
        let (passkeys, _) = Self.callerKeeping()
        let client = TestClient()
        let registration = try await passkeys.beginRegistration(
            for: NewPasskeyUser(name: "grace"), authenticatorSelection: AuthenticatorSelectionCriteria(residentKey: .required))
        let created = try await client.create(registration.options)
        passkeys.accounts.store(try await passkeys.finishRegistration(created, ceremony: registration.sealedCeremony))
        #expect(await refusal { try await passkeys.finishRegistration(created, ceremony: registration.sealedCeremony) }?.code == "unknownCeremony")

        let start = try await passkeys.beginAuthentication(username: "grace")
        let response = try await client.get(start.options)
        let successes = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<8 { group.addTask { (try? await passkeys.finishAuthentication(response, ceremony: start.sealedCeremony)) != nil } }
            return await group.reduce(into: 0) { $0 += $1 ? 1 : 0 }
        }
        #expect(successes == 1)
        #expect(await refusal { try await passkeys.finishAuthentication(response, ceremony: start.sealedCeremony) }?.code == "unknownCeremony")
    }

    @Test("with a store, a passed sealed ceremony is still claimed from it: the response finishes once either way")
    func replayWithStore() async throws {
        let passkeys = Passkeys(configuration: .test(), accounts: TestAccounts(), sealingKey: .random())
        let client = TestClient()
        _ = try await PasskeysCeremonyTests().register("ada", passkeys, client)
        let start = try await passkeys.beginAuthentication(username: "ada")
        let response = try await client.get(start.options)
        _ = try await passkeys.finishAuthentication(response, ceremony: start.sealedCeremony)
        #expect(await refusal { try await passkeys.finishAuthentication(response, ceremony: start.sealedCeremony) }?.code == "unknownCeremony")
        #expect(await refusal { try await passkeys.finishAuthentication(response) }?.code == "unknownCeremony")

        // The other order: claimed from the store by its challenge first, then passed back sealed.
        let again = try await passkeys.beginAuthentication(username: "ada")
        let second = try await client.get(again.options)
        _ = try await passkeys.finishAuthentication(second)
        #expect(await refusal { try await passkeys.finishAuthentication(second, ceremony: again.sealedCeremony) }?.code == "unknownCeremony")
    }

    @Test("expiry is read from the sealed content: a kept ceremony past its time is unknownCeremony")
    func expiry() async throws {
        let (passkeys, clock) = Self.callerKeeping()
        let client = TestClient()
        let start = try await passkeys.beginRegistration(for: NewPasskeyUser(name: "ken"))
        let response = try await client.create(start.options)
        clock.advance(60.001)
        #expect(await refusal { try await passkeys.finishRegistration(response, ceremony: start.sealedCeremony) }?.code == "unknownCeremony")
    }

    @Test("without a sealing key none is handed out or accepted (ceremonySealingKeyMissing), and a keyless, storeless relying party begins nothing")
    func keyRequired() async throws {
        let passkeys = Passkeys(configuration: .test(), accounts: TestAccounts())
        let client = TestClient()
        let start = try await passkeys.beginRegistration(for: NewPasskeyUser(name: "joan"))
        #expect(start.sealedCeremony == nil)
        let forged = try CeremonySealingKey.random().seal(start.ceremony)
        let response = try await client.create(start.options)
        #expect(await refusal { try await passkeys.finishRegistration(response, ceremony: forged) }?.code == "ceremonySealingKeyMissing")
        _ = try await passkeys.finishRegistration(response)

        let storeless = Passkeys(configuration: .test(), accounts: TestAccounts(), ceremonies: nil)
        #expect(await refusal { try await storeless.beginAuthentication(username: nil) }?.code == "ceremonySealingKeyMissing")
        #expect(await refusal { try await storeless.beginRegistration(for: NewPasskeyUser(name: "joan")) }?.code == "ceremonySealingKeyMissing")
    }

    @Test("the used-ceremony memory is bounded: when full of unexpired entries a finish is refused (503), never forgotten")
    func boundedMemory() async throws {
        let (passkeys, clock) = Self.callerKeeping(capacity: 1)
        let client = TestClient()
        let first = try await passkeys.beginRegistration(for: NewPasskeyUser(name: "a"))
        clock.advance(30)
        let second = try await passkeys.beginRegistration(for: NewPasskeyUser(name: "b"))
        let firstResponse = try await client.create(first.options)
        let secondResponse = try await client.create(second.options)
        _ = try await passkeys.finishRegistration(firstResponse, ceremony: first.sealedCeremony)
        await #expect(throws: StoreUnavailable.self) { _ = try await passkeys.finishRegistration(secondResponse, ceremony: second.sealedCeremony) }
        #expect(passkeys.usedChallenges.count == 1)
        // Once the first has expired it is swept, and the second finishes, once.
        clock.advance(31)
        _ = try await passkeys.finishRegistration(secondResponse, ceremony: second.sealedCeremony)
        #expect(await refusal { try await passkeys.finishRegistration(secondResponse, ceremony: second.sealedCeremony) }?.code == "unknownCeremony")
    }
}
