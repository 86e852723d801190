import Foundation
import Logging
import Testing

@testable import PasskeyServer
@testable import PasskeyStore

/// `passkeys oidc-client` through the built binary (docs/reference/cli.md): a client created, listed,
/// changed and deleted, its secret printed once and never again, and the usage errors.
@Suite("passkeys oidc-client")
struct OIDCClientCLITests {
    @Test("create prints the secret once; list never does; update replaces URIs and the secret; delete removes; bad values are usage errors")
    func lifecycle() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("oidc-cli-\(UUID().uuidString).sqlite").path
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        try await DatabaseLocation.sqliteFile(path).openStore(logger: logger).shutdown()
        let database = "sqlite:\(path)"

        let created = try await CLIRunner.run([
            "oidc-client", "create", "--database", database, "--name", "wiki", "--redirect-uri", "https://wiki.example.com/cb",
        ])
        #expect(created.status == 0, "\(created.stderr)")
        let id = try #require(created.json["clientId"] as? String)
        let secret = try #require(created.json["clientSecret"] as? String)
        #expect(secret.hasPrefix("pcs_") && created.json["idTokenAlg"] as? String == "RS256" && created.json["public"] as? Bool == false)

        let listed = try await CLIRunner.run(["oidc-client", "list", "--database", database])
        #expect(listed.status == 0 && listed.stdout.contains(id) && !listed.stdout.contains(secret))

        let updated = try await CLIRunner.run([
            "oidc-client", "update", "--database", database, "--redirect-uri", "https://wiki.example.com/other", "--new-secret", "--", id,
        ])
        #expect(updated.status == 0, "\(updated.stderr)")
        #expect(updated.json["redirectUris"] as? [String] == ["https://wiki.example.com/other"])
        let newSecret = try #require(updated.json["clientSecret"] as? String)
        #expect(newSecret != secret)

        let publicClient = try await CLIRunner.run([
            "oidc-client", "create", "--database", database, "--name", "cli", "--public", "--redirect-uri", "http://127.0.0.1/cb",
            "--id-token-alg", "ES256",
        ])
        #expect(publicClient.status == 0 && publicClient.json["clientSecret"] == nil && publicClient.json["public"] as? Bool == true)

        for arguments in [
            ["--name", "x", "--redirect-uri", "http://wiki.example.com/cb"], ["--name", "x", "--redirect-uri", "https://a.example/cb#f"],
            ["--name", "x"], ["--name", "x", "--redirect-uri", "https://a.example/cb", "--id-token-alg", "HS256"],
        ] {
            let refused = try await CLIRunner.run(["oidc-client", "create", "--database", database] + arguments)
            #expect(refused.status == 2, "\(arguments): \(refused.stderr)")
        }

        #expect(try await CLIRunner.run(["oidc-client", "delete", "--database", database, "--", id]).json["deleted"] as? String == id)
        let again = try await CLIRunner.run(["oidc-client", "delete", "--database", database, "--", id])
        #expect(again.status == 1 && again.errorCode == "oidcClientNotFound")
    }
}
