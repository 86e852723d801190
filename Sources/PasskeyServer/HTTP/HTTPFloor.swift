public import Hummingbird
public import Logging
import NIOCore

/// The HTTP floor under `passkeys serve`: the server's own HTTP stack with no relying party behind it.
///
/// `scripts/measure-floors` compares the CPU `passkeys serve` spends per request with what its stack costs alone. The
/// floor is fair only when it is the stack the server runs: the same router context (``ServerContext``), each
/// connection on its own event loop (`PasskeysServer.publicServer(idleTimeout:)`), and the process's log handler,
/// which `passkeys http-floor` bootstraps as `passkeys serve` does. It answers `GET /healthz` with the server's own
/// answer and echoes `POST /echo` (a body the size of an options request, without its work).
@_spi(Benchmarks)
public enum HTTPFloor {
    /// The floor's application, listening on `host`:`port`; run it with `runService()`.
    public static func makeApplication(host: String, port: Int, logger: Logger) -> some ApplicationProtocol {
        let router = Router(context: ServerContext.self)
        router.get("/healthz") { _, _ in APIResponse.ok() }
        router.post("/echo") { request, _ -> ByteBuffer in try await request.body.collect(upTo: 65536) }
        return Application(
            router: router, server: PasskeysServer.publicServer(idleTimeout: .seconds(30)),
            configuration: .init(address: .hostname(host, port: port), serverName: "passkeys"), logger: logger)
    }
}
