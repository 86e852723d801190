import Foundation
import GRDB
import Logging
import PasskeyCore
import Testing

@testable import PasskeyServer
@testable import PasskeyStore

/// An account's credentials are read in listing order straight from `credentials_user_order`. Without the
/// index SQLite sorts every sign-in's options read in a temporary B-tree, whose scratch memory was a fifth of the
/// read's cost. A file made by an earlier release gains the index when the server opens it.
@Suite("SQLite: credentials by account, in order, without a sort")
struct CredentialOrderIndexTests {
    /// The credential columns of a file from before `uv_initialized`.
    static let earlierCredentialColumns = Schema.credentialColumns.replacingOccurrences(of: ", uv_initialized", with: "")

    @Test(
        "a file made before the ordered index is upgraded; the sign-in reads use it, with no sort step, in listing order; an account without credentials reads as none"
    )
    func upgradeAndOrder() async throws {
        let file = TemporarySQLiteFile("passkeys-order")
        defer { file.remove() }
        let path = file.path

        // The file as the first two migrations left it, with one account whose credentials were stored out of order
        // (two share a creation time, so the ID decides between them), and one account without credentials.
        let earlier = try DatabaseQueue(path: path)
        try await earlier.write { db in
            try SQLiteStore.migrate(db, through: 2)
            try db.execute(sql: "INSERT INTO users (handle, username, display_name, created_at) VALUES ('AQID', 'alice', 'Alice', 1)")
            try db.execute(sql: "INSERT INTO users (handle, username, display_name, created_at) VALUES ('BAUG', 'bob', 'Bob', 2)")
            for (id, createdAt) in [("Cg", 300), ("Cw", 100), ("DA", 200), ("AA", 200)] {
                try db.execute(
                    sql: """
                        INSERT INTO credentials (\(Self.earlierCredentialColumns))
                        VALUES (?, 'AQID', 'AQID', 0, '["internal"]', '00000000-0000-0000-0000-000000000000', 'none', 'none', 1, 0, 'Passkey', ?, NULL)
                        """, arguments: [id, createdAt])
            }
        }
        try earlier.close()

        var logger = Logger(label: "passkeys-test")
        logger.logLevel = .critical
        let store = try await SQLiteStore.open(path: path, logger: logger, health: StoreHealth(logger: logger))
        let found = try await store.userWithCredentials(username: "alice")
        let owner = try await store.credentialWithOwner(id: [0x0C])
        let none = try await store.userWithCredentials(username: "nobody")
        let withoutCredentials = try await store.userWithCredentials(username: "bob")
        try await store.shutdown()

        let (user, credentials) = try #require(found)
        #expect(user.username == "alice")
        #expect(credentials.map { Base64URL.encode($0.id) } == ["Cw", "AA", "DA", "Cg"])
        #expect(owner.map { (Base64URL.encode($0.0.id), $0.1.username) } ?? ("", "") == ("DA", "alice"))
        #expect(none == nil)
        #expect(withoutCredentials.map { ($0.0.username, $0.1.count) } ?? ("", -1) == ("bob", 0))

        let check = try DatabaseQueue(path: path)
        let (version, indexes, plan) = try await check.read { db in
            (
                try Int.fetchOne(db, sql: "SELECT MAX(version) FROM schema_migrations"),
                try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'credentials'"),
                try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + SQLiteStore.userWithCredentialsSQL, arguments: ["alice", "alice"])
                    .map { $0["detail"] as String? ?? "" }
            )
        }
        try check.close()
        #expect(version == Schema.migrations.count)
        #expect(indexes.contains("credentials_user_order"))
        #expect(!indexes.contains("credentials_user"))
        #expect(plan.contains { $0.contains("credentials_user_order") }, "\(plan)")
        #expect(!plan.contains { $0.contains("TEMP B-TREE") }, "\(plan)")
    }
}
