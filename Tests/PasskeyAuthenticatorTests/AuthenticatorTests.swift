import Crypto
import Foundation
import PasskeyAuthenticator
import PasskeyCore
import Testing

@Suite("Software authenticator (CTAP2 semantics)")
struct AuthenticatorTests {
    func makeRequest(
        rpID: String = "example.com", user: [UInt8] = [1, 2, 3], exclude: [[UInt8]] = [], resident: Bool = true,
        uv: UserVerificationRequirement = .preferred, algorithms: [COSEAlgorithm] = [.es256]
    ) -> MakeCredentialRequest {
        MakeCredentialRequest(
            clientDataHash: Array(repeating: 7, count: 32), rpID: rpID, userHandle: user, userName: "ada", userDisplayName: "Ada",
            algorithms: algorithms, excludeList: exclude, residentKey: resident, userVerification: uv)
    }

    @Test("makeCredential stores the credential; getAssertion finds it, signs, and advances the stored counter")
    func makeAndGet() async throws {
        let store = InMemoryCredentialStore()
        let authenticator = SoftwareAuthenticator(store: store)
        let made = try await authenticator.authenticatorMakeCredential(makeRequest())
        #expect(await store.credentials(rpID: "example.com").count == 1)
        let assertion = try await authenticator.authenticatorGetAssertion(
            GetAssertionRequest(clientDataHash: Array(repeating: 9, count: 32), rpID: "example.com"))
        #expect(assertion.credential.id == made.credential.id)
        #expect(await store.credential(id: made.credential.id)?.signCount == 2)
        let key = try CredentialPublicKey(coseBytes: made.credential.privateKey.coseKey())
        #expect(key.isValidSignature(assertion.signature, over: assertion.authenticatorData + Array(repeating: 9, count: 32)))
    }

    @Test("the first supported algorithm is used; none supported is NotSupported", arguments: [COSEAlgorithm.edDSA, .rs256])
    func algorithms(_ alg: COSEAlgorithm) async throws {
        let authenticator = SoftwareAuthenticator()
        let made = try await authenticator.authenticatorMakeCredential(makeRequest(algorithms: [.es384, alg, .es256]))
        #expect(made.credential.privateKey.algorithm == alg)
        await #expect(throws: AuthenticatorError.self) { try await authenticator.authenticatorMakeCredential(makeRequest(algorithms: [.es384])) }
    }

    @Test("an excluded credential refuses the registration")
    func excluded() async throws {
        let authenticator = SoftwareAuthenticator()
        let made = try await authenticator.authenticatorMakeCredential(makeRequest())
        do {
            _ = try await authenticator.authenticatorMakeCredential(makeRequest(exclude: [made.credential.id]))
            Issue.record("expected credentialExcluded")
        } catch {
            #expect(error.code == .credentialExcluded)
        }
    }

    @Test("user verification: refused, unavailable when required, and reported in the UV flag")
    func userVerification() async throws {
        let refusing = SoftwareAuthenticator(userVerifier: NeverVerify())
        await #expect(throws: AuthenticatorError.self) { try await refusing.authenticatorMakeCredential(makeRequest()) }
        let cannot = SoftwareAuthenticator(userVerifier: NoUserVerification())
        do {
            _ = try await cannot.authenticatorMakeCredential(makeRequest(uv: .required))
            Issue.record("expected userVerificationUnavailable")
        } catch {
            #expect(error.code == .userVerificationUnavailable)
        }
        let presenceOnly = try await cannot.authenticatorMakeCredential(makeRequest(uv: .preferred))
        let flags = try AttestationObject(bytes: presenceOnly.attestationObject).authenticatorData.flags
        #expect(flags.contains(.userPresent) && !flags.contains(.userVerified))
        let discouraged = try await SoftwareAuthenticator().authenticatorMakeCredential(makeRequest(uv: .discouraged))
        #expect(!(try AttestationObject(bytes: discouraged.attestationObject).authenticatorData.userVerified))
    }

