import PasskeyAuthenticator
import PasskeyRelyingParty
import Synchronization

/// An app's user, as an app would model one.
struct TestUser: PasskeyUser, Equatable {
    let handle: [UInt8]
    let name: String
    var passkeyUserHandle: [UInt8] { handle }
    var passkeyUserName: String { name }
    var passkeyDisplayName: String { name.capitalized }
}

/// An app's accounts in memory: what the typed API reads, and where the tests store what it returns.
final class TestAccounts: PasskeyAccounts {
    private struct Tables {
        var users: [TestUser] = []
        var credentials: [CredentialRecord] = []
    }

    private let tables = Mutex(Tables())
    /// How many times ``credential(id:)`` was asked.
    let credentialReads = Atomic<Int>(0)

    func user(named name: String) async throws -> TestUser? {
        // Compared by UsernameKey, as PasskeyAccounts asks.
        tables.withLock { $0.users.first { UsernameKey($0.name) == UsernameKey(name) } }
    }

    func credentials(userHandle: [UInt8]) async throws -> [CredentialRecord] {
        tables.withLock { $0.credentials.filter { $0.userHandle == userHandle } }
    }

    func credential(id: [UInt8]) async throws -> (credential: CredentialRecord, user: TestUser)? {
        credentialReads.add(1, ordering: .relaxed)
        return record(id: id)
    }

    /// The credential with this ID and its owner, read without counting.
    func record(id: [UInt8]) -> (credential: CredentialRecord, user: TestUser)? {
        tables.withLock { tables in
            guard let record = tables.credentials.first(where: { $0.id == id }),
                let user = tables.users.first(where: { $0.handle == record.userHandle })
            else { return nil }
            return (record, user)
        }
    }

    /// Stores a registration as an app would: the account if new, then the credential.
    func store(_ registered: RegisteredPasskey) {
        let ceremony = registered.ceremony
        tables.withLock { tables in
            if !tables.users.contains(where: { $0.handle == registered.credential.userHandle }) {
                tables.users.append(TestUser(handle: registered.credential.userHandle, name: ceremony.username ?? ""))
            }
            tables.credentials.append(registered.credential)
        }
    }

    /// Stores a sign-in's updated record.
    func store(_ signIn: VerifiedSignIn<TestUser>) {
        tables.withLock { tables in
            if let index = tables.credentials.firstIndex(where: { $0.id == signIn.credential.id }) { tables.credentials[index] = signIn.credential }
        }
    }

    func stored(id: [UInt8]) -> CredentialRecord? { tables.withLock { $0.credentials.first { $0.id == id } } }

    /// Replaces a stored credential's record, as a migration from an earlier schema might have left it.
    func replace(_ record: CredentialRecord) {
        tables.withLock { tables in
            if let index = tables.credentials.firstIndex(where: { $0.id == record.id }) { tables.credentials[index] = record }
        }
    }

    /// Removes a credential and keeps its account, as an app's own accounts may (a password account's last passkey).
    func remove(id: [UInt8]) { tables.withLock { $0.credentials.removeAll { $0.id == id } } }
}

/// A browser with a software authenticator, for the relying party under test.
struct TestClient {
    static let origin = "https://example.com"
    let client: WebAuthnClient

    /// A browser with a passkey provider whose user is verified (`AlwaysVerify`), or approves only (`NoUserVerification`:
    /// a security key without a PIN).
    init(userVerifier: any UserVerifier = AlwaysVerify()) {
        client = WebAuthnClient(origin: Self.origin, authenticator: SoftwareAuthenticator(userVerifier: userVerifier))
    }

    func create(_ options: PublicKeyCredentialCreationOptionsJSON) async throws -> [UInt8] {
        Array(JSONValue.object(try await client.create(options.json)).serialized().utf8)
    }

    func get(_ options: PublicKeyCredentialRequestOptionsJSON) async throws -> [UInt8] {
        Array(JSONValue.object(try await client.get(options.json)).serialized().utf8)
    }
}

extension RelyingPartyConfiguration {
    static func test(userVerification: UserVerificationRequirement = .preferred) -> RelyingPartyConfiguration {
        RelyingPartyConfiguration(
            rpID: "example.com", rpName: "Example", origins: [TestClient.origin], ceremonyTimeout: 60_000, userVerification: userVerification)
    }
}

/// The refusal `body` threw, or nil.
func refusal(_ body: () async throws -> some Any) async -> RelyingPartyError? {
    do {
        _ = try await body()
        return nil
    } catch let error as RelyingPartyError {
        return error
    } catch {
        return nil
    }
}

/// How many of `times` concurrent finishes of one sign-in response succeed.
func successfulSignIns(finishing response: [UInt8], times: Int, with passkeys: Passkeys<TestAccounts>) async -> Int {
    await withTaskGroup(of: Bool.self) { group in
        for _ in 0..<times { group.addTask { (try? await passkeys.finishAuthentication(response)) != nil } }
        return await group.reduce(into: 0) { $0 += $1 ? 1 : 0 }
    }
}
