import GRDB
import Synchronization

/// Read-only connections to the store's file for single-statement reads, taken from an idle list and run on the
/// calling thread.
///
/// GRDB's `DatabasePool` gives the same isolation (WAL readers never wait for the writer), but each read passes
/// through a barrier queue, a semaphore, a dispatch group, a read-write lock and a `PRAGMA schema_version` check:
/// about 3% of a sign-in's CPU in the `passkeys load` profile, more than the indexed read itself. Here a read takes a
/// connection from a mutex-guarded list, runs its statement outside any transaction (one statement sees one
/// snapshot) and puts the connection back.
///
/// Reads run synchronously, so no more connections are ever in use than threads calling at once; the list grows to
/// that and stays. Past ``limit`` connections a read uses GRDB's pool instead of opening another.
final class SQLiteReaders: Sendable {
    private let path: String
    private let configuration: Configuration
    private let fallback: any DatabaseReader
    private let idle = Mutex<(connections: [DatabaseQueue], opened: Int, closed: Bool)>(([], 0, false))
    let limit: Int

    /// Readers of the file at `path`, opened with `configuration` made read-only. The schema must be final: a
    /// connection's statement cache outlives migrations run elsewhere only because there are none after start-up.
    init(path: String, configuration: Configuration, limit: Int, fallback: any DatabaseReader) {
        var readOnly = configuration
        readOnly.readonly = true
        self.path = path
        self.configuration = readOnly
        self.limit = limit
        self.fallback = fallback
    }

    func read<T>(_ body: (Database) throws -> T) throws -> T {
        guard let connection = try checkOut() else { return try fallback.unsafeRead(body) }
        defer { checkIn(connection) }
        return try connection.inDatabase(body)
    }

    /// Back to the idle list, or closed when the readers have been closed meanwhile (a read in flight at shutdown).
    private func checkIn(_ connection: DatabaseQueue) {
        let keep = idle.withLock { state in
            if !state.closed { state.connections.append(connection) }
            return !state.closed
        }
        if !keep { try? connection.close() }
    }

    /// Connections opened so far (in use or idle).
    var openedCount: Int { idle.withLock { $0.opened } }

    /// Closes the idle connections, and each busy one when its read ends (at shutdown). Reads after this go to the
    /// fallback pool, which is closed next.
    func close() {
        let connections = idle.withLock { state in
            state.closed = true
            defer { state.connections.removeAll() }
            return state.connections
        }
        // A connection that fails to close is released when dropped; the others and the pool still close.
        for connection in connections { try? connection.close() }
    }

    /// An idle connection, a new one while fewer than ``limit`` are open, or nil.
    private func checkOut() throws -> DatabaseQueue? {
        enum Next { case reuse(DatabaseQueue), open, none }
        let next = idle.withLock { state -> Next in
            if let connection = state.connections.popLast() { return .reuse(connection) }
            guard state.opened < limit, !state.closed else { return .none }
            state.opened += 1
            return .open
        }
        switch next {
        case .reuse(let connection): return connection
        case .none: return nil
        case .open:
            do { return try DatabaseQueue(path: path, configuration: configuration) } catch {
                idle.withLock { $0.opened -= 1 }
                throw error
            }
        }
    }
}
