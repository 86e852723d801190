import Foundation
import JWTKit
import Logging
import PasskeyCore
import Synchronization
import Testing

@testable import PasskeyServer
@testable import PasskeyStore

/// A clock in milliseconds the tests move by hand.
final class MillisecondClock: Sendable {
    private let now = Mutex<Int64>(1_800_000_000_000)
    var read: @Sendable () -> Int64 { { self.now.withLock { $0 } } }
    func advance(seconds: Int64) { now.withLock { $0 += seconds * 1000 } }
}

@Suite("Signing keys: storage, rotation, encryption at rest")
struct SigningKeyTests {
    static let hour: Int64 = 3600
    static let kek = try! KeyEncryptionKey(bytes: Array(repeating: 7, count: 32))

    static func kids(_ jwks: [UInt8]) throws -> [String] {
        try JSONParser.parseObject(jwks)["keys"]?.arrayValue?.compactMap { $0.objectValue?["kid"]?.stringValue } ?? []
    }

    @Test("the next key is published a rotation period before it signs; a retired key stays until its tokens have expired")
    func rotationSchedule() async throws {
        let store = try await SQLiteStore.open(path: nil, logger: Logger(label: "test"), health: StoreHealth(logger: Logger(label: "test")))
        let clock = MillisecondClock()
        let ring = SigningKeyRing(
            store: store, sealer: SecretSealer(key: nil), schedule: SigningKeySchedule(rotationSeconds: Self.hour), clock: clock.read)
        try await ring.refresh()
        let first = try Self.kids(ring.jwks)
        #expect(first.count == 2, "the signing key and its successor, published at once")
        #expect(ring.keySet.signer(at: clock.read())?.kid == first[0])

        // Half-way: nothing changes.
        clock.advance(seconds: Self.hour / 2)
        try await ring.refresh()
        #expect(try Self.kids(ring.jwks) == first)

        // The successor signs from the end of the first period, with no refresh needed (it is in memory already)…
        clock.advance(seconds: Self.hour / 2)
        #expect(ring.keySet.signer(at: clock.read())?.kid == first[1])
        // …and a refresh publishes its own successor, keeping the retired key.
        try await ring.refresh()
        let second = try Self.kids(ring.jwks)
        #expect(second.count == 3 && Array(second.prefix(2)) == first)

        // The retired key stays until a token it signed at its last moment has expired (1 day + 5 min at most).
        clock.advance(seconds: SigningKeySchedule.retention / 1000 - 60)
        try await ring.refresh()
        #expect(try Self.kids(ring.jwks).contains(first[0]))
        clock.advance(seconds: 120)
        try await ring.refresh()
        #expect(try Self.kids(ring.jwks).contains(first[0]) == false, "gone once its last token expired")
        #expect(try await store.signingKeys(algorithm: "ES256").contains { $0.kid == first[0] } == false, "and deleted")

        // A stop longer than the whole schedule: a new key signs at once.
        clock.advance(seconds: 100 * Self.hour)
        try await ring.refresh()
        #expect(ring.keySet.signer(at: clock.read()) != nil)
        try await store.shutdown()
    }

    @Test("two instances on one database publish the same JWKS byte for byte, whoever makes the keys", arguments: Backend.all)
    func twoInstances(_ backend: Backend) async throws {
        let database = backend.location()
        let clock = TestClock()
        try await TestServer.withServer(TestServer.configuration(database, clock: clock)) { a in
            try await TestServer.withServer(TestServer.configuration(database, clock: clock)) { b in
                let fromA = try await a.raw(.get, "/.well-known/jwks.json").body
                let fromB = try await b.raw(.get, "/.well-known/jwks.json").body
                #expect(fromA == fromB && fromA.contains("\"kid\""))
                // A token one instance signs verifies with the JWKS of the other, and introspects there.
                var browser = TestBrowser(origin: TestServer.origin)
                let session = try await a.register(uniqueName("two"), browser: &browser)
                let token = try await a.sessionToken(session)
                _ = try await JWTKeyCollection().add(jwksJSON: fromB).verify(token, as: BackendClaims.self)
                let key = try await SessionTokenTests.apiKey(database)
                #expect(try await b.introspect(token, key: key).json["active"] == .bool(true))
            }
        }
    }

