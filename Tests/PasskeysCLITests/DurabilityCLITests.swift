import Foundation
import Logging
import PasskeyServer
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#endif

/// Writes are committed in groups, and still every acknowledged registration and sign-in survives the
/// process being killed without warning (WAL with `synchronous = FULL`; the answer waits for the commit).
@Suite("Durability of acknowledged writes", .serialized)
struct DurabilityCLITests {
    /// Starts `passkeys serve` on `database` and returns it once it answers.
    static func start(database: String, port: Int) async throws -> ChildProcess {
        let process = try await ChildProcess.start([
            "serve", "--port", String(port), "--database", "sqlite:\(database)", "--rate-limit", "0", "--metadata-url", "off",
        ])
        let health = try #require(URL(string: "http://127.0.0.1:\(port)/healthz"))
        for _ in 0..<100 {
            if (try? await URLSession.shared.data(from: health)) != nil { return process }
            try await Task.sleep(for: .milliseconds(100))
        }
        process.send(SIGTERM)
        throw StartFailed()
    }

    struct StartFailed: Error {}

    static func kill9(_ process: ChildProcess) async throws {
        process.send(SIGKILL)
        try await process.waitForExit()
    }

    @Test("kill -9 right after the answers: the registration and the sign-in's counter are there after a restart")
    func killNine() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("passkeys-kill-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let database = "\(folder)/server.sqlite"
        let store = "\(folder)/credentials.json"
        // Below the ephemeral range and disjoint from the other suites' ranges (see CeremonyCLITests.withServer).
        let port = Int.random(in: 10_000..<16_000)
        let server = "http://localhost:\(port)"

        let first = try await Self.start(database: database, port: port)
        let registered = try await CLIRunner.run(["register", "--username", "durable", "--server", server, "--store", store])
        #expect(registered.status == 0, "\(registered.stdout) \(registered.stderr)")
        let signedIn = try await CLIRunner.run(["login", "--username", "durable", "--server", server, "--store", store])
        #expect(signedIn.status == 0, "\(signedIn.stdout) \(signedIn.stderr)")
        try await Self.kill9(first)

        // Read the file the killed server left: the registration and the sign-in's counter (1 at registration,
        // 2 after the sign-in) are there.
        var logger = Logger(label: "passkeys-test")
        logger.logLevel = .critical
        let left = try await DatabaseLocation.sqliteFile(database).openStore(logger: logger)
        let user = try await left.user(username: "durable")
        var credentials: [CredentialRecord] = []
        if let user { credentials = try await left.credentials(userHandle: user.handle) }
        try await left.shutdown()
        #expect(user != nil, "the acknowledged registration survived kill -9")
        #expect(credentials.map { $0.signCount } == [2], "the acknowledged sign-in's counter survived kill -9")
        #expect(credentials.first?.lastUsedAt != nil)

        let second = try await Self.start(database: database, port: port)
        defer { second.send(SIGTERM) }
        let again = try await CLIRunner.run(["login", "--username", "durable", "--server", server, "--store", store])
        #expect(again.status == 0, "the restarted server signs the account in: \(again.stdout) \(again.stderr)")
    }
}
