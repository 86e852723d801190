import Foundation
import GRDB
import PasskeyServer
import Testing

/// Committed pages reach the database file in the background, so commits do not wait for checkpoints.
@Suite("SQLite background checkpoints")
struct SQLiteCheckpointTests {
    @Test("a few commits (far below the automatic checkpoint's 1000 pages) are in the database file itself soon after")
    func checkpointsInBackground() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("passkeys-checkpoint-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("store.sqlite").path
        let (store, _) = try await GroupCommitTests.open(at: path)
        for index in 0..<5 {
            let (user, credential, session) = GroupCommitTests.registration("checkpoint-\(index)", credential: UInt8(index), token: "token-\(index)")
            #expect(
                try await store.finishRegistration(newUser: user, credential: credential, session: session, requiredSession: nil, now: 1)
                    == .registered)
        }
        // The database file alone (no WAL beside it) holds what was committed once a checkpoint has copied it.
        // Until then a copy may lack the schema, or be torn by a checkpoint writing while it is taken: such a copy
        // counts as "not yet". The bound is generous because a busy machine may hold the checkpointer's thread
        // back; without the checkpointer the rows never arrive at all (the automatic checkpoint needs 1000 pages).
        let copy = directory.appendingPathComponent("copy.sqlite").path
        var users = 0
        for _ in 0..<200 where users < 5 {
            try await Task.sleep(for: .milliseconds(50))
            users = Self.committedUsers(copying: path, to: copy) ?? 0
        }
        #expect(users == 5, "the committed rows never reached the database file")
        try await store.shutdown()
    }

    /// The number of users in a copy of the database file alone, or nil when the copy cannot be read as one.
    static func committedUsers(copying path: String, to copy: String) -> Int? {
        try? FileManager.default.removeItem(atPath: copy)
        guard (try? FileManager.default.copyItem(atPath: path, toPath: copy)) != nil,
            let alone = try? DatabaseQueue(path: copy)
        else { return nil }
        defer { try? alone.close() }
        return try? alone.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM users") }
    }
}
