import ArgumentParser
import Foundation
import PasskeyServer
import Testing

@testable import PasskeysCLI

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("passkeys serve (docs/reference/cli.md)")
struct ServeTests {
    /// The origin of the Android app PASSKEYS_ANDROID_APPS names below (its certificate hash is 32 bytes of 0x0A).
    static let androidOrigin = "android:apk-key-hash:CgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgo"

    func resolve(_ arguments: [String], environment: [String: String] = [:]) throws -> ServerConfiguration {
        try ServeCommand.parse(arguments).resolve(environment)
    }

    @Test("defaults: localhost:8080, an SQLite file in the working directory, origin from rp-id and port")
    func defaults() throws {
        let c = try resolve([])
        #expect(c.host == "127.0.0.1" && c.port == 8080)
        #expect(c.relyingParty.rpID == "localhost" && c.relyingParty.rpName == "Passkeys")
        #expect(c.relyingParty.origins == ["http://localhost:8080"])
        #expect(c.database == .sqliteFile("passkeys.sqlite"))
        #expect(c.rateLimit == 20)
    }

    @Test("environment variables configure everything, and flags win over them")
    func environment() throws {
        let environment = [
            "PASSKEYS_HOST": "0.0.0.0", "PASSKEYS_PORT": "9000", "PASSKEYS_RP_ID": "example.com", "PASSKEYS_RP_NAME": "Example",
            "PASSKEYS_ORIGINS": "https://example.com, https://www.example.com, \(Self.androidOrigin)", "PASSKEYS_DATABASE": "sqlite::memory:",
            "PASSKEYS_APPLE_APP_IDS": "ABCDE12345.com.example.app", "PASSKEYS_ANDROID_APPS": "com.example.app:" + String(repeating: "0A", count: 32),
            "PASSKEYS_RATE_LIMIT": "0",
        ]
        let fromEnvironment = try resolve([], environment: environment)
        #expect(fromEnvironment.host == "0.0.0.0" && fromEnvironment.port == 9000)
        #expect(fromEnvironment.relyingParty.origins == ["https://example.com", "https://www.example.com", Self.androidOrigin])
        #expect(fromEnvironment.database == .sqliteMemory)
        #expect(fromEnvironment.appleAppIDs == ["ABCDE12345.com.example.app"])
        #expect(fromEnvironment.androidApps.first?.fingerprint.hasPrefix("0A:0A:") == true)
        #expect(fromEnvironment.rateLimit == nil, "0 turns rate limiting off")

        let flagsWin = try resolve(
            [
                "--port", "9100", "--rp-id", "flags.example", "--origin", "https://flags.example", "--origin", Self.androidOrigin, "--database",
                "sqlite:x.sqlite",
            ],
            environment: environment)
        #expect(flagsWin.port == 9100 && flagsWin.relyingParty.rpID == "flags.example")
        #expect(flagsWin.relyingParty.origins == ["https://flags.example", Self.androidOrigin])
        #expect(flagsWin.database == .sqliteFile("x.sqlite"))
        #expect(flagsWin.host == "0.0.0.0", "unset flags still read the environment")
    }

    @Test("offered algorithms: classical then ML-DSA by default; --algorithm or PASSKEYS_ALGORITHMS choose and order them")
    func algorithms() throws {
        #expect(try resolve([]).relyingParty.algorithms.map(\.rawValue) == [-7, -8, -257, -37, -49, -50])
        #expect(try resolve(["--algorithm", "ML-DSA-65", "--algorithm", "-7"]).relyingParty.algorithms == [.mlDSA65, .es256])
        let environment = ["PASSKEYS_ALGORITHMS": "ml-dsa-87, ES256"]
        #expect(try resolve([], environment: environment).relyingParty.algorithms == [.mlDSA87, .es256])
        #expect(try resolve(["--algorithm", "EdDSA"], environment: environment).relyingParty.algorithms == [.edDSA], "flags win")
        for (arguments, environment, words) in [
            (["--algorithm", "ML-DSA-44"], [:], "ML-DSA-44 (-48) is not supported"),
            (["--algorithm", "RS1"], [:], "TPM attestation statements only"),
            (["--algorithm", "ES256", "--algorithm", "es256"], [:], "twice"),
            ([], ["PASSKEYS_ALGORITHMS": " , "], "PASSKEYS_ALGORITHMS: expected at least one algorithm"),
        ] as [([String], [String: String], String)] {
            do {
                _ = try resolve(arguments, environment: environment)
                Issue.record("expected \(arguments) \(environment) to be refused")
            } catch {
                #expect("\(error)".contains(words), "\(error)")
            }
        }
    }

