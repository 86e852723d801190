import Foundation
import GRDB
import Synchronization
import Testing

@testable import PasskeyServer
@testable import PasskeyStore

/// The SQLite store's own reader connections. They must see every commit, stay within their limit under
/// concurrent reads (falling back to GRDB's pool past it), and never write.
@Suite("SQLite reader connections")
struct SQLiteReadersTests {
    @Test("concurrent reads see the latest commit, open at most the limit, and cannot write")
    func readers() async throws {
        let file = TemporarySQLiteFile("passkeys-readers")
        defer { file.remove() }
        let path = file.path
        let pool = try DatabasePool(path: path)
        try await pool.write { db in
            try db.execute(sql: "CREATE TABLE t (v INTEGER NOT NULL)")
            try db.execute(sql: "INSERT INTO t (v) VALUES (1)")
        }
        let readers = SQLiteReaders(path: path, configuration: Configuration(), limit: 2, fallback: pool)

        let seen = Mutex<[Int]>([])
        let failures = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 64) { _ in
            do {
                let value = try readers.read { db in try Int.fetchOne(db, sql: "SELECT v FROM t") }
                seen.withLock { $0.append(value ?? -1) }
            } catch {
                failures.withLock { $0.append("\(error)") }
            }
        }
        #expect(failures.withLock { $0 }.isEmpty)
        #expect(seen.withLock { $0 } == Array(repeating: 1, count: 64))
        #expect(readers.openedCount <= 2)

        // Connections opened before a commit see it on their next statement.
        try await pool.write { db in try db.execute(sql: "UPDATE t SET v = 2") }
        for _ in 0..<4 {
            #expect(try readers.read { db in try Int.fetchOne(db, sql: "SELECT v FROM t") } == 2)
        }

        #expect(throws: DatabaseError.self) {
            try readers.read { db in try db.execute(sql: "UPDATE t SET v = 3") }
        }
        #expect(try await pool.read { db in try Int.fetchOne(db, sql: "SELECT v FROM t") } == 2)
        readers.close()
        try pool.close()
    }
}
