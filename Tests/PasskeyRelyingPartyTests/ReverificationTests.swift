import Foundation
import PasskeyAuthenticator
import PasskeyCore
import PasskeyRelyingParty
import Synchronization
import Testing

/// Step-up in the typed API: a re-verification is a sign-in bound to the signed-in user and their session,
/// asking for the verification the account's passkeys can give, and it returns when it happened for the app
/// to gate its own actions.
@Suite("Step-up (re-verification) in the typed API")
struct ReverificationTests {
    @Test("begins bound to the user with UV required and only their passkeys; finishes with the verification time")
    func verifies() async throws {
        let (passkeys, ada, bob) = try await BoundSignInTests.adaAndBob()
        let start = try await passkeys.beginReverification(for: ada.1, session: "s1")
        #expect(start.ceremony.boundToUser && start.ceremony.requireUserVerification)
        #expect(start.options.userVerification == .required)
        #expect(start.options.allowCredentials.count == 1)
        let before = passkeys.configuration.nowMilliseconds
        let done = try await passkeys.finishReverification(try await ada.0.get(start.options), for: ada.1, session: "s1")
        #expect(done.signIn.user == ada.1 && done.verifiedAt >= before)
        #expect(passkeys.isRecentlyVerified(done.verifiedAt))

        // Bob's passkey cannot answer Ada's step-up; nor can a response to Ada's ordinary sign-in verify her session.
        let forAda = try await passkeys.beginReverification(for: ada.1, session: "s1")
        var anyPasskey = forAda.options
        anyPasskey.allowCredentials = [] // Bob's client answers with his own passkey
        #expect(
            await refusal { try await passkeys.finishReverification(try await bob.0.get(anyPasskey), for: ada.1, session: "s1") }?.code
                == "unknownCredential")
        let signIn = try await passkeys.beginAuthentication(username: "ada")
        #expect(
            await refusal { try await passkeys.finishReverification(try await ada.0.get(signIn.options), for: ada.1, session: "s1") }?.code
                == "ceremonyUserMismatch"
        )
        // A step-up's response does not sign anyone in.
        let stepUp = try await passkeys.beginReverification(for: ada.1, session: "s1")
        #expect(await refusal { try await passkeys.finishAuthentication(try await ada.0.get(stepUp.options)) }?.code == "ceremonyUserMismatch")
    }

    @Test("a step-up verifies only the session that began it (ceremonySessionMismatch for another)")
    func boundToTheSession() async throws {
        let (passkeys, ada, _) = try await BoundSignInTests.adaAndBob()
        let start = try await passkeys.beginReverification(for: ada.1, session: "laptop")
        #expect(start.ceremony.sessionHash == "laptop")
        let response = try await ada.0.get(start.options)
        #expect(await refusal { try await passkeys.finishReverification(response, for: ada.1, session: "thief") }?.code == "ceremonySessionMismatch")
        // The refusal used the ceremony up: the right session cannot finish it afterwards either.
        #expect(await refusal { try await passkeys.finishReverification(response, for: ada.1, session: "laptop") }?.code == "unknownCeremony")
    }

    @Test("an account whose passkey never did UV steps up without UV; a passkey that has shown UV must show it again")
    func askWhatThePasskeyCanGive() async throws {
        let passkeys = Passkeys(configuration: .test(), accounts: TestAccounts(), sealingKey: .random())
        // A security key without a PIN: UP only, at registration and ever after.
        let key = TestClient(userVerifier: NoUserVerification())
        let registered = try await PasskeysCeremonyTests().register("ada", passkeys, key)
        #expect(!registered.credential.uvInitialized && registered.countsAsVerification, "its registration counts: it has never shown UV")
        let ada = TestUser(handle: registered.credential.userHandle, name: "ada")
        let stepUp = try await passkeys.beginReverification(for: ada, session: "s")
        #expect(stepUp.options.userVerification == .preferred && stepUp.ceremony.userVerification == .preferred)
        let verified = try await passkeys.finishReverification(try await key.get(stepUp.options), for: ada, session: "s")
        #expect(!verified.signIn.verification.userVerified && verified.signIn.countsAsVerification)

        // A second passkey that verifies its user: the account now has one that has shown UV, so a step-up is asked
        // with `preferred` still (the key cannot give UV), but the phone's answer without UV does not count.
        let accounts = passkeys.accounts
        let phone = TestClient()
        let added = try await passkeys.beginRegistration(for: ada)
        let phoneRegistration = try await passkeys.finishRegistration(try await phone.create(added.options))
        accounts.store(phoneRegistration)
        #expect(phoneRegistration.credential.uvInitialized && phoneRegistration.countsAsVerification)
        let mixed = try await passkeys.beginReverification(for: ada, session: "s")
        #expect(mixed.options.userVerification == .preferred)
        var discouraged = mixed.options
        discouraged.userVerification = .discouraged // a client that skips UV when it may
        discouraged.allowCredentials = [PublicKeyCredentialDescriptorJSON(id: phoneRegistration.credential.id)]
        let phoneWithoutUV = try await phone.get(discouraged)
        #expect(await refusal { try await passkeys.finishReverification(phoneWithoutUV, for: ada, session: "s") }?.code == "userNotVerified")

        // Once the only passkeys left have shown UV, UV is required.
        accounts.remove(id: registered.credential.id)
        #expect(try await passkeys.beginReverification(for: ada, session: "s").options.userVerification == .required)
    }

    @Test("a sign-in counts as a verification with UV, or by a passkey that has never shown UV unless UV is required")
    func whatCountsAsAVerification() async throws {
        let accounts = TestAccounts()
        let passkeys = Passkeys(configuration: .test(), accounts: accounts, sealingKey: .random())
        let key = TestClient(userVerifier: NoUserVerification())
        let registered = try await PasskeysCeremonyTests().register("ada", passkeys, key)
        let keySignIn = try await passkeys.finishAuthentication(try await key.get(try await passkeys.beginAuthentication(username: "ada").options))
        #expect(keySignIn.countsAsVerification && !keySignIn.credential.uvInitialized)

        // The same passkey once it has shown UV (its record says so): a sign-in without UV no longer counts.
        var shown = registered.credential
        shown.uvInitialized = true
        #expect(!Passkeys<TestAccounts>.countsAsVerification(userVerified: false, uvInitialized: shown.uvInitialized, floor: .preferred))
        #expect(Passkeys<TestAccounts>.countsAsVerification(userVerified: true, uvInitialized: true, floor: .preferred))
        #expect(!Passkeys<TestAccounts>.countsAsVerification(userVerified: false, uvInitialized: false, floor: .required))
        // A first assertion with UV turns uvInitialized true, never back.
        let phone = TestClient()
        let phoneAccount = try await PasskeysCeremonyTests().register("bob", passkeys, phone)
        var bobRecord = phoneAccount.credential
        bobRecord.uvInitialized = false // as a record migrated from before uvInitialized was kept
        accounts.replace(bobRecord)
        let bobSignIn = try await passkeys.finishAuthentication(try await phone.get(try await passkeys.beginAuthentication(username: "bob").options))
        #expect(bobSignIn.verification.userVerified && bobSignIn.credential.uvInitialized && bobSignIn.countsAsVerification)
    }

    @Test("the window: a verification counts from its time for reverificationWindow, never from the future, never when absent")
    func window() throws {
        let now = ManualClock()
        var configuration = RelyingPartyConfiguration.test()
        configuration.clock = { now.read() }
        configuration.reverificationWindow = 60_000
        let passkeys = Passkeys(configuration: configuration, accounts: TestAccounts())
        let at = passkeys.configuration.nowMilliseconds
        #expect(passkeys.isRecentlyVerified(at))
        #expect(!passkeys.isRecentlyVerified(nil))
        #expect(!passkeys.isRecentlyVerified(at + 1), "a time after now is not a verification")
        now.advance(60)
        #expect(passkeys.isRecentlyVerified(at))
        now.advance(0.001)
        #expect(!passkeys.isRecentlyVerified(at))
        #expect(throws: RelyingPartyError.self) { try passkeys.requireRecentVerification(at) }
        do { try passkeys.requireRecentVerification(at) } catch { #expect(error.code == "reverificationRequired" && error.status == .forbidden) }
    }
}

