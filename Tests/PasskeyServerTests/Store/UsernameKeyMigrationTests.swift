import Foundation
import GRDB
import Logging
import PasskeyCore
import PasskeyRelyingParty
import Testing

@testable import PasskeyServer
@testable import PasskeyStore

/// A file made before usernames had a comparison key gains one. Accounts whose names already
/// looked alike stay reachable: the oldest by every spelling, the others by their exact name.
@Suite("SQLite: username keys for a file made by an earlier release")
struct UsernameKeyMigrationTests {
    @Test("the key column is filled and unique; look-alike accounts stored earlier each keep their exact name; new look-alikes are refused")
    func upgrade() async throws {
        let file = TemporarySQLiteFile("passkeys-username-key")
        defer { file.remove() }
        let earlier = try DatabaseQueue(path: file.path)
        try await earlier.write { db in
            try SQLiteStore.migrate(db, through: 3)
            for (handle, name, createdAt) in [("AQID", "ada", 1), ("BAUG", "Ada", 2), ("BwgJ", "ＡＤＡ", 3), ("CgsM", "bob", 4)] {
                try db.execute(
                    sql: "INSERT INTO users (handle, username, display_name, created_at) VALUES (?, ?, ?, ?)",
                    arguments: [handle, name, name, createdAt])
            }
        }
        try earlier.close()

        var logger = Logger(label: "passkeys-test")
        logger.logLevel = .critical
        let store = try await SQLiteStore.open(path: file.path, logger: logger, health: StoreHealth(logger: logger))
        #expect(try await store.user(username: "ada")?.handle == [1, 2, 3], "the oldest keeps its name")
        #expect(try await store.user(username: "Ada")?.handle == [4, 5, 6], "a later look-alike keeps its exact name")
        #expect(try await store.user(username: "ＡＤＡ")?.handle == [7, 8, 9])
        #expect(try await store.user(username: "aDa")?.handle == [1, 2, 3], "any other spelling is the oldest's")
        #expect(try await store.userWithCredentials(username: "Ada")?.0.handle == [4, 5, 6])
        #expect(try await store.userWithCredentials(username: "ADA")?.0.handle == [1, 2, 3])
        #expect(try await store.userWithCredentials(username: "BOB")?.0.username == "bob")
        try await store.replaceRecoveryCodes(userHandle: [1, 2, 3], hashes: ["code-of-ada"])
        try await store.replaceRecoveryCodes(userHandle: [4, 5, 6], hashes: ["code-of-Ada"])
        #expect(try await store.recoveryCodeOwner(username: "Ada", codeHash: "code-of-Ada")?.handle == [4, 5, 6], "a recovery by the exact name")
        #expect(try await store.recoveryCodeOwner(username: "ADA", codeHash: "code-of-ada")?.handle == [1, 2, 3])
        #expect(try await store.recoveryCodeOwner(username: "ADA", codeHash: "code-of-Ada") == nil, "another account's code")

        // A new account under any spelling of a stored name is refused by the store itself.
        let now: Int64 = 10
        for (index, spelling) in ["BOB", "\u{0430}d\u{0430}", "Ada"].enumerated() {
            let handle: [UInt8] = [0xF0, UInt8(index)]
            let outcome = try await store.finishRegistration(
                newUser: UserRecord(handle: handle, username: spelling, displayName: spelling, createdAt: now),
                credential: Self.credential(id: [0xC0, UInt8(index)], userHandle: handle),
                session: SessionRecord(tokenHash: "t\(index)", userHandle: handle, credentialID: [0xC0, UInt8(index)], expiresAt: now + 60),
                requiredSession: nil, now: now)
            #expect(outcome == .usernameTaken, "\(spelling)")
        }
        try await store.shutdown()

        let check = try DatabaseQueue(path: file.path)
        let (nulls, indexes) = try await check.read { db in
            (
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM users WHERE username_key IS NULL"),
                try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'users'")
            )
        }
        try check.close()
        #expect(nulls == 0)
        #expect(indexes.contains("users_username_key"))
    }

    static func credential(id: [UInt8], userHandle: [UInt8]) -> CredentialRecord {
        CredentialRecord(
            id: id, userHandle: userHandle, publicKey: [0xA0], signCount: 0, transports: [], aaguid: "00000000-0000-0000-0000-000000000000",
            format: "none", attestationType: "none", backupEligible: false, backupState: false, name: "Passkey", createdAt: 10, lastUsedAt: nil)
    }
}
