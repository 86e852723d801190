import AsyncHTTPClient
import NIOCore
import NIOPosix

/// Why a request from the CLI got no answer, in words that say what to do, instead of NIO's and AsyncHTTPClient's
/// descriptions (`SingleConnectionFailure(…)`, a TLS error with a source path in it).
struct ConnectionFailure: Error, CustomStringConvertible {
    enum Kind: Equatable {
        /// Nothing listens there, or the host cannot be found or reached.
        case cannotConnect
        /// The TLS handshake failed; the reason is the TLS library's short name for it.
        case tls(String)
        /// Connected (or connecting) but no answer in time.
        case timeout
        /// The connection closed before an answer.
        case closed
    }

    /// `scheme://host:port` of the server.
    let server: String
    let kind: Kind

    var description: String {
        switch kind {
        case .cannotConnect: "cannot connect to \(server): is `passkeys serve` running?"
        case .tls(let reason): "cannot connect to \(server): the TLS handshake failed (\(reason))"
        case .timeout: "\(server) did not answer in time: is it overloaded, or not a passkeys server?"
        case .closed: "\(server) closed the connection without answering: is it a passkeys server?"
        }
    }

    /// The failure `error` stands for, for a request to `url`.
    static func classify(_ error: any Error, url: String) -> ConnectionFailure {
        let server = origin(of: url)
        switch error {
        case let error as ConnectionFailure: return error
        case is NIOConnectionError: return ConnectionFailure(server: server, kind: .cannotConnect)
        case let error as ChannelError:
            if case .connectTimeout = error { return ConnectionFailure(server: server, kind: .timeout) }
            if error == .eof || error == .ioOnClosedChannel { return ConnectionFailure(server: server, kind: .closed) }
        case let error as HTTPClientError:
            switch error {
            case .connectTimeout, .deadlineExceeded, .readTimeout, .writeTimeout: return ConnectionFailure(server: server, kind: .timeout)
            case .remoteConnectionClosed: return ConnectionFailure(server: server, kind: .closed)
            default: break
            }
        default: break
        }
        // The TLS library's errors are not a type this target links; their reasons are read off the text, without the
        // source file path that BoringSSL's description carries. Anything else left is a connection that failed.
        let text = String(reflecting: error)
        if text.contains("SSL") || text.contains("TLS") || text.contains("handshake") {
            // BoringSSL's reason is the name after "OPENSSL_internal:" (WRONG_VERSION_NUMBER: the server speaks plain
            // http; CERTIFICATE_VERIFY_FAILED: a certificate no trusted root issued), said in words.
            let reason = text.firstMatch(of: /OPENSSL_internal:([A-Z0-9_]+)/).map { $0.output.1.lowercased().replacing("_", with: " ") }
            return ConnectionFailure(server: server, kind: .tls(reason ?? "is the server's address right, and its certificate valid?"))
        }
        return ConnectionFailure(server: server, kind: .cannotConnect)
    }

    /// `scheme://host[:port]` of a URL (the whole text when it does not parse).
    static func origin(of url: String) -> String {
        guard let scheme = url.range(of: "://") else { return url }
        let rest = url[scheme.upperBound...]
        return String(url[..<scheme.upperBound]) + rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
    }
}
