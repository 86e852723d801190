public import Logging

extension DatabaseLocation {
    /// Opens the store for this location and brings its schema up to date: ``SQLiteStore`` for a file or memory,
    /// ``PostgresStore`` for a PostgreSQL URL. `ceremonyCapacity` bounds the begun ceremonies an SQLite store keeps in
    /// memory (PostgreSQL keeps them in a table).
    public func openStore(logger: Logger, health: StoreHealth? = nil, ceremonyCapacity: Int = 250_000) async throws -> any DatabaseStore {
        let health = health ?? StoreHealth(logger: logger)
        switch self {
        case .sqliteFile(let path): return try await SQLiteStore.open(path: path, logger: logger, health: health, ceremonyCapacity: ceremonyCapacity)
        case .sqliteMemory: return try await SQLiteStore.open(path: nil, logger: logger, health: health, ceremonyCapacity: ceremonyCapacity)
        case .postgres(let url): return try await PostgresStore.open(url: url, location: self, logger: logger, health: health)
        }
    }
}
