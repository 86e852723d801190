import Foundation
import PasskeyCore
import PasskeyRelyingParty
import Synchronization
import Testing

/// A ceremony store that reads a sign-in's credential with its claim (one database round trip) is used
/// for it, and every rule of a sign-in holds as when the credential is read from the accounts afterwards.
@Suite("Ceremony stores that read the credential with the claim")
struct CredentialReadingStoreTests {
    /// Ceremonies in memory that read credentials from the same accounts, counting how they are claimed.
    final class ReadingCeremonies: CredentialReadingCeremonyStore {
        let pending = MemoryCeremonyStore()
        let accounts: TestAccounts
        let combinedClaims = Atomic<Int>(0)
        let plainClaims = Atomic<Int>(0)

        init(accounts: TestAccounts) { self.accounts = accounts }

        func insert(_ ceremony: PendingCeremony, now: Int64) async throws { try await pending.insert(ceremony, now: now) }

        func take(challenge: String, kind: PendingCeremony.Kind, now: Int64) async throws -> PendingCeremony? {
            plainClaims.add(1, ordering: .relaxed)
            return try await pending.take(challenge: challenge, kind: kind, now: now)
        }

        func takeAuthentication(challenge: String, credentialID: [UInt8], now: Int64) async throws -> ClaimedAuthentication<TestUser>? {
            combinedClaims.add(1, ordering: .relaxed)
            guard let ceremony = try await pending.take(challenge: challenge, kind: .authentication, now: now) else { return nil }
            return ClaimedAuthentication(ceremony: ceremony, credential: try await accounts.stored(credentialID: credentialID))
        }

        func removeAll(userHandle: [UInt8]) async throws { try await pending.removeAll(userHandle: userHandle) }
        func purgeExpired(now: Int64) async throws { try await pending.purgeExpired(now: now) }
    }

    static func relyingParty() -> (Passkeys<TestAccounts>, ReadingCeremonies) {
        let accounts = TestAccounts()
        let ceremonies = ReadingCeremonies(accounts: accounts)
        return (Passkeys(configuration: .test(), accounts: accounts, ceremonies: ceremonies, sealingKey: .random()), ceremonies)
    }

    @Test("a sign-in claims its ceremony and reads its credential in one call, and never asks the accounts")
    func oneCall() async throws {
        let (passkeys, ceremonies) = Self.relyingParty()
        let client = TestClient()
        let registered = try await PasskeysCeremonyTests().register("ada", passkeys, client)
        #expect(ceremonies.plainClaims.load(ordering: .relaxed) == 1, "a registration claims the plain way")
        // The registration read the accounts once, for §7.1 step 26; sign-ins through this store read them no more.
        let registrationReads = passkeys.accounts.credentialReads.load(ordering: .relaxed)
        #expect(registrationReads == 1)

        let start = try await passkeys.beginAuthentication(username: "ada")
        let signIn = try await passkeys.finishAuthentication(try await client.get(start.options))
        #expect(signIn.user.name == "ada")
        #expect(signIn.credential.signCount == registered.credential.signCount + 1)
        #expect(ceremonies.combinedClaims.load(ordering: .relaxed) == 1)
        #expect(ceremonies.plainClaims.load(ordering: .relaxed) == 1)
        #expect(passkeys.accounts.credentialReads.load(ordering: .relaxed) == registrationReads)

        // A ceremony the caller kept is still claimed from the store, the plain way; the credential comes from the accounts.
        let kept = try await passkeys.beginAuthentication(username: "ada")
        _ = try await passkeys.finishAuthentication(try await client.get(kept.options), ceremony: kept.sealedCeremony)
        #expect(ceremonies.combinedClaims.load(ordering: .relaxed) == 1)
        #expect(ceremonies.plainClaims.load(ordering: .relaxed) == 2)
        #expect(passkeys.accounts.credentialReads.load(ordering: .relaxed) == registrationReads + 1)
    }

