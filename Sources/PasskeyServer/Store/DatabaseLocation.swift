/// Where the data lives, from `--database` (CONTRACT.md §1.1): `sqlite:PATH`, `sqlite::memory:` or
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
