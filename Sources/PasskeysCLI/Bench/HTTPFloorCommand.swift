import ArgumentParser
import Logging
@_spi(Benchmarks) import PasskeyServer

/// `passkeys http-floor` (hidden; docs/performance.md, "Floors"): the HTTP stack of `passkeys serve` with no relying
/// party, for `scripts/measure-floors` to measure what a request costs before any of the server's own work.
struct HTTPFloorCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "http-floor",
        abstract: "Serve GET /healthz and POST /echo on the server's HTTP stack alone (a benchmark floor).",
        discussion: """
            For scripts/measure-floors: what a request costs on the stack of `passkeys serve` before any relying-party work. Loopback only by default.

            Example:
              passkeys http-floor --port 8091
            """,
        shouldDisplay: false)

    @Option(help: "The address to listen on.") var host = "127.0.0.1"
    @Option(help: "The port to listen on (1 to 65535).") var port: Int

    func validate() throws {
        guard (1...65535).contains(port) else { throw ValidationError("--port: expected 1 to 65535, found \(port)") }
    }

    func run() async throws {
        // The log handler and level of `passkeys serve` (ServeCommand), so the floor pays what the server pays per
        // request for its logger's metadata.
        LoggingSystem.bootstrap { label in ServerLogHandler(label: label, level: .notice) }
        try await HTTPFloor.makeApplication(host: host, port: port, logger: Logger(label: "passkeys")).runService()
    }
}
