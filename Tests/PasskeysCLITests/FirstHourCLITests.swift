import Foundation
import Subprocess
import Testing

@testable import PasskeysCLI

/// A CLI that says what went wrong, in the words a new user needs, with the contract's exit codes.
@Suite("The CLI explains what went wrong", .serialized)
struct FirstHourCLITests {
    static func port(of server: String) throws -> Int { try #require(URLComponents(string: server)?.port) }

    @Test("a taken port is named, with one to try, and nothing claims to listen first")
    func portInUse() async throws {
        try await CeremonyCLITests.withServer { server in
            let port = try Self.port(of: server)
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("passkeys-taken-\(UUID().uuidString)").path
            let second = try await CLIRunner.run(["serve", "--port", String(port), "--database", "sqlite:\(folder).sqlite", "--metadata-url", "off"])
            #expect(second.status == 1, "\(second.stderr)")
            #expect(second.stderr.contains("cannot listen on 127.0.0.1:\(port): the port is already in use"), "\(second.stderr)")
            #expect(second.stderr.contains("--port \(port + 1)"), "a port to try: \(second.stderr)")
            #expect(!second.stderr.contains("listening") || second.stderr.contains("cannot listen"), "\(second.stderr)")
            #expect(!second.stderr.contains("open http://"), "no start-up line before the failure: \(second.stderr)")
            #expect(!second.stderr.contains("errno"), "not NIO's words: \(second.stderr)")
        }
    }

    @Test("a server that is not there: 'cannot connect to URL: is passkeys serve running?', exit 1, at once")
    func cannotConnect() async throws {
        let store = CeremonyCLITests.storePath()
        let started = Date()
        for arguments in [
            ["register", "--server", "http://localhost:1", "--username", "ada", "--store", store],
            ["login", "--server", "http://localhost:1"],
        ] {
            let result = try await CLIRunner.run(arguments)
            #expect(result.status == 1, "\(arguments): \(result.stderr)")
            #expect(result.errorCode == "network", "\(result.stdout)")
            #expect(result.stderr.contains("cannot connect to http://localhost:1: is `passkeys serve` running?"), "\(result.stderr)")
            #expect(!result.stderr.contains("SingleConnectionFailure") && !result.stderr.contains("errno"), "\(result.stderr)")
        }
        // A refused connection fails the first time (no retrying until the 10 s connect timeout).
        #expect(Date().timeIntervalSince(started) < 8)
        let load = try await CLIRunner.run(["load", "--server", "http://localhost:1", "--duration", "1", "--users", "1", "--concurrency", "1"])
        #expect(load.status == 1)
        #expect(load.stderr.contains("the load did not start: cannot connect to http://localhost:1: is `passkeys serve` running?"), "\(load.stderr)")
    }

    @Test("TLS against a plain-http server names the handshake's reason, not a source path")
    func tlsFailure() async throws {
        try await CeremonyCLITests.withServer { server in
            let https = server.replacingOccurrences(of: "http://", with: "https://")
            let result = try await CLIRunner.run(["register", "--server", https, "--username", "ada", "--store", CeremonyCLITests.storePath()])
            #expect(result.status == 1 && result.errorCode == "network", "\(result.stdout)")
            #expect(result.stderr.contains("cannot connect to \(https): the TLS handshake failed (wrong version number)"), "\(result.stderr)")
            #expect(!result.stderr.contains(".build/") && !result.stderr.contains(".cc"), "\(result.stderr)")
        }
    }

    @Test("rpIdNotAllowed names the URL to use: http://localhost:PORT for a server opened at 127.0.0.1")
    func rpIDNotAllowed() async throws {
        try await CeremonyCLITests.withServer { server in
            let port = try Self.port(of: server)
            let result = try await CLIRunner.run([
                "register", "--server", "http://127.0.0.1:\(port)", "--username", "ada", "--store", CeremonyCLITests.storePath(),
            ])
            #expect(result.status == 1 && result.errorCode == "rpIdNotAllowed", "\(result.stdout)")
            #expect(result.stderr.contains("the server's RP ID is 'localhost': use --server http://localhost:\(port)"), "\(result.stderr)")
        }
    }

    @Test("register prints the new account's recovery codes")
    func registerPrintsRecoveryCodes() async throws {
        try await CeremonyCLITests.withServer { server in
            let result = try await CLIRunner.run(["register", "--server", server, "--username", "grace", "--store", CeremonyCLITests.storePath()])
            #expect(result.status == 0, "\(result.stderr)")
            let codes = try #require(result.json["recoveryCodes"] as? [String])
            #expect(codes.count == 10 && Set(codes).count == 10, "\(codes)")
            #expect(codes.allSatisfy { $0.wholeMatch(of: /[0-9A-Z]{4}(-[0-9A-Z]{4}){3}/) != nil }, "\(codes)")
        }
    }

    @Test("load against a rate-limited server exits 1 and says most ceremonies were refused, and why")
    func loadMostlyRefused() async throws {
        // A limit the run spends at once (a burst of 10 options requests, then one every 100 s), so most of its
        // ceremonies are refused however fast or slow the machine runs it; with the default 20 a second a run on a
        // machine at load 15 stayed under the limit.
        try await CeremonyCLITests.withServer(["--rate-limit", "0.01"]) { server in
            let result = try await CLIRunner.run(["load", "--server", server, "--duration", "1", "--concurrency", "4", "--users", "4", "--json"])
            #expect(result.status == 1, "\(result.stdout) \(result.stderr)")
            let failures = try #require(result.json["failures"] as? Int), ceremonies = try #require(result.json["ceremonies"] as? Int)
            #expect(failures * 2 > failures + ceremonies, "the report is still printed: \(result.stdout)")
            #expect(result.stderr.contains("of \(failures + ceremonies) ceremonies failed"), "\(result.stderr)")
            #expect(result.stderr.contains("as rateLimited") && result.stderr.contains("--rate-limit 0"), "\(result.stderr)")
        }
    }

    @Test("an environment variable's bad value is named by the variable, with serve's own usage")
    func environmentVariables() async throws {
        let cases: [(String, String, String)] = [
            ("PASSKEYS_REVERIFICATION_WINDOW", "soon", "PASSKEYS_REVERIFICATION_WINDOW: expected 1 to 86400 seconds, found 'soon'"),
            ("PASSKEYS_RATE_LIMIT", "fast", "PASSKEYS_RATE_LIMIT: expected a number of requests per second"),
            ("PASSKEYS_PORT", "eighty", "PASSKEYS_PORT: expected a port number, found 'eighty'"),
            ("PASSKEYS_USER_VERIFICATION", "always", "PASSKEYS_USER_VERIFICATION: expected required, preferred or discouraged"),
            ("PASSKEYS_ALLOW_INSECURE_ORIGIN", "yes", "PASSKEYS_ALLOW_INSECURE_ORIGIN: expected 1, true, 0 or false, found 'yes'"),
            ("PASSKEYS_TRUSTED_PROXIES", "10.0.0.0/99", "PASSKEYS_TRUSTED_PROXIES: expected a prefix length"),
            ("PASSKEYS_LOG_LEVEL", "loud", "PASSKEYS_LOG_LEVEL: expected trace, debug"),
        ]
        for (variable, value, words) in cases {
            let result = try await CLIRunner.run(["serve", "--database", "sqlite::memory:"], environment: [variable: value])
            #expect(result.status == 2, "\(variable): \(result.stderr)")
            #expect(result.stderr.hasPrefix("error: \(words)"), "\(variable): \(result.stderr)")
            #expect(result.stderr.contains("Usage: passkeys serve"), "the failed subcommand's usage: \(result.stderr)")
            #expect(!result.stderr.contains("Usage: passkeys <subcommand>"), "\(result.stderr)")
        }
        // The flag, when it was the flag.
        let flag = try await CLIRunner.run(["serve", "--reverification-window", "0", "--database", "sqlite::memory:"])
        #expect(flag.status == 2 && flag.stderr.hasPrefix("error: --reverification-window: expected 1 to 86400"), "\(flag.stderr)")
    }

    @Test("a mistyped subcommand gets the nearest one; an unknown one the list")
    func suggestions() async throws {
        for (arguments, suggestion) in [
            (["verfy"], "Did you mean 'verify'?"), (["regster", "--server", "x"], "Did you mean 'register'?"),
            (["credentials", "lst"], "Did you mean 'list'?"), (["verify", "registraton"], "Did you mean 'registration'?"),
            (["sreve"], "Did you mean 'serve'?"),
        ] {
            let result = try await CLIRunner.run(arguments)
            #expect(result.status == 2 && result.stdout.isEmpty, "\(arguments)")
            #expect(result.stderr.contains(suggestion), "\(arguments): \(result.stderr)")
        }
        let unknown = try await CLIRunner.run(["frobnicate"])
        #expect(unknown.status == 2 && !unknown.stderr.contains("Did you mean"), "\(unknown.stderr)")
        #expect(unknown.stderr.contains("The commands are: serve, register, login"), "\(unknown.stderr)")
        #expect(UnknownSubcommand.nearest(to: "verfiy", in: ["verify", "serve"]) == "verify", "a swap of two letters is one edit")
        #expect(UnknownSubcommand.nearest(to: "xyz", in: ["verify", "serve"]) == nil)
    }

    @Test("--version prints the version and the commit this build was made from")
    func version() async throws {
        let result = try await CLIRunner.run(["--version"])
        #expect(result.status == 0)
        let line = result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(line.hasPrefix("passkeys \(PasskeysVersion.number) (commit "), "\(line)")
        // In a git checkout (CI's is one), the commit is HEAD's.
        if let git = try? await Subprocess.run(
            .name("git"), arguments: ["-C", CLIRunner.packageRoot.path, "rev-parse", "--short=12", "HEAD"], output: .string(limit: 4_096))
        {
            let head = git.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
            if git.terminationStatus.isSuccess, !head.isEmpty { #expect(line.contains("(commit \(head)"), "\(line) vs HEAD \(head)") }
        }
    }

    @Test("every help page ends with an example, and says each default once")
    func helpPages() async throws {
        func paths(_ node: CommandNode, _ prefix: [String]) -> [[String]] {
            node.children.flatMap { child in [prefix + [child.name]] + paths(child, prefix + [child.name]) }
        }
        let all = paths(CommandNode(PasskeysCommand.self), [])
        #expect(all.count >= 14, "\(all)")
        for path in [[]] + all {
            let result = try await CLIRunner.run(path + ["--help"])
            #expect(result.status == 0, "\(path)")
            #expect(result.stdout.contains("Example"), "passkeys \(path.joined(separator: " ")) --help has no example")
            for option in result.stdout.components(separatedBy: "\n  -") {
                let words = option.split(whereSeparator: \.isWhitespace).joined(separator: " ")
                #expect(words.components(separatedBy: "default").count <= 2, "a default said twice: \(words)")
            }
        }
    }

    @Test("credentials list, remove and login refuse a --store that does not exist (exit 2), rather than reading it as empty")
    func missingStore() async throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("no-such-store-\(UUID().uuidString).json").path
        for arguments in [
            ["credentials", "list", "--store", missing], ["credentials", "remove", "AAAA", "--server", "http://localhost:1", "--store", missing],
            ["login", "--server", "http://localhost:1", "--store", missing],
        ] {
            let result = try await CLIRunner.run(arguments)
            #expect(result.status == 2, "\(arguments): \(result.status) \(result.stdout)")
            #expect(result.stdout.isEmpty, "no [] on stdout: \(result.stdout)")
            #expect(result.stderr.contains("there is no credential store at '\(missing)'"), "\(result.stderr)")
            #expect(result.stderr.contains("Usage: passkeys \(arguments[0])"), "\(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: missing), "nothing was created")
    }
}