    @Test(
        "bad values are usage errors with plain words",
        arguments: [
            ["--database", "mysql://x"], ["--port", "70000"], ["--apple-app-id", "com.example.app"], ["--android-app", "com.example:ZZ"],
            ["--rate-limit", "-1"],
        ])
    func badValues(_ arguments: [String]) {
        #expect(throws: (any Error).self) { try resolve(arguments) }
    }

    @Test("--related-origin or PASSKEYS_RELATED_ORIGINS list related origins; browsers' rules are checked as the flags are read")
    func relatedOrigins() throws {
        let site = ["--rp-id", "example.com", "--origin", "https://example.com"]
        let flags = try resolve(site + ["--related-origin", "https://example.co.uk", "--related-origin", "https://example.de"])
        #expect(flags.relyingParty.relatedOrigins == ["https://example.co.uk", "https://example.de"])
        let fromEnvironment = try resolve(site, environment: ["PASSKEYS_RELATED_ORIGINS": "https://example.fr, https://example.it"])
        #expect(fromEnvironment.relyingParty.relatedOrigins == ["https://example.fr", "https://example.it"])
        #expect(try resolve(site).relyingParty.relatedOrigins.isEmpty)
        for (arguments, words) in [
            (["--related-origin", "http://example.co.uk"], "is not https"),
            (["--related-origin", "https://example.co.uk", "--public-suffix-list", "/nonexistent/list.dat"], "cannot read"),
        ] {
            do {
                _ = try resolve(site + arguments)
                Issue.record("expected \(arguments) to be refused")
            } catch {
                #expect("\(error)".contains(words), "\(error)")
            }
        }
    }

