import Foundation
import Testing

@testable import PasskeysCLI

/// `passkeys admin` against a running `passkeys serve`: tables by default, the server's JSON with --json,
/// the key from a file or the environment, refusals reported with the server's code.
@Suite("passkeys admin against a running server", .serialized)
struct AdminCLITests {
    @Test("a table never prints a control or format character (a name holding an escape sequence cannot drive the terminal), and cuts long cells")
    func hostileCells() {
        let table = AdminTable(headers: ["NAME"], rows: [["ada\u{1B}]0;owned\u{07}\u{1B}[2J\u{202E}x"], [String(repeating: "w", count: 500)]])
            .rendered
        #expect(!table.unicodeScalars.contains { $0.properties.generalCategory == .control && $0 != "\n" }, "\(table)")
        #expect(!table.unicodeScalars.contains { $0.properties.generalCategory == .format })
        #expect(table.contains("ada?]0;owned??[2J?x"))
        #expect(table.split(separator: "\n").allSatisfy { $0.count <= AdminTable.maximumWidth })
    }

    @Test("find a user, list and end their sessions, list passkeys, read the audit log, list keys; refusals")
    func operatorSession() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("passkeys-admin-cli-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let database = "\(folder)/server.sqlite"
        try await CeremonyCLITests.withServer(database: database) { server in
            let store = CeremonyCLITests.storePath()
            let registered = try await CLIRunner.run([
                "register", "--username", "grace", "--display-name", "Grace H", "--server", server, "--store", store,
            ])
            #expect(registered.status == 0, "\(registered.stdout) \(registered.stderr)")
            let created = try await CLIRunner.run([
                "api-key", "create", "--database", "sqlite:\(database)", "--name", "cli-support", "--scope", "admin:read", "--scope", "admin:write",
            ])
            #expect(created.status == 0, "\(created.stderr)")
            let keyFile = "\(folder)/support.key"
            try created.stdout.write(toFile: keyFile, atomically: true, encoding: .utf8)
            let common = ["--server", server, "--key-file", keyFile]

            let table = try await CLIRunner.run(["admin", "users", "find", "--username", "grace"] + common)
            #expect(table.status == 0, "\(table.stdout) \(table.stderr)")
            #expect(table.stdout.hasPrefix("ID") && table.stdout.contains("grace") && table.stdout.contains("Grace H"), "\(table.stdout)")
            let json = try await CLIRunner.run(["admin", "users", "find", "--username", "grace", "--json"] + common)
            let users = try #require(json.json["users"] as? [[String: Any]])
            let id = try #require(users.first?["id"] as? String)

            // IDs are base64url, and one in 64 begins with "-", which would read as an option: positional IDs follow
            // "--" and option values are joined with "=", as docs/reference/cli.md tells operators to write them.
            let sessions = try await CLIRunner.run(["admin", "sessions", "list"] + common + ["--", id])
            #expect(
                sessions.status == 0 && sessions.stdout.hasPrefix("SESSION") && sessions.stdout.split(separator: "\n").count == 2,
                "\(sessions.stdout)")
            let ended = try await CLIRunner.run(["admin", "sessions", "end"] + common + ["--", id])
            #expect(ended.status == 0 && ended.stdout.contains("Ended 1 session(s)"), "\(ended.stdout) \(ended.stderr)")
            let none = try await CLIRunner.run(["admin", "sessions", "list", "--json"] + common + ["--", id])
            #expect((none.json["sessions"] as? [Any])?.isEmpty == true, "\(none.stdout)")

            let credentials = try await CLIRunner.run(["admin", "credentials", "list", "--json"] + common + ["--", id])
            let credentialID = try #require((credentials.json["credentials"] as? [[String: Any]])?.first?["id"] as? String)
            let last = try await CLIRunner.run(["admin", "credentials", "delete"] + common + ["--", id, credentialID])
            #expect(last.status == 1 && last.errorCode == "lastPasskey", "\(last.stdout) \(last.stderr)")

            let audit = try await CLIRunner.run(["admin", "audit", "--user=\(id)"] + common)
            #expect(audit.status == 0 && audit.stdout.hasPrefix("TIME"), "\(audit.stdout)")
            #expect(audit.stdout.contains("sessions.revoked") && audit.stdout.contains("apiKey:cli-support ("), "\(audit.stdout)")
            #expect(audit.stdout.contains("user.created") && audit.stdout.contains("user:grace"), "\(audit.stdout)")
            let keys = try await CLIRunner.run(["admin", "keys", "list"] + common)
            #expect(keys.status == 0 && keys.stdout.contains("cli-support"), "\(keys.stdout)")
            #expect(!keys.stdout.contains(created.stdout.trimmingCharacters(in: .whitespacesAndNewlines)), "never the key itself")

            // The key from the environment; none at all is a usage error; a bad answer is the server's code.
            let fromEnvironment = try await CLIRunner.run(
                ["admin", "keys", "list", "--server", server], environment: ["PASSKEYS_API_KEY": created.stdout.trimmingCharacters(in: .newlines)])
            #expect(fromEnvironment.status == 0, "\(fromEnvironment.stderr)")
            let noKey = try await CLIRunner.run(
                ["admin", "keys", "list", "--server", server], environment: ["PASSKEYS_API_KEY": "", "PASSKEYS_API_KEY_FILE": "/nonexistent"])
            #expect(noKey.status == 2, "\(noKey.stderr)")
            let unknown = try await CLIRunner.run(["admin", "users", "find", "--id", "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"] + common)
            #expect(unknown.status == 0 && unknown.stdout.contains("(none)"), "\(unknown.stdout)")
            let bad = try await CLIRunner.run(["admin", "users", "list", "--limit", "1000"] + common)
            #expect(bad.status == 1 && bad.errorCode == "invalidRequest", "\(bad.stdout)")

            let listed = try await CLIRunner.run(["api-key", "list", "--database", "sqlite:\(database)"])
            let keyID = try #require(((listed.json["keys"] as? [[String: Any]])?.first?["id"]) as? String)
            #expect(try await CLIRunner.run(["api-key", "revoke", "--database", "sqlite:\(database)", "--", keyID]).status == 0)
            let revoked = try await CLIRunner.run(["admin", "keys", "list"] + common)
            #expect(revoked.status == 1 && revoked.errorCode == "invalidServiceCredential", "\(revoked.stdout)")
        }
        let unreachable = try await CLIRunner.run(
            ["admin", "keys", "list", "--server", "http://127.0.0.1:9"], environment: ["PASSKEYS_API_KEY": "psk_" + String(repeating: "A", count: 43)]
        )
        #expect(unreachable.status == 1 && unreachable.errorCode == "serverUnreachable", "\(unreachable.stdout)")
    }

    @Test("oidc-clients: create prints the secret once, list and show never do, update gives a new one, delete; refusals name the member")
    func oidcClients() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("passkeys-admin-oidc-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let database = "\(folder)/server.sqlite"
        try await CeremonyCLITests.withServer(database: database) { server in
            let created = try await CLIRunner.run([
                "api-key", "create", "--database", "sqlite:\(database)", "--name", "sso", "--scope", "admin:read", "--scope", "admin:write",
            ])
            let keyFile = "\(folder)/sso.key"
            try created.stdout.write(toFile: keyFile, atomically: true, encoding: .utf8)
            let common = ["--server", server, "--key-file", keyFile]

            let made = try await CLIRunner.run(
                ["admin", "oidc-clients", "create", "--name", "wiki", "--redirect-uri", "https://wiki.example.com/cb", "--json"] + common)
            #expect(made.status == 0, "\(made.stdout) \(made.stderr)")
            let client = try #require(made.json["client"] as? [String: Any])
            let id = try #require(client["clientId"] as? String)
            let secret = try #require(client["clientSecret"] as? String)
            let table = try await CLIRunner.run(["admin", "oidc-clients", "list"] + common)
            #expect(table.status == 0 && table.stdout.hasPrefix("CLIENT ID") && table.stdout.contains(id), "\(table.stdout)")
            #expect(!table.stdout.contains(secret))
            let shown = try await CLIRunner.run(["admin", "oidc-clients", "show"] + common + ["--", id])
            #expect(shown.status == 0 && shown.stdout.contains("wiki") && !shown.stdout.contains(secret), "\(shown.stdout)")
            let renewed = try await CLIRunner.run(["admin", "oidc-clients", "update", "--new-secret"] + common + ["--", id])
            #expect(
                renewed.status == 0 && renewed.stdout.contains("CLIENT SECRET (shown once)") && renewed.stdout.contains("pcs_"), "\(renewed.stdout)")
            let refused = try await CLIRunner.run(
                ["admin", "oidc-clients", "update", "--redirect-uri", "http://wiki.example.com/cb"] + common + ["--", id])
            #expect(
                refused.status == 1 && refused.errorCode == "invalidRequest" && (refused.stdout + refused.stderr).contains("redirectUris[0]"),
                "\(refused.stdout)")
            let deleted = try await CLIRunner.run(["admin", "oidc-clients", "delete"] + common + ["--", id])
            #expect(deleted.status == 0 && deleted.stdout.contains("Deleted client"), "\(deleted.stdout)")
            let gone = try await CLIRunner.run(["admin", "oidc-clients", "show"] + common + ["--", id])
            #expect(gone.status == 1 && gone.errorCode == "oidcClientNotFound", "\(gone.stdout) \(gone.stderr)")
        }
    }

    @Test("scopes: one per --scope (a list in one value is refused), introspect by default; every CLI change leaves an entry naming the CLI")
    func scopesAndTrail() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("passkeys-admin-trail-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let database = "\(folder)/server.sqlite"
        try await CeremonyCLITests.withServer(database: database) { server in
            let db = ["--database", "sqlite:\(database)"]
            let listed = try await CLIRunner.run(["api-key", "create", "--name", "x", "--scope", "admin:read,admin:write"] + db)
            #expect(listed.status == 2 && listed.stderr.contains("one scope per option"), "\(listed.status) \(listed.stderr)")
            let unknown = try await CLIRunner.run(["api-key", "create", "--name", "x", "--scope", "admin"] + db)
            #expect(unknown.status == 2 && unknown.stderr.contains("introspect, admin:read, admin:write"), "\(unknown.stderr)")

            let backend = try await CLIRunner.run(["api-key", "create", "--name", "billing backend (introspection only)"] + db)
            #expect(backend.status == 0 && backend.stderr.contains("with the scopes introspect"), "\(backend.stderr)")
            let operatorKey = try await CLIRunner.run(
                ["api-key", "create", "--name", "support", "--scope", "admin:read", "--scope", "admin:write"] + db)
            let keyFile = "\(folder)/support.key"
            try operatorKey.stdout.write(toFile: keyFile, atomically: true, encoding: .utf8)
            let common = ["--server", server, "--key-file", keyFile]
            let backendFile = "\(folder)/backend.key"
            try backend.stdout.write(toFile: backendFile, atomically: true, encoding: .utf8)
            let refused = try await CLIRunner.run(["admin", "keys", "list", "--server", server, "--key-file", backendFile])
            #expect(refused.status == 1 && refused.errorCode == "insufficientScope", "\(refused.stdout) \(refused.stderr)")

            let keys = try #require(try await CLIRunner.run(["api-key", "list"] + db).json["keys"] as? [[String: Any]])
            let backendKey = try #require(keys.first { $0["name"] as? String == "billing backend (introspection only)" })
            #expect(backendKey["scopes"] as? [String] == ["introspect"] && backendKey["legacy"] as? Bool == false)
            let client = try await CLIRunner.run(["oidc-client", "create", "--name", "wiki", "--redirect-uri", "https://wiki.example.com/cb"] + db)
            #expect(client.status == 0, "\(client.stderr)")
            let clientID = try #require(client.json["clientId"] as? String)
            #expect(try await CLIRunner.run(["oidc-client", "update", "--new-secret"] + db + ["--", clientID]).status == 0)
            #expect(try await CLIRunner.run(["oidc-client", "update", "--name", "Wiki"] + db + ["--", clientID]).status == 0)
            #expect(try await CLIRunner.run(["oidc-client", "delete"] + db + ["--", clientID]).status == 0)
            let backendID = try #require(backendKey["id"] as? String)
            #expect(try await CLIRunner.run(["api-key", "revoke"] + db + ["--", backendID]).status == 0)
            // And one change over the API, by the operator's key.
            let overAPI = try await CLIRunner.run(
                ["admin", "oidc-clients", "create", "--name", "grafana", "--redirect-uri", "https://grafana.example.com/cb", "--json"] + common)
            #expect(overAPI.status == 0, "\(overAPI.stdout) \(overAPI.stderr)")

            let audit = try await CLIRunner.run(["admin", "audit", "--json"] + common)
            let entries = try #require(audit.json["entries"] as? [[String: Any]], "\(audit.stdout)")
            func actor(_ entry: [String: Any]) -> String {
                let actor = entry["actor"] as? [String: Any]
                return "\(actor?["kind"] as? String ?? "?"):\(actor?["name"] as? String ?? "")"
            }
            let changes = entries.reversed().filter { ($0["action"] as? String)?.hasPrefix("admin.") == false }
                .map { "\($0["action"] as? String ?? "?") \(actor($0).split(separator: ":").first ?? "")" }
            #expect(
                changes == [
                    "api-key.created cli", "api-key.created cli", "oidc-client.created cli", "oidc-client.secret-rotated cli",
                    "oidc-client.updated cli", "oidc-client.deleted cli", "api-key.revoked cli", "oidc-client.created apiKey",
                ], "\(changes)")
            let user = ProcessInfo.processInfo.userName
            #expect(entries.filter { actor($0).hasPrefix("cli:") }.allSatisfy { actor($0) == "cli:\(user.isEmpty ? "uid" : user)" || user.isEmpty })
            // The refused call above, by a key of the wrong scope, is in the log with the key's name.
            let refusal = try #require(entries.first { $0["action"] as? String == "admin.refused" })
            #expect(actor(refusal).hasPrefix("apiKey:billing backend (introspection only) ("), "\(refusal)")
            #expect((refusal["detail"] as? [String: Any])?["code"] as? String == "insufficientScope")
        }
    }
}
