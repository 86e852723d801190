import PasskeyClient
import Synchronization

/// `passkeys load --clients N`: each request names the next of `N` client addresses in `X-Forwarded-For`, as a proxy
/// in front of the server would, so a run loads the server's per-client limits as many clients do rather than as one
/// (a server started with `--trusted-proxy` for the generator's address believes the header; any other ignores it).
/// The addresses are those of one /8 (`network`), one by one.
final class ForwardedClientsTransport: HTTPTransport {
    let base: any HTTPTransport
    let clients: Int
    /// The addresses' first byte.
    let network: UInt8
    private let next = Atomic<Int>(0)

    init(base: any HTTPTransport, clients: Int, network: UInt8) {
        self.base = base
        self.clients = min(max(1, clients), 1 << 24)
        self.network = network
    }

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        let index = (next.add(1, ordering: .relaxed).oldValue & Int.max) % clients
        var forwarded = request
        forwarded.headers.append(("X-Forwarded-For", "\(network).\(index >> 16 & 0xFF).\(index >> 8 & 0xFF).\(index & 0xFF)"))
        return try await base.send(forwarded)
    }
}