/// A clock moved by hand.
final class ManualClock: Sendable {
    private let now = Mutex(Date(timeIntervalSince1970: 1_800_000_000))
    func read() -> Date { now.withLock { $0 } }
    func advance(_ seconds: TimeInterval) { now.withLock { $0 += seconds } }
}

@Suite("Recovery codes: generation, normalization, keyed hashing")
struct RecoveryCodeBuildingBlockTests {
    @Test("codes carry 80 bits in Crockford base32: 16 symbols, every symbol used, none repeated across 2000 codes")
    func generation() {
        let codes = RecoveryCodes.generate(count: 2000)
        #expect(Set(codes).count == 2000)
        let symbols = codes.flatMap { $0.replacingOccurrences(of: "-", with: "") }
        #expect(codes.allSatisfy { $0.count == 19 && $0.replacingOccurrences(of: "-", with: "").count == RecoveryCodes.length })
        #expect(Set(symbols) == Set("0123456789ABCDEFGHJKMNPQRSTVWXYZ"), "all 32 symbols appear: 5 bits each")
    }

    @Test("typed back: case, dashes and spaces ignored, O/I/L read as digits; anything else is not a code")
    func normalization() {
        #expect(RecoveryCodes.normalized("7k3m-q9xd 20fa-hz4t") == "7K3MQ9XD20FAHZ4T")
        #expect(RecoveryCodes.normalized("OIL0-0000-0000-0000") == "0110000000000000")
        for bad in [
            "", "7K3M-Q9XD-20FA-HZ4", "7K3M-Q9XD-20FA-HZ4TT", "7K3M-Q9XD-20FA-HZ4U", "7K3M-Q9XD-20FA-HZ4\u{0}",
            String(repeating: "-", count: 65) + "7K3MQ9XD20FAHZ4T",
        ] {
            #expect(RecoveryCodes.normalized(bad) == nil, "\(bad.debugDescription)")
        }
    }