    @Test("keys survive a restart; with a key-encryption key they are sealed, and a wrong or missing one stops the start")
    func restartAndEncryption() async throws {
        let file = TemporarySQLiteFile("keys")
        defer { file.remove() }
        var configuration = TestServer.configuration(.sqliteFile(file.path))
        let published = Mutex<[String]>([])
        for _ in 0..<2 {
            try await TestServer.withServer(configuration) { client in
                let jwks = try await client.raw(.get, "/.well-known/jwks.json").body
                published.withLock { $0.append(jwks) }
            }
        }
        let (first, again) = published.withLock { ($0[0], $0[1]) }
        #expect(first == again, "the same keys after a restart")

        // Configured later, the key-encryption key seals the plain keys at start, and the keys stay the same.
        configuration.tokens.keyEncryptionKey = Self.kek
        try await TestServer.withServer(configuration) { client in
            let jwks = try await client.raw(.get, "/.well-known/jwks.json").body
            #expect(jwks == first)
        }
        let store = try await SQLiteStore.open(path: file.path, logger: Logger(label: "test"), health: StoreHealth(logger: Logger(label: "test")))
        let rows = try await store.signingKeys(algorithm: "ES256")
        #expect(!rows.isEmpty && rows.allSatisfy { $0.privateKey.hasPrefix("kek1:\(Self.kek.fingerprint):") }, "sealed at rest")
        let sid = try await store.sealedSecret(named: SessionIdentifiers.secretName) { "unused" }
        #expect(sid.hasPrefix("kek1:"))
        // A sealed key copied to another row does not open there (the row is the associated data).
        #expect(throws: SealedSecretUnreadable.self) {
            try SecretSealer(key: Self.kek).open(rows[0].privateKey, context: SigningKeyRing.context(rows[1].kid))
        }
        try await store.shutdown()

        configuration.tokens.keyEncryptionKey = try KeyEncryptionKey(bytes: Array(repeating: 8, count: 32))
        await #expect(throws: SealedSecretUnreadable.self, "another key-encryption key") {
            try await TestServer.withServer(configuration) { _ in }
        }
        configuration.tokens.keyEncryptionKey = nil
        await #expect(throws: SealedSecretUnreadable.self, "none") { try await TestServer.withServer(configuration) { _ in } }
    }

    @Test("the key-encryption key file: base64 or hex of 32 bytes, nothing else")
    func keyFile() throws {
        let bytes = (0..<32).map { UInt8($0) }
        let fromBase64 = try KeyEncryptionKey(text: Data(bytes).base64EncodedString() + "\n")
        let fromHex = try KeyEncryptionKey(text: Hex.encode(bytes))
        #expect(fromBase64.fingerprint == fromHex.fingerprint)
        for bad in ["", "short", Data(bytes.dropLast()).base64EncodedString(), String(repeating: "zz", count: 32)] {
            #expect(throws: ConfigurationError.self, "\(bad)") { try KeyEncryptionKey(text: bad) }
        }
    }

    @Test("a session identifier names its session only through this server's key")
    func sessionIdentifiers() throws {
        let ids = SessionIdentifiers(key: SecureRandom.bytes(32))
        let hash = RelyingParty.hash("a session token")
        let sid = try ids.identifier(tokenHash: hash)
        #expect(try ids.identifier(tokenHash: hash) == sid, "deterministic")
        #expect(try ids.tokenHash(identifier: sid) == hash)
        #expect(sid.count == 64 && !sid.contains(hash))
        #expect(throws: SessionIdentifierInvalid.self) { try SessionIdentifiers(key: SecureRandom.bytes(32)).tokenHash(identifier: sid) }
        var tampered = Array(sid)
        tampered[10] = tampered[10] == "A" ? "B" : "A"
        #expect(throws: SessionIdentifierInvalid.self) { try ids.tokenHash(identifier: String(tampered)) }
    }
}