    @Test("non-discoverable credentials are used only when allowed by ID; no match is noCredentials")
    func discoverability() async throws {
        let authenticator = SoftwareAuthenticator()
        let made = try await authenticator.authenticatorMakeCredential(makeRequest(resident: false))
        do {
            _ = try await authenticator.authenticatorGetAssertion(
                GetAssertionRequest(clientDataHash: Array(repeating: 1, count: 32), rpID: "example.com"))
            Issue.record("expected noCredentials")
        } catch {
            #expect(error.code == .noCredentials)
        }
        let allowed = try await authenticator.authenticatorGetAssertion(
            GetAssertionRequest(clientDataHash: Array(repeating: 1, count: 32), rpID: "example.com", allowList: [made.credential.id]))
        #expect(allowed.credential.id == made.credential.id)
        await #expect(throws: AuthenticatorError.self) {
            try await authenticator.authenticatorGetAssertion(
                GetAssertionRequest(clientDataHash: Array(repeating: 1, count: 32), rpID: "other.com", allowList: [made.credential.id]))
        }
    }

    @Test("a new discoverable credential replaces the old one for the same RP and user")
    func replacesResidentKey() async throws {
        let store = InMemoryCredentialStore()
        let authenticator = SoftwareAuthenticator(store: store)
        _ = try await authenticator.authenticatorMakeCredential(makeRequest())
        let second = try await authenticator.authenticatorMakeCredential(makeRequest())
        let all = await store.credentials(rpID: "example.com")
        #expect(all.map(\.id) == [second.credential.id])
    }

    @Test("a constant-zero counter, as synced passkeys keep")
    func zeroCounter() async throws {
        let authenticator = SoftwareAuthenticator(usesSignCounter: false, backedUp: true)
        _ = try await authenticator.authenticatorMakeCredential(makeRequest())
        let assertion = try await authenticator.authenticatorGetAssertion(
            GetAssertionRequest(clientDataHash: Array(repeating: 1, count: 32), rpID: "example.com"))
        let data = try AuthenticatorData(bytes: assertion.authenticatorData)
        #expect(data.signCount == 0 && data.backupEligible && data.backupState)
    }
}

@Suite("File credential store")
struct FileStoreTests {
    func temporaryPath() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("passkeys-store-\(UUID().uuidString)/nested/credentials.json").path
    }

    func credential(_ alg: COSEAlgorithm = .es256, rpID: String = "example.com") throws -> SoftwareCredential {
        SoftwareCredential(
            id: Array(SystemRandomNumberGenerator.randomBytes(16)), rpID: rpID, userHandle: [1, 2], userName: "ada",
            privateKey: try CredentialPrivateKey.generate(alg), signCount: 3)
    }

    @Test("round-trips every key type, with owner-only permissions on the file and its folder")
    func roundTrip() async throws {
        let path = temporaryPath()
        let store = FileCredentialStore(path: path)
        let credentials = try [credential(.es256), credential(.edDSA), credential(.rs256, rpID: "other.com")]
        for c in credentials { try await store.save(c) }
        let reopened = FileCredentialStore(path: path)
        let loaded = try await reopened.allCredentials()
        #expect(loaded.map(\.id) == credentials.map(\.id))
        #expect(try loaded.map { try $0.privateKey.coseKey() } == credentials.map { try $0.privateKey.coseKey() })
        #expect(try await reopened.credentials(rpID: "other.com").count == 1)
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let folder = try FileManager.default.attributesOfItem(atPath: (path as NSString).deletingLastPathComponent)
        #expect((folder[.posixPermissions] as? Int) == 0o700)
        #expect(try await reopened.delete(id: credentials[0].id))
        #expect(!(try await reopened.delete(id: credentials[0].id)))
        #expect(try await reopened.allCredentials().count == 2)
    }

    @Test("concurrent writers from separate store instances lose nothing")
    func concurrentWriters() async throws {
        let path = temporaryPath()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    let store = FileCredentialStore(path: path)
                    for _ in 0..<10 { try await store.save(try credential()) }
                }
            }
            try await group.waitForAll()
        }
        #expect(try await FileCredentialStore(path: path).allCredentials().count == 40)
    }

    @Test("a damaged file is reported, not silently emptied")
    func damaged() async throws {
        let path = temporaryPath()
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try "{not json".write(toFile: path, atomically: true, encoding: .utf8)
        await #expect(throws: StoreError.self) { try await FileCredentialStore(path: path).allCredentials() }
    }
}

extension SystemRandomNumberGenerator {
    static func randomBytes(_ count: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
    }
}