    @Test(
        "FIDO metadata is fetched from FIDO's MDS3 by default, from --metadata-url or PASSKEYS_METADATA_URL, and not at all with 'off' or --metadata FILE"
    )
    func metadataURL() throws {
        let byDefault = try #require(try resolve([]).metadataRefresh)
        #expect(byDefault.url.absoluteString == "https://mds3.fidoalliance.org/" && byDefault.cacheDirectory == nil)
        #expect(try resolve(["--metadata-url", "off"]).metadataRefresh == nil)
        #expect(try resolve([], environment: ["PASSKEYS_METADATA_URL": "off"]).metadataRefresh == nil)
        let local = try #require(
            try resolve(["--metadata-cache", "/var/cache/passkeys"], environment: ["PASSKEYS_METADATA_URL": "http://127.0.0.1:9/mds"]).metadataRefresh
        )
        #expect(local.url.absoluteString == "http://127.0.0.1:9/mds" && local.cacheDirectory == "/var/cache/passkeys")
        #expect(
            try resolve(["--metadata-url", "off"], environment: ["PASSKEYS_METADATA_URL": "http://127.0.0.1:9/mds"]).metadataRefresh == nil,
            "flags win")
        // An air-gapped site's file is never replaced, so nothing is fetched even with the variable set.
        #expect(try resolve(["--metadata", "blob.jwt"], environment: ["PASSKEYS_METADATA_URL": "http://127.0.0.1:9/mds"]).metadataRefresh == nil)
    }

    /// The BLOB's signature protects its content, but over plain HTTP anyone on the path can withhold
    /// updates or answer every check with a huge body.
    @Test("a non-loopback http:// metadata URL is refused at start unless --allow-insecure-metadata-url (or its variable) says so")
    func insecureMetadataURL() throws {
        for url in ["http://mds.example.com/blob.jwt", "http://192.0.2.10/mds", "http://[2001:db8::1]/mds", "http://128.0.0.1/"] {
            do {
                _ = try resolve(["--metadata-url", url])
                Issue.record("\(url) was accepted")
            } catch {
                #expect("\(error)".contains("expected https://"), "\(error)")
            }
            #expect(try resolve(["--metadata-url", url, "--allow-insecure-metadata-url"]).metadataRefresh?.allowInsecureURL == true)
            #expect(try resolve(["--metadata-url", url], environment: ["PASSKEYS_ALLOW_INSECURE_METADATA_URL": "true"]).metadataRefresh != nil)
        }
        for url in [
            "https://mds.example.com/blob.jwt", "http://localhost:9/mds", "http://127.0.0.1:9/mds", "http://127.9.8.7/x", "http://[::1]:9/mds",
        ] {
            #expect(try resolve(["--metadata-url", url]).metadataRefresh?.url.absoluteString == url, "\(url)")
        }
    }

    @Test(
        "metadata flags that contradict each other are usage errors",
        arguments: [
            ["--metadata-url", "ftp://127.0.0.1/mds"], ["--metadata-url", "mds3"],
            ["--metadata", "blob.jwt", "--metadata-url", "http://127.0.0.1:9/mds"],
            ["--metadata", "blob.jwt", "--metadata-cache", "/tmp/x"], ["--metadata-url", "off", "--metadata-crl", "x.crl"],
        ])
    func badMetadataFlags(_ arguments: [String]) {
        #expect(throws: (any Error).self) { try resolve(arguments) }
    }

    @Test("--shutdown-grace and --shutdown-drain, or their variables: 10 s and none by default, whole seconds, the drain inside the grace")
    func shutdownFlags() throws {
        let defaults = try resolve([])
        #expect(defaults.shutdownGrace == .seconds(10) && defaults.shutdownDrain == .zero)
        let environment = ["PASSKEYS_SHUTDOWN_GRACE": "30", "PASSKEYS_SHUTDOWN_DRAIN": "5"]
        let fromEnvironment = try resolve([], environment: environment)
        #expect(fromEnvironment.shutdownGrace == .seconds(30) && fromEnvironment.shutdownDrain == .seconds(5))
        let flagsWin = try resolve(["--shutdown-grace", "8", "--shutdown-drain", "0"], environment: environment)
        #expect(flagsWin.shutdownGrace == .seconds(8) && flagsWin.shutdownDrain == .zero)
        for (arguments, environment, words) in [
            (["--shutdown-grace", "1"], [:], "--shutdown-grace: expected 2 to 3600 seconds, found '1'"),
            (["--shutdown-grace", "3601"], [:], "--shutdown-grace: expected 2 to 3600 seconds"),
            ([], ["PASSKEYS_SHUTDOWN_GRACE": "ten"], "PASSKEYS_SHUTDOWN_GRACE: expected 2 to 3600 seconds, found 'ten'"),
            (["--shutdown-drain", "9"], [:], "--shutdown-drain: expected 0 to 8 seconds"),
            (["--shutdown-grace", "5"], ["PASSKEYS_SHUTDOWN_DRAIN": "4"], "PASSKEYS_SHUTDOWN_DRAIN: expected 0 to 3 seconds"),
        ] as [([String], [String: String], String)] {
            do {
                _ = try resolve(arguments, environment: environment)
                Issue.record("expected \(arguments) \(environment) to be refused")
            } catch {
                #expect("\(error)".contains(words), "\(error)")
            }
        }
    }

    @Test("the server starts, answers on loopback, and exits 0 on SIGTERM")
    func lifecycle() async throws {
        // Below the ephemeral range and disjoint from the other suites' ranges (see CeremonyCLITests.withServer).
        let port = Int.random(in: 20_000..<26_000)
        let database = FileManager.default.temporaryDirectory.appendingPathComponent("passkeys-serve-\(UUID().uuidString).sqlite").path
        let errorLog = database + ".log"
        let process = try await ChildProcess.start(
            ["serve", "--port", String(port), "--database", "sqlite:\(database)", "--metadata-url", "off"], errorLog: errorLog)
        defer { process.send(SIGKILL) }

        var healthy = false
        let health = try #require(URL(string: "http://127.0.0.1:\(port)/healthz"))
        for _ in 0..<100 where !healthy {
            try await Task.sleep(for: .milliseconds(100))
            if let (data, _) = try? await URLSession.shared.data(from: health) {
                healthy = String(decoding: data, as: UTF8.self).contains("\"status\":\"ok\"")
            }
        }
        #expect(healthy, "the server answered /healthz")
        #expect(FileManager.default.fileExists(atPath: database), "the SQLite file and schema are created at start-up")

        process.send(SIGTERM)
        for _ in 0..<100 where process.isRunning { try await Task.sleep(for: .milliseconds(100)) }
        #expect(!process.isRunning, "the server stopped on SIGTERM")
        #expect(process.terminationStatus == 0)
        let log = (try? String(contentsOfFile: errorLog, encoding: .utf8)) ?? ""
        // The address to open first (WebAuthn's, for RP ID localhost), then where it listens.
        #expect(log.contains("passkeys serve: open http://localhost:\(port) (listening on 127.0.0.1:\(port);"), "\(log)")
    }
}
