import NIOCore
import PasskeyRelyingParty
import PostgresNIO

extension StoreUnavailable {
    /// `error` as ``StoreUnavailable`` when it means the database is out of reach, nil when it is a fault of the
    /// statement itself (a bug, which stays a 500 and is logged as one).
    static func classify(_ error: any Error) -> StoreUnavailable? {
        switch error {
        case let error as StoreUnavailable:
            return error
        case let error as PSQLError:
            // The underlying error (a refused connection, a failed certificate check) is what an operator needs.
            if error.code != .server {
                let detail = error.underlying.map { String(describing: $0) } ?? "no detail"
                if detail.contains("CERTIFICATE_VERIFY_FAILED") {
                    return StoreUnavailable(
                        reason:
                            "PostgreSQL: the server's TLS certificate was not accepted: it does not chain to sslrootcert or does not name the host (\(detail))"
                    )
                }
                return StoreUnavailable(reason: "PostgreSQL: \(error.code): \(detail)")
            }
            // SQLSTATE classes 08 (connection exception), 53 (insufficient resources) and 57P (operator
            // intervention: shutdown, restart, cannot connect now) are outages, not faults of our SQL.
            let state = error.serverInfo?[.sqlState] ?? ""
            guard state.hasPrefix("08") || state.hasPrefix("53") || state.hasPrefix("57P") else { return nil }
            return StoreUnavailable(reason: "PostgreSQL SQLSTATE \(state)")
        case is ChannelError, is IOError:
            return StoreUnavailable(reason: "network: \(String(describing: type(of: error)))")
        default:
            return nil
        }
    }
}
