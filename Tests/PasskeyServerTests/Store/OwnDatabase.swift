import Foundation
import Logging
import SQLKit
import Synchronization
import Testing

@testable import PasskeyServer
@testable import PasskeyStore

extension Backend {
    /// A database no other test uses: a new SQLite file, or on PostgreSQL a new schema of the test database (reached
    /// through libpq's `options=-c search_path=…`). Servers given the same location share it, as instances share one
    /// database.
    ///
    /// What a test that counts on fresh state needs on PostgreSQL, where the per-client limits are kept in the database:
    /// on the shared test database every test's client (127.0.0.1) would draw from the same buckets, also
    /// those of earlier runs, and fixed usernames would collide. Schemas are left behind for the next hour (scripts/test's
    /// database is thrown away with its cluster); the first call of a process drops those older than that.
    func ownLocation() async throws -> DatabaseLocation {
        switch self {
        case .sqlite:
            return location()
        case .postgres:
            let base = try #require(Self.postgresURL)
            let created = Int(Date().timeIntervalSince1970)
            let schema = "test_\(created)_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(12).lowercased()
            let sweep = Self.swept.withLock { swept in
                defer { swept = true }
                return !swept
            }
            if sweep {
                // Each drop on a lease of its own: a database many runs left schemas in takes longer than one lease may.
                let old = Mutex<[String]>([])
                try await Self.onTestDatabase(base) { db in
                    let names = try await db.raw("SELECT nspname FROM pg_namespace WHERE nspname LIKE 'test\\_%'").all()
                        .map { try $0.decode(column: "nspname", as: String.self) }
                        .filter { name in name.split(separator: "_").dropFirst().first.flatMap { Int($0) }.map { $0 < created - 3600 } ?? false }
                    old.withLock { $0 = names }
                }
                for name in old.withLock({ $0 }) {
                    try await Self.onTestDatabase(base) { db in try await db.raw("DROP SCHEMA IF EXISTS \(ident: name) CASCADE").run() }
                }
            }
            try await Self.onTestDatabase(base) { db in try await db.raw("CREATE SCHEMA \(ident: schema)").run() }
            let separator = base.contains("?") ? "&" : "?"
            return .postgres(base + separator + "options=-c%20search_path%3D" + schema)
        }
    }

    private static let swept = Mutex(false)

    /// Runs `body` on a connection to the shared test database.
    private static func onTestDatabase(_ url: String, _ body: @escaping @Sendable (any SQLDatabase) async throws -> Void) async throws {
        var logger = Logger(label: "passkeys-test")
        logger.logLevel = .critical
        let store = try #require(try await DatabaseLocation.postgres(url).openStore(logger: logger) as? PostgresStore)
        do { try await store.connections.with(body) } catch {
            try? await store.shutdown()
            throw error
        }
        try await store.shutdown()
    }
}