    @Test("hashes are keyed: another key gives another hash; a match is found only for the right code, as typed in any form")
    func hashing() throws {
        let hasher = try RecoveryCodeHasher(key: Array(repeating: 1, count: 32))
        let other = try RecoveryCodeHasher(key: Array(repeating: 2, count: 32))
        let code = RecoveryCodes.generate(count: 1)[0]
        let hash = try #require(hasher.hash(code))
        #expect(hash != other.hash(code) && !hash.contains(code))
        let stored = RecoveryCodes.generate(count: 9).compactMap(hasher.hash) + [hash]
        #expect(hasher.match(code.lowercased(), among: stored) == hash)
        #expect(hasher.match(RecoveryCodes.generate(count: 1)[0], among: stored) == nil)
        #expect(other.match(code, among: stored) == nil, "the key matters")
        #expect(hasher.match("not a code", among: stored) == nil && hasher.match(code, among: []) == nil)
        #expect(throws: RelyingPartyError.self) { try RecoveryCodeHasher(key: Array(repeating: 1, count: 16)) }
    }

    @Test(
        "the stored hash is HMAC-SHA-256 over \"recovery-code\\0\" and the normalized code, as computed elsewhere; one hasher hashes many codes alike"
    )
    func knownAnswer() throws {
        // Stored hashes outlive releases: computed with Python's hmac module (key bytes 0…31), not by this code.
        let hasher = try RecoveryCodeHasher(key: Array(0..<32))
        for _ in 0..<3 {
            #expect(hasher.hash("7k3m-q9xd 20fa-hz4t") == "vP0SsQm2FAySRAsJ6ZyX3vaIYl0EquuX4nN-FvDLFio")
        }
        #expect(hasher.hash("7K3M-Q9XD-20FA-HZ4V") != hasher.hash("7K3M-Q9XD-20FA-HZ4T"))
    }

    @Test("issued codes come with the hashes hash(_:) gives for them as written, in order, and match as typed")
    func issuedHashes() throws {
        let hasher = try RecoveryCodeHasher(key: Array(0..<32))
        let (codes, hashes) = hasher.issue()
        #expect(codes.count == 10 && hashes.count == 10 && Set(codes).count == 10)
        #expect(codes.allSatisfy { $0.count == 19 && $0.split(separator: "-").map(\.count) == [4, 4, 4, 4] })
        #expect(codes.map(hasher.hash) == hashes.map(Optional.some))
        for (code, hash) in zip(codes, hashes) { #expect(hasher.match(code.lowercased(), among: hashes) == hash) }
        #expect(hasher.issue(count: 3).codes.count == 3 && hasher.issue(count: 0).codes.count == 1)
    }
}
