import Foundation
import Logging
import PasskeyCore
import Testing

@testable import PasskeyServer
@testable import PasskeyStore

/// `passkeys events` through the built binary (docs/reference/cli.md): a dead event replayed by id or all
/// at once, the outbox's status, a secret, and the usage errors.
@Suite("passkeys events")
struct EventsCLITests {
    @Test("replay puts a dead event back, status counts the outbox, secret makes a whsec_ secret")
    func replay() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("events-cli-\(UUID().uuidString).sqlite").path
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        let store = try await DatabaseLocation.sqliteFile(path).openStore(logger: logger)
        let endpoint = "https://app.example.com/hooks"
        let event = OutboxEvent(id: "evt_" + Base64URL.encode(SecureRandom.bytes(16)), type: .userCreated, userKey: "A", payload: "{}")
        try await store.appendEvents(ChangeRecord(endpoints: [endpoint]) { _ in [event] })
        let row = try #require(try await store.deliverableEvents(endpoint: endpoint, now: 1, limit: 1).first)
        try await store.recordFailed(
            row, endpoint: endpoint, failure: DeliveryFailure(attempts: 9, nextAttemptAt: 2, firstFailedAt: 1, error: "HTTP 500", deadAt: 2))
        try await store.shutdown()

        let status = try await CLIRunner.run(["events", "status", "--database", "sqlite:\(path)"])
        #expect(status.status == 0 && status.stdout.contains(#""pending":0"#) && status.stdout.contains(#""dead":1"#), "\(status.stdout)")
        let unknown = try await CLIRunner.run([
            "events", "replay", "--database", "sqlite:\(path)", "--id", "evt_" + Base64URL.encode(SecureRandom.bytes(16)),
        ])
        #expect(unknown.status == 1 && unknown.errorCode == "noDeadEvent")
        let replayed = try await CLIRunner.run(["events", "replay", "--database", "sqlite:\(path)", "--id", event.id])
        #expect(replayed.status == 0 && replayed.json["replayed"] as? Int == 1, "\(replayed.stdout) \(replayed.stderr)")
        #expect(try await CLIRunner.run(["events", "replay", "--database", "sqlite:\(path)", "--all-dead"]).json["replayed"] as? Int == 0)
        let after = try await CLIRunner.run(["events", "status", "--database", "sqlite:\(path)"])
        #expect(after.stdout.contains(#""pending":1"#) && after.stdout.contains(#""dead":0"#), "\(after.stdout)")

        let secret = try await CLIRunner.run(["events", "secret"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        _ = try WebhookSecret(parsing: secret, source: "passkeys events secret")
    }

    @Test("usage errors: both or neither of --id and --all-dead, a malformed id, no database")
    func usage() async throws {
        #expect(try await CLIRunner.run(["events", "replay", "--database", "sqlite:/nonexistent.sqlite"]).status == 2)
        #expect(try await CLIRunner.run(["events", "replay", "--all-dead", "--id", "evt_AAAAAAAAAAAAAAAAAAAAAA"]).status == 2)
        #expect(try await CLIRunner.run(["events", "replay", "--id", "evt.1"]).status == 2)
        let missing = try await CLIRunner.run(["events", "status", "--database", "sqlite:/nonexistent/passkeys.sqlite"])
        #expect(missing.status == 1 && missing.errorCode == "databaseNotFound")
    }
}
