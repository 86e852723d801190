import Foundation
import GRDB
import PasskeyServer
import Testing

/// Issue 13: committed pages reach the database file in the background, so commits do not wait for checkpoints.
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
            #expect(try await store.finishRegistration(newUser: user, credential: credential, session: session, requiredSession: nil, now: 1) == .registered)
        }
        // The database file alone (no WAL beside it) holds what was committed once a checkpoint has copied it.
        let copy = directory.appendingPathComponent("copy.sqlite").path
        var users = 0
        for _ in 0..<40 where users < 5 {
            try await Task.sleep(for: .milliseconds(50))
            try? FileManager.default.removeItem(atPath: copy)
            try FileManager.default.copyItem(atPath: path, toPath: copy)
            let alone = try DatabaseQueue(path: copy)
            users = try await alone.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM users") ?? 0 }
            try alone.close()
        }
        #expect(users == 5, "the committed rows never reached the database file")
        try await store.shutdown()
    }
}
