import Foundation

/// Where the data lives, from `--database` (docs/reference/cli.md, "passkeys serve"): `sqlite:PATH`, `sqlite::memory:` or
/// `postgres://user:pass@host:port/db`.
public enum DatabaseLocation: Sendable, Equatable, CustomStringConvertible {
    case sqliteFile(String)
    case sqliteMemory
    case postgres(String)

    public init(_ text: String) throws(ConfigurationError) {
        if text == "sqlite::memory:" {
            self = .sqliteMemory
        } else if text.hasPrefix("sqlite:") {
            let path = String(text.dropFirst("sqlite:".count))
            guard !path.isEmpty else { throw ConfigurationError("--database: expected sqlite:PATH, found an empty path") }
            self = .sqliteFile(path)
        } else if text.hasPrefix("postgres://") || text.hasPrefix("postgresql://") {
            self = .postgres(text)
        } else {
            throw ConfigurationError("--database: expected sqlite:PATH, sqlite::memory: or postgres://user:pass@host:port/db, found '\(text)'")
        }
    }

    /// The PostgreSQL URL with `password` filled in when it names none (the password then stays off the command
    /// line and out of the environment's URL: `--database-password-file`). Other locations are returned as they are.
    public func withPassword(_ password: String) throws(ConfigurationError) -> DatabaseLocation {
        guard case .postgres(let url) = self, var components = URLComponents(string: url) else { return self }
        guard components.password == nil || components.password == "" else {
            throw ConfigurationError("--database-password-file: the database URL already has a password; give it in one place only")
        }
        components.percentEncodedPassword = password.addingPercentEncoding(withAllowedCharacters: .urlPasswordAllowed)
        guard let filled = components.string else { throw ConfigurationError("--database-password-file: the password cannot be put in the URL") }
        return .postgres(filled)
    }

    /// The password in a PostgreSQL URL, to scrub it from texts that reach a log.
    var password: String? {
        guard case .postgres(let url) = self else { return nil }
        return URLComponents(string: url)?.percentEncodedPassword.flatMap { $0.removingPercentEncoding }.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Printable without the password.
    public var description: String {
        switch self {
        case .sqliteFile(let path): "sqlite:\(path)"
        case .sqliteMemory: "sqlite::memory:"
        case .postgres(let url):
            if let at = url.firstIndex(of: "@"), let scheme = url.range(of: "://") {
                url[..<scheme.upperBound] + "***" + url[at...]
            } else {
                url
            }
        }
    }
}

/// A configuration value that cannot be used, in plain words.
public struct ConfigurationError: Error, CustomStringConvertible, Sendable {
    public let description: String
    public init(_ description: String) { self.description = description }
}
