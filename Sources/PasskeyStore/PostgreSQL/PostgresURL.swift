import Foundation
import NIOSSL
import PostgresKit

/// A `postgres://` URL read the way libpq users know it: `postgres://user:password@host:port/database` with
/// `sslmode`, `sslrootcert`, `sslcert`, `sslkey` and `options` query parameters.
///
/// `options`, as in libpq, is sent to the server at connection start as its command-line options, so
/// `options=-c%20search_path%3Dpasskeys` keeps the tables in the schema `passkeys`.
///
/// `sslmode`, as in libpq:
/// - `disable`: no TLS.
/// - `prefer`: TLS when the server offers it, certificate not checked.
/// - `require`: TLS or no connection; the certificate is checked against `sslrootcert` only when one is given (as
///   libpq does when a root certificate is present).
/// - `verify-ca`: TLS, and the server's chain must end in `sslrootcert` (or the system's roots).
/// - `verify-full`: as `verify-ca`, and the certificate must name the host.
///
/// Without `sslmode` the default is `verify-full` (the system's roots unless `sslrootcert` is given), except for a
/// loopback host, where it is `prefer`. libpq defaults to `prefer` everywhere, which an on-path attacker can strip
/// or impersonate; a default must be safe for a database across a network.
///
/// Nothing here ever prints the password.
struct PostgresURL: Sendable {
    enum SSLMode: String, Sendable, CaseIterable {
        case disable, prefer, require
        case verifyCA = "verify-ca"
        case verifyFull = "verify-full"
    }

    let host: String
    let port: Int
    let username: String
    let password: String?
    let database: String?
    let sslMode: SSLMode
    let rootCertificate: String?
    let clientCertificate: String?
    let clientKey: String?
    /// The server's command-line options for each connection (`-c name=value` settings); nil for none.
    let options: String?

    init(_ text: String) throws(ConfigurationError) {
        let shown = DatabaseLocation.postgres(text).description
        guard let components = URLComponents(string: text), ["postgres", "postgresql"].contains(components.scheme ?? "") else {
            throw ConfigurationError("--database: expected postgres://user:password@host:port/database, found '\(shown)'")
        }
        guard let user = components.user, !user.isEmpty, let host = components.host, !host.isEmpty else {
            throw ConfigurationError("--database: expected a user and a host in '\(shown)'")
        }
        self.host = host
        port = components.port ?? 5432
        username = components.percentEncodedUser?.removingPercentEncoding ?? user
        password = components.percentEncodedPassword?.removingPercentEncoding
        let path = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
        database = path.isEmpty ? nil : path
        var parameters: [String: String] = [:]
        for item in components.queryItems ?? [] {
            guard ["sslmode", "sslrootcert", "sslcert", "sslkey", "options"].contains(item.name) else {
                throw ConfigurationError("--database: unknown parameter '\(item.name)'; expected sslmode, sslrootcert, sslcert, sslkey or options")
            }
            parameters[item.name] = item.value ?? ""
        }
        let loopback = ["localhost", "127.0.0.1", "::1", "[::1]"].contains(host.lowercased())
        let modeText = parameters["sslmode"] ?? (loopback ? SSLMode.prefer : SSLMode.verifyFull).rawValue
        guard let mode = SSLMode(rawValue: modeText) else {
            throw ConfigurationError("--database: sslmode expected disable, prefer, require, verify-ca or verify-full, found '\(modeText)'")
        }
        sslMode = mode
        rootCertificate = parameters["sslrootcert"]
        clientCertificate = parameters["sslcert"]
        clientKey = parameters["sslkey"]
        options = parameters["options"]
        guard (clientCertificate == nil) == (clientKey == nil) else {
            throw ConfigurationError("--database: sslcert and sslkey go together; found only \(clientCertificate == nil ? "sslkey" : "sslcert")")
        }
    }

    /// The connection settings, with the certificate files read now so a wrong path fails at start-up in plain words.
    func configuration() throws(ConfigurationError) -> SQLPostgresConfiguration {
        let tls: PostgresConnection.Configuration.TLS
        switch sslMode {
        case .disable:
            tls = .disable
        case .prefer:
            tls = .prefer(try context(verification: .none))
        case .require:
            tls = .require(try context(verification: rootCertificate == nil ? .none : .noHostnameVerification))
        case .verifyCA:
            tls = .require(try context(verification: .noHostnameVerification))
        case .verifyFull:
            tls = .require(try context(verification: .fullVerification))
        }
        var configuration = SQLPostgresConfiguration(
            hostname: host, port: port, username: username, password: password, database: database, tls: tls)
        if let options { configuration.coreConfiguration.options.additionalStartupParameters.append(("options", options)) }
        return configuration
    }

    private func context(verification: CertificateVerification) throws(ConfigurationError) -> NIOSSLContext {
        var tls = TLSConfiguration.makeClientConfiguration()
        tls.certificateVerification = verification
        do {
            if let rootCertificate {
                tls.trustRoots = .certificates(try NIOSSLCertificate.fromPEMFile(rootCertificate))
            }
            if let clientCertificate, let clientKey {
                tls.certificateChain = try NIOSSLCertificate.fromPEMFile(clientCertificate).map { .certificate($0) }
                tls.privateKey = .privateKey(try NIOSSLPrivateKey(file: clientKey, format: .pem))
            }
            return try NIOSSLContext(configuration: tls)
        } catch {
            throw ConfigurationError("--database: cannot use the TLS files given (sslrootcert, sslcert, sslkey): \(error)")
        }
    }
}
