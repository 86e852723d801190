// Linux only: real signals to a real process, and Glibc's sockets for the misbehaving peers (LoopbackSockets.swift).
#if canImport(Glibc)
import Foundation
import Glibc
import Synchronization
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// SIGTERM ends `passkeys serve` within `--shutdown-grace` (default 10 s), whatever the metadata service
/// does; `/readyz` answers 503 from the moment the stop begins; a request in flight finishes, and one that never
/// does is cut at the grace. Each test runs the built executable on loopback and sends it a real SIGTERM.
@Suite("passkeys serve stops within its grace", .serialized)
struct ShutdownTests {
    /// A `passkeys serve` process with its log in a file.
    final class Server: Sendable {
        let process: ChildProcess
        let port: Int
        let log: URL
        private let signalled = Mutex<ContinuousClock.Instant?>(nil)

        /// Starts the server with `arguments` on a port below Linux's ephemeral range (disjoint from the other suites'
        /// ranges, see CeremonyCLITests.withServer) and returns once `/healthz` answers; tries another port when the one
        /// drawn is taken.
        static func start(_ arguments: [String]) async throws -> Server {
            for _ in 0..<3 {
                let server = try await Server(port: Int.random(in: 6_000..<10_000), arguments: arguments)
                if try await server.healthy() { return server }
                server.kill()
            }
            throw StartFailed()
        }

        struct StartFailed: Error {}

        private init(port: Int, arguments: [String]) async throws {
            self.port = port
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("passkeys-stop-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            log = folder.appendingPathComponent("server.log")
            process = try await ChildProcess.start(
                ["serve", "--port", String(port), "--database", "sqlite:\(folder.path)/server.sqlite"] + arguments, errorLog: log.path)
        }

        private func healthy() async throws -> Bool {
            let health = try #require(URL(string: "http://127.0.0.1:\(port)/healthz"))
            for _ in 0..<100 where process.isRunning {
                if (try? await URLSession.shared.data(from: health)) != nil { return true }
                try await Task.sleep(for: .milliseconds(100))
            }
            return false
        }

        func terminate() {
            signalled.withLock { $0 = .now }
            process.send(SIGTERM)
        }

        /// Seconds from ``terminate()`` to the process's end, waiting at most `limit` seconds (then nil).
        func secondsToExit(limit: Double) async throws -> Double? {
            let start = signalled.withLock { $0 } ?? .now
            while process.isRunning {
                if ContinuousClock.now - start > .seconds(limit) { return nil }
                try await Task.sleep(for: .milliseconds(20))
            }
            let elapsed = (ContinuousClock.now - start).components
            return Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
        }

        var logText: String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }

        /// Ends the server at once; the child is reaped by its monitor, so nothing waits here (this runs in `defer`).
        func kill() {
            process.send(SIGKILL)
            try? FileManager.default.removeItem(at: log.deletingLastPathComponent())
        }

        /// GET `path` on a connection of its own: status and body, or nil when no connection is accepted. `Connection:
        /// close`, so a request never goes out on a kept-alive connection that the stopping server has just closed (an
        /// error that would read as a refused connection).
        func get(_ path: String) async -> (Int, String)? {
            guard let url = URL(string: "http://127.0.0.1:\(port)\(path)") else { return nil }
            var request = URLRequest(url: url)
            request.setValue("close", forHTTPHeaderField: "Connection")
            guard let (data, response) = try? await URLSession.shared.data(for: request), let http = response as? HTTPURLResponse
            else { return nil }
            return (http.statusCode, String(decoding: data, as: UTF8.self))
        }
    }

    /// The default grace: what the bound is when nothing is configured.
    static let defaultGrace = 10.0

    /// Starts a server whose metadata downloads go to `metadataURL`, lets the first download begin, sends SIGTERM and
    /// checks the process ends within the default grace, exit status 0, with no download failure reported for the
    /// download the stop cancelled.
    func stopsWhileDownloading(from metadataURL: String) async throws {
        let server = try await Server.start(["--metadata-url", metadataURL])
        defer { server.kill() }
        // The first download starts with the server; give it a moment to be under way (connecting, or waiting).
        try await Task.sleep(for: .milliseconds(300))
        server.terminate()
        let seconds = try await server.secondsToExit(limit: Self.defaultGrace + 5)
        let log = server.logText
        let stopped = try #require(seconds, "still running \(Self.defaultGrace + 5) s after SIGTERM: \(log)")
        print("ShutdownTests: \(metadataURL): exited \(String(format: "%.2f", stopped)) s after SIGTERM")
        #expect(stopped < Self.defaultGrace, "the stop took \(stopped) s, more than the \(Self.defaultGrace) s grace")
        #expect(server.process.terminationStatus == 0, "\(log)")
        #expect(log.contains("stopping"), "\(log)")
        #expect(!log.contains("CancellationError"), "a download cancelled by the stop is not reported as a failure: \(log)")
    }

