import Foundation
import GRDB
import Logging
import PasskeyCore
import Testing

@testable import PasskeyServer
@testable import PasskeyStore

/// Against the server: new names that could pass for a taken one are refused (400) or found taken
/// (403 `usernameTaken`), on both databases; accounts stored before keep their names and sign in as before.
@Suite("Attack: names that pass for others")
struct LookalikeNameTests {
    @Test("the attack: after alice and coe, the five names once accepted, Cherokee and small-capital look-alikes", arguments: Backend.all)
    func lookalikes(_ backend: Backend) async throws {
        try await TestServer.withServer(TestServer.configuration(backend.location())) { client in
            // Digits only, so a wholly Cherokee or small-capital spelling is one script.
            let digits = String(UInt32.random(in: 10_000_000...99_999_999))
            var browser = TestBrowser(origin: TestServer.origin)
            _ = try await client.register("alice" + digits, browser: &browser)
            _ = try await client.register("coe" + digits, browser: &browser)
            func begin(_ name: String) async throws -> JSONResponse {
                try await client.call(.post, "/attestation/options", json: JSONObject(["username": .string(name)]))
            }
            for name in ["co\u{34F}e", "coe\u{FE0F}", "coe\u{3164}", "co\u{2800}e"] {
                let answer = try await begin(name + digits)
                #expect(
                    answer.status == .badRequest && answer.code == "usernameInvisibleCharacters",
                    "\(name.debugDescription): \(answer.status) \(answer.errorMessage)")
            }
            for name in ["AIice", "ᎪᏞᎥᏟᎬ", "ꭺꮮꭵꮯꭼ", "ᴀʟɪᴄᴇ", "ᴄᴏᴇ", "c0e"] {
                let answer = try await begin(name + digits)
                #expect(answer.status == .forbidden && answer.code == "usernameTaken", "\(name): \(answer.status) \(answer.errorMessage)")
            }
            // A name of its own is still free, and the real owners sign in as before.
            #expect(try await begin("alicia" + digits).ok)
            #expect(try await client.signIn("alice" + digits, browser: &browser).ok)
            #expect(try await client.signIn("COE" + digits, browser: &browser).ok)
        }
    }

    @Test("the store refuses a new account whose confusability key another has, even when its begin was not checked", arguments: Backend.all)
    func storeRefuses(_ backend: Backend) async throws {
        var logger = Logger(label: "passkeys-test")
        logger.logLevel = .critical
        let store = try await backend.location().openStore(logger: logger)
        let digits = String(UInt32.random(in: 10_000_000...99_999_999))
        func register(_ name: String) async throws -> RegistrationOutcome {
            let (user, credential, session) = PostgresStoreTests.registration(name, credential: SecureRandom.bytes(16), token: UUID().uuidString)
            return try await store.finishRegistration(newUser: user, credential: credential, session: session, requiredSession: nil, now: 1)
        }
        do {
            #expect(try await register("alice" + digits) == .registered)
            #expect(try await register("AIice" + digits) == .usernameTaken)
            #expect(try await register("ᎪᏞᎥᏟᎬ" + digits) == .usernameTaken)
            #expect(try await register("alicia" + digits) == .registered)
            // The ceremony store of a new account checks the same before anything is stored.
            let ceremonies = try #require(store.ceremonies as? any NameCheckingCeremonyStore)
            let ceremony = PendingCeremony(
                challenge: Base64URL.encode(SecureRandom.bytes(32)), kind: .registration, userHandle: SecureRandom.bytes(16),
                username: "ᴀʟɪᴄᴇ" + digits, displayName: "x", userVerification: .preferred, expiresAt: Int64.max)
            #expect(try await !ceremonies.insertIfNameFree(ceremony, name: "ᴀʟɪᴄᴇ" + digits, key: UsernameKey("ᴀʟɪᴄᴇ" + digits), now: 1))
            #expect(try await ceremonies.insertIfNameFree(ceremony, name: "alison" + digits, key: UsernameKey("alison" + digits), now: 1))
        } catch {
            try? await store.shutdown()
            throw error
        }
        try await store.shutdown()
    }

    @Test("accounts stored before the key existed keep their names, sign in by them, and the oldest keeps the key")
    func upgrade() async throws {
        let file = TemporarySQLiteFile("passkeys-confusable-key")
        defer { file.remove() }
        let before = try #require(Schema.migrations.firstIndex { $0.contains(.fillConfusabilityKeys) })
        let earlier = try DatabaseQueue(path: file.path)
        try await earlier.write { db in
            try SQLiteStore.migrate(db, through: before)
            for (handle, name, createdAt) in [("AQID", "alice", 1), ("BAUG", "AIice", 2), ("BwgJ", "co\u{34F}e", 3), ("CgsM", "coe", 4)] {
                try db.execute(
                    sql: "INSERT INTO users (handle, username, username_key, display_name, created_at) VALUES (?, ?, ?, ?, ?)",
                    arguments: [handle, name, UsernameKey(name).rawValue, name, createdAt])
            }
        }
        try earlier.close()

        var logger = Logger(label: "passkeys-test")
        logger.logLevel = .critical
        let store = try await SQLiteStore.open(path: file.path, logger: logger, health: StoreHealth(logger: logger))
        #expect(try await store.user(username: "alice")?.handle == [1, 2, 3])
        #expect(try await store.user(username: "AIice")?.handle == [4, 5, 6], "the later look-alike keeps its name")
        #expect(try await store.user(username: "co\u{34F}e")?.handle == [7, 8, 9], "a legacy name with an ignorable keeps it")
        #expect(try await store.user(username: "coe")?.handle == [10, 11, 12])
        let keys = try await store.confusabilityKeysForTesting()
        #expect(keys["AQID"] == ConfusabilityKey("alice").rawValue, "the oldest keeps the key")
        #expect(keys["BAUG"]?.hasPrefix("\u{1}shared:") == true)
        #expect(keys["BwgJ"] == ConfusabilityKey("coe").rawValue && keys["CgsM"]?.hasPrefix("\u{1}shared:") == true)
        // A new look-alike of any of them is refused.
        let ceremonies = try #require(store.ceremonies as? any NameCheckingCeremonyStore)
        for name in ["aIice", "ALICE", "c\u{43E}e"] {
            let ceremony = PendingCeremony(
                challenge: Base64URL.encode(SecureRandom.bytes(32)), kind: .registration, userHandle: SecureRandom.bytes(16), username: name,
                displayName: name, userVerification: .preferred, expiresAt: Int64.max)
            #expect(try await !ceremonies.insertIfNameFree(ceremony, name: name, key: UsernameKey(name), now: 1), "\(name)")
        }
        try await store.shutdown()
    }
}
