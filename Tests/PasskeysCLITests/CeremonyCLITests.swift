import Foundation
import Subprocess
import Testing

#if canImport(System)
import System
#else
import SystemPackage
#endif

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `passkeys register | login | credentials | load` against a real `passkeys serve` on loopback (docs/reference/cli.md,
/// "Software authenticator commands" and "passkeys load").
@Suite("CLI ceremonies against a running server", .serialized)
struct CeremonyCLITests {
    /// Starts `passkeys serve` on a random loopback port; stops it when `body` returns.
    /// - Parameter database: the SQLite file to serve (default: a new one in a temporary folder).
    static func withServer(_ extra: [String] = [], database: String? = nil, _ body: (String) async throws -> Void) async throws {
        // Below Linux's ephemeral range (32768–60999), so no port the OS hands out elsewhere in the run (port-0
        // listeners, client connections) can be this one; disjoint from the other suites' ranges.
        let port = Int.random(in: 26_000..<32_000)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("passkeys-cli-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let arguments =
            [
                "serve", "--port", String(port), "--database", "sqlite:\(database ?? "\(folder)/server.sqlite")", "--rate-limit", "0",
                "--metadata-url", "off",
            ] + extra
        let health = try #require(URL(string: "http://127.0.0.1:\(port)/healthz"))
        // Started and awaited with swift-subprocess, as CLIRunner runs commands (docs/decisions/0174-tests-spawn-with-subprocess.md).
        _ = try await Subprocess.run(
            .path(FilePath(CLIRunner.executable.path)), arguments: Arguments(arguments), input: .none, output: .discarded, error: .discarded
        ) { server in
            do {
                for _ in 0..<100 {
                    if (try? await URLSession.shared.data(from: health)) != nil { break }
                    try await Task.sleep(for: .milliseconds(100))
                }
                try await body("http://localhost:\(port)")
            } catch {
                try? server.send(signal: .terminate)
                throw error
            }
            try server.send(signal: .terminate)
        }
    }

    static func storePath() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("passkeys-cli-store-\(UUID().uuidString)/credentials.json").path
    }

    @Test("register, login by username and discoverable, list, remove on the server then locally")
    func lifecycle() async throws {
        try await Self.withServer { server in
            let store = Self.storePath()
            let common = ["--server", server, "--store", store]
            let registered = try await CLIRunner.run(["register", "--username", "grace", "--display-name", "Grace H"] + common)
            #expect(registered.status == 0, "\(registered.stdout) \(registered.stderr)")
            #expect(registered.json["registered"] as? Bool == true)
            let credentialID = try #require(registered.json["credentialId"] as? String)

            let byName = try await CLIRunner.run(["login", "--username", "grace"] + common)
            #expect(byName.status == 0 && byName.json["signedIn"] as? Bool == true, "\(byName.stdout)")
            let discoverable = try await CLIRunner.run(["login"] + common)
            #expect(discoverable.status == 0 && (discoverable.json["user"] as? [String: Any])?["name"] as? String == "grace")

            let list = try await CLIRunner.run(["credentials", "list", "--server", server, "--store", store])
            let credentials = try #require(list.json["credentials"] as? [[String: Any]])
            #expect(credentials.map { $0["id"] as? String } == [credentialID])
            #expect(credentials.first?["signCount"] as? Int == 3, "one per registration and sign-in")
            let attributes = try FileManager.default.attributesOfItem(atPath: store)
            #expect(attributes[.posixPermissions] as? Int == 0o600, "the store holds private keys: owner-only")

            // The account's only passkey: the server refuses (409), so the local copy stays and still signs in.
            let refused = try await CLIRunner.run(["credentials", "remove"] + common + ["--", credentialID])
            #expect(refused.status == 1 && (refused.stdout + refused.stderr).contains("only passkey"), "\(refused.stdout) \(refused.stderr)")
            let after = try await CLIRunner.run(["login"] + common)
            #expect(after.status == 0, "\(after.stdout) \(after.stderr)")
        }
    }

    @Test("backup copies the database while the server runs; the copy serves the same accounts")
    func backup() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("passkeys-backup-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let store = Self.storePath()
        try await Self.withServer(database: "\(folder)/live.sqlite") { server in
            let registered = try await CLIRunner.run(["register", "--username", "ada", "--server", server, "--store", store])
            #expect(registered.status == 0, "\(registered.stdout) \(registered.stderr)")
            let copy = try await CLIRunner.run(["backup", "--database", "sqlite:\(folder)/live.sqlite", "--to", "\(folder)/copy.sqlite"])
            #expect(copy.status == 0, "\(copy.stdout) \(copy.stderr)")
            #expect((copy.json["bytes"] as? Int ?? 0) > 0)
            let again = try await CLIRunner.run(["backup", "--database", "sqlite:\(folder)/live.sqlite", "--to", "\(folder)/copy.sqlite"])
            #expect(again.status == 1 && again.errorCode == "backupFailed", "an existing file is never overwritten")
            let postgres = try await CLIRunner.run(["backup", "--database", "postgres://u:p@localhost/db", "--to", "\(folder)/x.sqlite"])
            #expect(postgres.status == 2 && postgres.stderr.contains("pg_dump"))
        }
        try await Self.withServer(database: "\(folder)/copy.sqlite") { server in
            let login = try await CLIRunner.run(["login", "--username", "ada", "--server", server, "--store", store])
            #expect(login.status == 0, "the copy signs the account in: \(login.stdout) \(login.stderr)")
        }
    }

    @Test("a registration the server refuses leaves no local key behind")
    func rollback() async throws {
        // The server expects another origin, so it refuses the finished registration.
        try await Self.withServer(["--origin", "https://elsewhere.example"]) { server in
            let store = Self.storePath()
            let result = try await CLIRunner.run(["register", "--username", "rollback", "--server", server, "--store", store])
            #expect(result.status == 1)
            #expect(result.errorCode == "originMismatch", "\(result.stdout)")
            let list = try await CLIRunner.run(["credentials", "list", "--store", store])
            #expect((list.json["credentials"] as? [Any])?.isEmpty == true, "\(list.stdout)")
        }
    }

    @Test("removing a passkey the server does not know keeps the local key")
    func removeRefused() async throws {
        try await Self.withServer { server in
            let store = Self.storePath()
            let first = try await CLIRunner.run(["register", "--username", "keep", "--server", server, "--store", store])
            let id = try #require(first.json["credentialId"] as? String)
            // A second server has never heard of this passkey: it cannot sign in with it, so nothing is removed.
            try await Self.withServer { other in
                let refused = try await CLIRunner.run(["credentials", "remove", id, "--server", other, "--store", store])
                #expect(refused.status == 1, "stdout: \(refused.stdout)\nstderr: \(refused.stderr)")
            }
            let list = try await CLIRunner.run(["credentials", "list", "--store", store])
            #expect((list.json["credentials"] as? [[String: Any]])?.count == 1)
        }
    }

    @Test("register --algorithm makes an ML-DSA passkey that signs in; load --algorithm runs with ML-DSA keys")
    func mlDSA() async throws {
        try await Self.withServer { server in
            let store = Self.storePath()
            let common = ["--server", server, "--store", store]
            let registered = try await CLIRunner.run(["register", "--username", "ada-pq", "--algorithm", "ML-DSA-65"] + common)
            #expect(registered.status == 0, "\(registered.stdout) \(registered.stderr)")
            let stored = try String(contentsOfFile: store, encoding: .utf8)
            #expect(stored.contains("\"algorithm\": -49"), "the stored credential is ML-DSA-65")
            let login = try await CLIRunner.run(["login", "--username", "ada-pq"] + common)
            #expect(login.status == 0 && login.json["signedIn"] as? Bool == true, "\(login.stdout) \(login.stderr)")

            let load = try await CLIRunner.run([
                "load", "--server", server, "--duration", "1", "--concurrency", "2", "--users", "2", "--algorithm", "ML-DSA-87", "--json",
            ])
            #expect(load.status == 0, "\(load.stderr)")
            #expect((load.json["ceremonies"] as? Int ?? 0) > 0)
            #expect(load.json["failures"] as? Int == 0, "\(load.stdout)")

            let refused = try await CLIRunner.run(["register", "--username", "ada-44", "--algorithm", "ML-DSA-44"] + common)
            #expect(refused.status == 2 && refused.stderr.contains("ML-DSA-44 (-48) is not supported"), "\(refused.stdout) \(refused.stderr)")
        }
        try await Self.withServer(["--algorithm", "ES256"]) { server in
            let refused = try await CLIRunner.run([
                "register", "--username", "bob-pq", "--algorithm", "ML-DSA-87", "--server", server, "--store", Self.storePath(),
            ])
            #expect(refused.status == 1 && refused.stdout.contains("unsupportedAlgorithm"), "\(refused.stdout) \(refused.stderr)")
        }
    }

    @Test("load runs real sign-ins, bounded in time, and reports rates, failures and percentiles")
    func load() async throws {
        try await Self.withServer { server in
            let result = try await CLIRunner.run(["load", "--server", server, "--duration", "1", "--concurrency", "2", "--users", "2", "--json"])
            #expect(result.status == 0, "\(result.stderr)")
            #expect((result.json["ceremonies"] as? Int ?? 0) > 0)
            #expect(result.json["failures"] as? Int == 0, "\(result.stdout)")
            let latency = try #require(result.json["latencyMs"] as? [String: Any])
            for key in ["p50", "p90", "p99", "max"] { #expect((latency[key] as? Double ?? 0) > 0, "\(key)") }
            // CPU per ceremony, the server's from its /metrics and the generator's own: present and positive.
            #expect((result.json["serverCpuMsPerCeremony"] as? Double ?? 0) > 0, "\(result.stdout)")
            #expect((result.json["loadCpuMsPerCeremony"] as? Double ?? 0) > 0, "\(result.stdout)")
        }
    }
}

extension CeremonyCLITests {
    @Test("passkeys bridge turns options fetched from passkeys serve into responses the server accepts")
    func bridgeAgainstServer() async throws {
        try await Self.withServer { server in
            func post(_ path: String, _ body: String) async throws -> [String: Any] {
                var request = URLRequest(url: try #require(URL(string: server + path)))
                request.httpMethod = "POST"
                request.httpBody = Data(body.utf8)
                request.setValue("application/json", forHTTPHeaderField: "Content-Type")
                let (data, _) = try await URLSession.shared.data(for: request)
                return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            }
            func bridge(_ messages: [[String: Any]], store: String) async throws -> [[String: Any]] {
                let input =
                    try messages.map { String(decoding: try JSONSerialization.data(withJSONObject: $0), as: UTF8.self) }.joined(separator: "\n")
                    + "\n"
                let result = try await CLIRunner.run(["bridge", "--origin", server, "--store", store], stdin: Data(input.utf8))
                #expect(result.status == 0)
                return try result.stdout.split(separator: "\n").map {
                    try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
                }
            }
            let store = Self.storePath()
            let creation = try await post("/attestation/options", #"{"username":"bridge-user","authenticatorSelection":{"residentKey":"required"}}"#)
            let created = try await bridge([["action": "create", "options": creation]], store: store)
            #expect(created.first?["ok"] as? Bool == true, "\(created)")
            let registered = try await post(
                "/attestation/result",
                String(decoding: try JSONSerialization.data(withJSONObject: try #require(created.first?["data"])), as: UTF8.self))
            #expect(registered["status"] as? String == "ok", "\(registered)")
            let request = try await post("/assertion/options", "{}")
            let got = try await bridge([["action": "get", "options": request]], store: store)
            let signedIn = try await post(
                "/assertion/result", String(decoding: try JSONSerialization.data(withJSONObject: try #require(got.first?["data"])), as: UTF8.self))
            #expect(signedIn["status"] as? String == "ok", "\(signedIn)")
            #expect((signedIn["user"] as? [String: Any])?["name"] as? String == "bridge-user")
        }
    }
}
