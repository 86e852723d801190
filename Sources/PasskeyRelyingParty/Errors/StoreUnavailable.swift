/// The storage behind the relying party cannot take the request now: a database stopped, restarting, unreachable or
/// out of connections, or a ceremony table that is full. An expected state of a running service, not a fault of the
/// request: an HTTP front end answers 503 with `Retry-After`, never 500.
public struct StoreUnavailable: Error, Sendable, CustomStringConvertible {
    /// A short, secret-free reason for the operator's log; never shown to clients.
    public let reason: String

    /// - Parameter reason: what is unavailable and why, in words an operator can act on.
    public init(reason: String) {
        self.reason = reason
    }

    /// The reason as a log line.
    public var description: String { "the database is unavailable (\(reason))" }
}