    @Test("single use, another user's passkey, an unknown passkey and bad client data are refused as before")
    func rulesHold() async throws {
        let (passkeys, _) = Self.relyingParty()
        let alice = TestClient()
        let mallory = TestClient()
        _ = try await PasskeysCeremonyTests().register("alice", passkeys, alice)
        _ = try await PasskeysCeremonyTests().register("mallory", passkeys, mallory)
        // Each registration read the accounts once, for §7.1 step 26; sign-ins read none.
        let registrationReads = passkeys.accounts.credentialReads.load(ordering: .relaxed)

        // Eight concurrent finishes of one response: exactly one succeeds.
        let start = try await passkeys.beginAuthentication(username: "alice")
        let response = try await alice.get(start.options)
        #expect(await successfulSignIns(finishing: response, times: 8, with: passkeys) == 1)
        #expect(await refusal { try await passkeys.finishAuthentication(response) }?.code == "unknownCeremony")

        // Mallory answers a sign-in begun for Alice with Mallory's own passkey.
        var forAlice = try await passkeys.beginAuthentication(username: "alice").options
        forAlice.allowCredentials = []
        let stolen = await refusal { try await passkeys.finishAuthentication(try await mallory.get(forAlice)) }
        #expect(stolen?.code == "unknownCredential")
        #expect(stolen?.reason == WebAuthnError.Code.credentialNotAllowed.rawValue)

        // A passkey the relying party never stored (a client whose key was made elsewhere).
        let stranger = TestClient()
        _ = try await PasskeysCeremonyTests().register("stranger", Passkeys(configuration: .test(), accounts: TestAccounts()), stranger)
        let discoverable = try await passkeys.beginAuthentication(username: nil)
        let unknown = await refusal { try await passkeys.finishAuthentication(try await stranger.get(discoverable.options)) }
        #expect(unknown?.code == "unknownCredential")
        #expect(unknown?.reason == "unknownCredential")

        // Client data that fails §7.2 steps 8–18 (another origin, the challenge kept) gets the verifier's own
        // answer whatever the credential read with the claim: Alice's own, Mallory's on Alice's ceremony, or one never
        // stored. A stranger cannot tell stored IDs from unknown ones by it. The claim uses the challenge up.
        let cases: [(TestClient, String?)] = [(alice, "alice"), (mallory, "alice"), (stranger, nil)]
        for (client, username) in cases {
            var options = try await passkeys.beginAuthentication(username: username).options
            options.allowCredentials = []
            let moved = try Self.movingOrigin(of: try await client.get(options))
            #expect(await refusal { try await passkeys.finishAuthentication(moved) }?.code == WebAuthnError.Code.originMismatch.rawValue)
            #expect(await refusal { try await passkeys.finishAuthentication(moved) }?.code == "unknownCeremony")
        }
        #expect(passkeys.accounts.credentialReads.load(ordering: .relaxed) == registrationReads, "every credential came with its claim")

        // A registration's challenge answered as a sign-in claims nothing: the registration still finishes.
        let registration = try await passkeys.beginRegistration(for: NewPasskeyUser(name: "grace"))
        var crossed = try await passkeys.beginAuthentication(username: "alice").options
        crossed.challenge = registration.options.challenge
        #expect(await refusal { try await passkeys.finishAuthentication(try await alice.get(crossed)) }?.code == "unknownCeremony")
        #expect(try await passkeys.finishRegistration(try await TestClient().create(registration.options)).ceremony.username == "grace")
    }

    /// The response with its client data's origin replaced by another site's, the rest (the challenge) kept.
    static func movingOrigin(of response: [UInt8]) throws -> [UInt8] {
        var json = try JSONParser.parseObject(response)
        guard case .object(var inner)? = json["response"], case .string(let encoded)? = inner["clientDataJSON"] else {
            throw WebAuthnError(.malformedInput, "the response has no clientDataJSON")
        }
        let clientData = String(decoding: try Base64URL.decode(encoded), as: UTF8.self)
        let moved = clientData.replacingOccurrences(of: TestClient.origin, with: "https://evil.example")
        #expect(moved != clientData)
        inner["clientDataJSON"] = .string(Base64URL.encode(Array(moved.utf8)))
        json["response"] = .object(inner)
        return Array(JSONValue.object(json).serialized().utf8)
    }
}

extension TestAccounts {
    /// The credential and its owner as the store reads them: not counted as the relying party asking the accounts.
    func stored(credentialID: [UInt8]) async throws -> (credential: CredentialRecord, user: TestUser)? {
        record(id: credentialID)
    }
}
