// Linux only: real signals to real processes.
#if canImport(Glibc)
import Foundation
import Glibc
import PasskeyCore
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Rotating the key-encryption key as docs/deploy.md tells operators to: two restarts with both keys, a reseal, a
/// restart with the new key alone. Every phase starts and serves the sessions and signing keys made before it; a
/// server given only a key that did not seal the database's values refuses to start, naming what to do.
@Suite("Rotating the key-encryption key", .serialized)
struct KeyRotationCLITests {
    /// A new key file of 32 random bytes, base64.
    static func keyFile(in folder: String, _ name: String) throws -> String {
        let path = "\(folder)/\(name).kek"
        try Data(SecureRandom.bytes(32)).base64EncodedString().write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Runs `passkeys serve` on `database` with `arguments` until `body` returns: `body` gets the server's address,
    /// or, when it did not start, its exit code and log.
    static func serve(
        database: String, _ arguments: [String], _ body: (Result<String, StartRefused>) async throws -> Void
    ) async throws {
        // Below the ephemeral range and disjoint from the other suites' ranges (see CeremonyCLITests.withServer).
        let port = Int.random(in: 3_000..<6_000)
        let log = database + ".\(port).log"
        let server = try await ChildProcess.start(
            ["serve", "--port", String(port), "--database", "sqlite:\(database)", "--rate-limit", "0", "--metadata-url", "off"] + arguments,
            errorLog: log)
        defer { server.send(SIGTERM) }
        let health = try #require(URL(string: "http://127.0.0.1:\(port)/healthz"))
        for _ in 0..<100 where server.isRunning {
            if (try? await URLSession.shared.data(from: health)) != nil { return try await body(.success("http://localhost:\(port)")) }
            try await Task.sleep(for: .milliseconds(100))
        }
        let status = try await server.waitForExit()
        try await body(.failure(StartRefused(status: status, log: (try? String(contentsOfFile: log, encoding: .utf8)) ?? "")))
    }

    struct StartRefused: Error {
        let status: Int32
        let log: String
    }

    /// The `kid`s the server publishes.
    static func kids(_ server: String) async throws -> Set<String> {
        let (data, _) = try await URLSession.shared.data(from: try #require(URL(string: server + "/.well-known/jwks.json")))
        let keys = try JSONParser.parseObject(Array(data))["keys"]?.arrayValue ?? []
        return Set(keys.compactMap { $0.objectValue?["kid"]?.stringValue })
    }

    /// `GET /session` with `session`: 200 while it lives.
    static func sessionLives(_ server: String, _ session: String) async throws -> Bool {
        var request = URLRequest(url: try #require(URL(string: server + "/session")))
        request.setValue("Bearer \(session)", forHTTPHeaderField: "Authorization")
        let (_, response) = try await URLSession.shared.data(for: request)
        return (response as? HTTPURLResponse)?.statusCode == 200
    }

    @Test("four phases: no restart meets a value it cannot open, the reseal moves every value to the new key, sessions and keys live on")
    func rotation() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("passkeys-kek-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let database = "\(folder)/server.sqlite"
        let (old, new) = (try Self.keyFile(in: folder, "old"), try Self.keyFile(in: folder, "new"))
        let store = "\(folder)/credentials.json"

        var session = ""
        var kids: Set<String> = []
        try await Self.serve(database: database, ["--key-encryption-key-file", old]) { started in
            let server = try started.get()
            let registered = try await CLIRunner.run(["register", "--username", "rotating", "--server", server, "--store", store])
            #expect(registered.status == 0, "\(registered.stderr)")
            let login = try await CLIRunner.run(["login", "--username", "rotating", "--server", server, "--store", store])
            session = try #require(login.json["session"] as? String, "\(login.stdout)")
            kids = try await Self.kids(server)
        }
        #expect(!kids.isEmpty)

        // The new key alone cannot open what the old one sealed: refused at start, saying how to rotate.
        try await Self.serve(database: database, ["--key-encryption-key-file", new]) { started in
            guard case .failure(let refused) = started else {
                Issue.record("started with a key that sealed nothing")
                return
            }
            #expect(refused.status != 0 && refused.log.contains("--previous-key-encryption-key-file"), "\(refused.log)")
        }
        // Phase 1, then 2: both keys, sealing with the old, then with the new.
        for arguments in [
            ["--key-encryption-key-file", old, "--previous-key-encryption-key-file", new],
            ["--key-encryption-key-file", new, "--previous-key-encryption-key-file", old],
        ] {
            try await Self.serve(database: database, arguments) { started in
                let server = try started.get()
                #expect(try await Self.kids(server) == kids, "\(arguments)")
                #expect(try await Self.sessionLives(server, session), "\(arguments)")
                let login = try await CLIRunner.run(["login", "--username", "rotating", "--server", server, "--store", store])
                #expect(login.status == 0, "\(arguments): \(login.stderr)")
            }
        }
        // Phase 3: the reseal, once; a second run finds everything current.
        let keys = ["--database", "sqlite:\(database)", "--key-encryption-key-file", new, "--previous-key-encryption-key-file", old]
        let resealed = try await CLIRunner.run(["keys", "reseal"] + keys)
        #expect(resealed.status == 0, "\(resealed.stdout) \(resealed.stderr)")
        #expect((resealed.json["signingKeys"] as? Int ?? 0) >= 1 && resealed.json["secrets"] as? Int == 4, "\(resealed.stdout)")
        let again = try await CLIRunner.run(["keys", "reseal"] + keys)
        #expect(again.json["signingKeys"] as? Int == 0 && again.json["secrets"] as? Int == 0, "\(again.stdout)")
        // The old key alone opens none of the resealed values: the first is named, and the run fails.
        let wrong = try await CLIRunner.run(["keys", "reseal", "--database", "sqlite:\(database)", "--key-encryption-key-file", old])
        #expect(wrong.status == 1 && wrong.errorCode == "sealedValueUnreadable", "\(wrong.stdout) \(wrong.stderr)")
        let same = try await CLIRunner.run(["keys", "reseal"] + keys.dropLast() + [new])
        #expect(same.status == 2 && same.stderr.contains("the same key"), "\(same.stderr)")

        // Phase 4: the new key alone; the old one alone no longer opens anything.
        try await Self.serve(database: database, ["--key-encryption-key-file", new]) { started in
            let server = try started.get()
            #expect(try await Self.kids(server) == kids)
            #expect(try await Self.sessionLives(server, session))
        }
        try await Self.serve(database: database, ["--key-encryption-key-file", old]) { started in
            guard case .failure(let refused) = started else {
                Issue.record("the retired key still opens the database")
                return
            }
            #expect(refused.status != 0, "\(refused.log)")
        }
    }
    /// A POST of `body` with `Authorization: Bearer <bearer>`: the answer's JSON object.
    static func post(_ url: String, bearer: String, contentType: String, body: String) async throws -> JSONObject {
        var request = URLRequest(url: try #require(URL(string: url)))
        request.httpMethod = "POST"
        request.setValue("Bearer \(bearer)", forHTTPHeaderField: "Authorization")
        request.setValue(contentType, forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(body.utf8)
        let (data, _) = try await URLSession.shared.data(for: request)
        return try JSONParser.parseObject(Array(data))
    }

    /// `POST /session/token` for `session`: the token and its `kid`.
    static func sessionToken(_ server: String, _ session: String) async throws -> (token: String, kid: String) {
        let answer = try await post(server + "/session/token", bearer: session, contentType: "application/json", body: "{}")
        let token = try #require(answer["token"]?.stringValue, "\(answer)")
        let header = try JSONParser.parseObject(try Base64URL.decode(String(token.split(separator: ".")[0])))
        return (token, try #require(header["kid"]?.stringValue))
    }

    /// `POST /introspect` of `token` with the API key `key`: whether it is active.
    static func isActive(_ server: String, _ token: String, key: String) async throws -> Bool {
        let answer = try await post(server + "/introspect", bearer: key, contentType: "application/x-www-form-urlencoded", body: "token=\(token)")
        return answer["active"] == .bool(true)
    }

    @Test("keys retire on a running server: its tokens inactive at once, the successor signing and the key out of the JWKS within 10 s")
    func retire() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("passkeys-retire-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let database = "\(folder)/server.sqlite"
        let store = "\(folder)/credentials.json"
        try await Self.serve(database: database, []) { started in
            let server = try started.get()
            let registered = try await CLIRunner.run(["register", "--username", "retiring", "--server", server, "--store", store])
            #expect(registered.status == 0, "\(registered.stderr)")
            let session = try #require(
                try await CLIRunner.run(["login", "--username", "retiring", "--server", server, "--store", store]).json["session"] as? String)
            let created = try await CLIRunner.run(["api-key", "create", "--database", "sqlite:\(database)", "--name", "backend"])
            let key = created.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            let (token, kid) = try await Self.sessionToken(server, session)
            #expect(try await Self.isActive(server, token, key: key), "\(created.stdout) \(created.stderr)")

            let listed = try await CLIRunner.run(["keys", "list", "--database", "sqlite:\(database)"])
            let keys = (listed.json["signingKeys"] as? [[String: Any]]) ?? []
            #expect(keys.contains { $0["kid"] as? String == kid && $0["state"] as? String == "signing" }, "\(listed.stdout)")
            let unknown = try await CLIRunner.run(["keys", "retire", "--database", "sqlite:\(database)", String(repeating: "A", count: 43)])
            #expect(unknown.status == 1 && unknown.errorCode == "signingKeyNotFound", "\(unknown.stdout)")
            let malformed = try await CLIRunner.run(["keys", "retire", "--database", "sqlite:\(database)", "not-a-kid"])
            #expect(malformed.status == 2, "\(malformed.stderr)")

            let retired = try await CLIRunner.run(["keys", "retire", "--database", "sqlite:\(database)", kid])
            #expect(retired.status == 0 && retired.json["retired"] as? String == kid, "\(retired.stdout) \(retired.stderr)")
            let promoted = try #require(retired.json["promoted"] as? String, "\(retired.stdout)")
            #expect(try await !Self.isActive(server, token, key: key), "inactive at once")
            // Within one refresh (10 s), bounded at 20.
            var published = try await Self.kids(server)
            for _ in 0..<40 where published.contains(kid) {
                try await Task.sleep(for: .milliseconds(500))
                published = try await Self.kids(server)
            }
            #expect(!published.contains(kid) && published.contains(promoted), "\(published)")
            let (fresh, freshKid) = try await Self.sessionToken(server, session)
            let freshActive = try await Self.isActive(server, fresh, key: key)
            #expect(freshKid == promoted && freshActive)

            // The login-ticket key: a second version, a minute ahead, listed with its key-encryption key (none here).
            let rotated = try await CLIRunner.run(["keys", "rotate", "authorization-ticket", "--database", "sqlite:\(database)"])
            #expect(rotated.status == 0 && rotated.json["version"] as? Int == 2, "\(rotated.stdout) \(rotated.stderr)")
            let relisted = try await CLIRunner.run(["keys", "list", "--database", "sqlite:\(database)"])
            let secrets = (relisted.json["secrets"] as? [[String: Any]]) ?? []
            let ticketKey = secrets.first { $0["name"] as? String == "authorization-ticket-key" }
            #expect((ticketKey?["versions"] as? [[String: Any]])?.first?["sealedWith"] as? String == "plain", "\(relisted.stdout)")
            let notRotatable = try await CLIRunner.run(["keys", "rotate", "signing-key", "--database", "sqlite:\(database)"])
            #expect(notRotatable.status == 2 && notRotatable.stderr.contains("authorization-ticket"), "\(notRotatable.stderr)")
        }
    }
}
#endif