    @Test("the metadata service unreachable (a port that refuses): SIGTERM ends the process within the grace")
    func metadataRefused() async throws {
        let refusing = try Loopback.RefusingPort()
        try await stopsWhileDownloading(from: "http://127.0.0.1:\(refusing.port)/mds")
    }

    @Test("a metadata service that accepts the connection and never answers: SIGTERM ends the process within the grace")
    func metadataSilent() async throws {
        let silent = try Loopback.SilentListener()
        defer { silent.stop() }
        try await stopsWhileDownloading(from: "http://127.0.0.1:\(silent.port)/mds")
        #expect(silent.connections > 0, "the download reached the silent service (otherwise this test proves nothing)")
    }

    @Test("/readyz answers 503 stopping as soon as the stop begins; /healthz and the API still answer during --shutdown-drain")
    func readinessDuringStop() async throws {
        // A 6 s drain and a 20 s grace: the checks below must land inside the drain, and the exit inside the grace, on a
        // machine loaded by the rest of the suite (a 1 s drain missed the first, a 3 s drain and 6 s grace both).
        let server = try await Server.start(["--metadata-url", "off", "--shutdown-grace", "20", "--shutdown-drain", "6"])
        defer { server.kill() }
        #expect(await server.get("/readyz")?.0 == 200)
        server.terminate()
        var readiness: (Int, String)?
        for _ in 0..<50 {
            readiness = await server.get("/readyz")
            if readiness?.0 != 200 { break }
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(readiness?.0 == 503 && readiness?.1.contains("\"code\":\"stopping\"") == true, "\(String(describing: readiness))")
        #expect(await server.get("/healthz")?.0 == 200, "liveness is not readiness: a stopping server is alive")
        #expect(await server.get("/.well-known/webauthn")?.0 == 200, "requests are still served while draining")
        let seconds = try #require(try await server.secondsToExit(limit: 25), "still running 25 s after SIGTERM")
        #expect(seconds >= 5.9, "the listener stayed open for the drain: \(seconds) s")
        #expect(seconds < 20, "the stop took \(seconds) s, more than the 20 s grace")
        #expect(server.process.terminationStatus == 0, "\(server.logText)")
    }

    /// `POST /assertion/options` whose 2-byte body `{}` is sent in two halves.
    static func halfRequest(port: Int) -> String {
        "POST /assertion/options HTTP/1.1\r\nHost: localhost:\(port)\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{"
    }

    @Test("a request in flight at SIGTERM finishes; new connections are refused meanwhile; the process ends after it")
    func inFlightRequestFinishes() async throws {
        let server = try await Server.start(["--metadata-url", "off"])
        defer { server.kill() }
        let connection = try Loopback.Connection(port: server.port)
        defer { connection.close() }
        try connection.send(Self.halfRequest(port: server.port))
        // The server has the head and waits for the rest of the body when the signal comes.
        try await Task.sleep(for: .milliseconds(300))
        server.terminate()
        try await Task.sleep(for: .milliseconds(500))
        #expect(server.process.isRunning, "the server waits for the request in flight")
        #expect(!Loopback.accepts(port: server.port), "a stopping server takes no new connections")
        try connection.send("}")
        let answer = await connection.readUntilClosed(seconds: 5)
        #expect(answer.hasPrefix("HTTP/1.1 200"), "\(answer)")
        #expect(answer.contains("\"challenge\""), "the request was answered in full: \(answer)")
        let seconds = try #require(try await server.secondsToExit(limit: Self.defaultGrace + 5), "still running after the request ended")
        #expect(seconds < Self.defaultGrace, "\(seconds) s")
        #expect(server.process.terminationStatus == 0, "\(server.logText)")
    }

    @Test("a request that never finishes does not hold the stop: the process ends within --shutdown-grace")
    func unfinishedRequestIsCut() async throws {
        let grace = 2.0
        let server = try await Server.start(["--metadata-url", "off", "--shutdown-grace", "2"])
        defer { server.kill() }
        let connection = try Loopback.Connection(port: server.port)
        defer { connection.close() }
        try connection.send(Self.halfRequest(port: server.port))
        try await Task.sleep(for: .milliseconds(300))
        server.terminate()
        let seconds = try #require(try await server.secondsToExit(limit: grace + 5), "still running \(grace + 5) s after SIGTERM")
        print("ShutdownTests: a request that never finished: exited \(String(format: "%.2f", seconds)) s after SIGTERM (grace \(grace) s)")
        // The bound itself is what is tested; a little scheduling slack on a loaded machine is allowed.
        #expect(seconds < grace + 0.5, "the stop took \(seconds) s, more than the \(grace) s grace")
        #expect(seconds >= grace - 1.1, "the request had the grace less one second before it was cut: \(seconds) s")
        let answer = await connection.readUntilClosed(seconds: 1)
        #expect(!answer.hasPrefix("HTTP/1.1 200"), "the request was cut, not answered: \(answer)")
    }
}
#endif
