import HummingbirdCore
import Logging
import NIOCore

/// Hummingbird's HTTP/1.1 channel, with each connection's requests handled by a task that prefers the connection's
/// own event loop as its executor (SE-0417).
///
/// Hummingbird runs a connection's handler on the concurrency pool, so every request crossed threads twice (the
/// request parts from the loop to the pool, the response back), and every store operation twice more (to the
/// database connection's loop and back). With the handler on the connection's loop, and the PostgreSQL store
/// borrowing from that same loop's pool (``PostgresConnections``), a ceremony runs on one thread from its request's
/// first byte to its response's last (the hand-offs were most of the CPU a PostgreSQL registration spent
/// beyond the Go peer's).
///
/// What runs here must not block: the loop serves every other connection on it. The handlers do not (SQLite reads are
/// single indexed statements, its writes wait on a continuation, PostgreSQL is non-blocking); the metadata download
/// runs as its own service, outside any connection.
struct EventLoopBoundHTTP1Channel: ServerChildChannel {
    typealias Value = HTTP1Channel.Value
    let base: HTTP1Channel

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        base.setup(channel: channel, logger: logger)
    }

    func handle(value: Value, logger: Logger) async {
        if #available(macOS 15, iOS 18, macCatalyst 18, visionOS 2, *),
            let executor = PreferredEventLoop.shared(for: value.channel.eventLoop).executor
        {
            await withTaskExecutorPreference(executor) { await base.handle(value: value, logger: logger) }
        } else {
            await base.handle(value: value, logger: logger)
        }
    }
}

extension HTTPServerBuilder {
    /// ``HTTPServerBuilder/http1(configuration:)`` with each connection handled on its own event loop
    /// (``EventLoopBoundHTTP1Channel``).
    static func http1OnConnectionLoop(configuration: HTTP1Channel.Configuration) -> HTTPServerBuilder {
        HTTPServerBuilder { responder in
            EventLoopBoundHTTP1Channel(base: HTTP1Channel(responder: responder, configuration: configuration))
        }
    }
}
