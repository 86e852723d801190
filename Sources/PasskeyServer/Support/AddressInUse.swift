import NIOCore
import ServiceLifecycle

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A listener could not bind its address because another process holds it (`EADDRINUSE`): the address and the option
/// that chose it are named, with a free-looking port to try, instead of NIO's `bind(descriptor:ptr:bytes:)` errno.
public struct AddressInUse: Error, CustomStringConvertible {
    /// The host whose port was taken, as configured.
    public let host: String
    /// The port that was taken.
    public let port: Int
    /// The option that sets this address: `--port` for the server, `--metrics-address` for the metrics listener.
    public let option: String

    /// The address, the option that chose it, and a port to try instead.
    public var description: String {
        let next = port < 65_535 ? port + 1 : port - 1
        let example = option == "--port" ? "--port \(next)" : "--metrics-address \(host):\(next)"
        return
            "cannot listen on \(host):\(port): the port is already in use (another passkeys serve?). Stop that process, or choose another port, e.g. \(example)"
    }

    static func isAddressInUse(_ error: any Error) -> Bool {
        (error as? IOError)?.errnoCode == EADDRINUSE
    }

    /// `error`, as ``AddressInUse`` for the server's own address when it is a bind failure; anything else as it is
    /// (the metrics listener names its own, see ``NamingBindFailure``).
    static func naming(_ error: any Error, in configuration: ServerConfiguration) -> any Error {
        isAddressInUse(error) ? AddressInUse(host: configuration.host, port: configuration.port, option: "--port") : error
    }
}

/// Runs a listener service, turning its bind failure into ``AddressInUse`` for its own address: with two listeners
/// (the API and `--metrics-address`), NIO's error alone does not say which one found its port taken.
struct NamingBindFailure: Service {
    let inner: any Service
    let host: String
    let port: Int
    let option: String

    func run() async throws {
        do {
            try await inner.run()
        } catch  where AddressInUse.isAddressInUse(error) {
            throw AddressInUse(host: host, port: port, option: option)
        }
    }
}
