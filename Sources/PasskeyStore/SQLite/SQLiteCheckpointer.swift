import Dispatch
import Foundation
import GRDB
import Logging
import Synchronization

/// Copies committed pages from the WAL into the database file in the background, on a thread and connection of its
/// own, so the writer rarely has to.
///
/// SQLite's automatic checkpoint runs inside the commit that crosses `wal_autocheckpoint` pages (1000 by default):
/// that commit, and every request waiting on the group commit behind it, waits while pages are copied and the
/// database file is synced. In `passkeys load` runs those stalls set the p99. Here a `PRAGMA wal_checkpoint(PASSIVE)`
/// runs every ``interval``: it takes no lock that the writer or the readers need, and copies what it can. The
/// writer's own automatic checkpoint stays on as the bound on the WAL's size (and is what lets SQLite restart the
/// WAL from its beginning); with this thread ahead of it, it finds little left to copy.
///
/// A thread, not a task: a checkpoint blocks on file I/O and `fsync`, and the concurrency pool has one thread per
/// core. Durability is unchanged: commits are synced to the WAL before they are acknowledged, as before, and a
/// checkpoint only copies pages that are already durable.
final class SQLiteCheckpointer: Sendable {
    /// How often the thread checkpoints, in seconds.
    static let interval: TimeInterval = 0.05

    /// What the thread shares with its owner. The thread holds this, not the checkpointer, so a store dropped
    /// without ``stop()`` (a test's) still ends its thread from `deinit`.
    private final class Control: Sendable {
        let stopping = Atomic<Bool>(false)
        let stopped = DispatchSemaphore(value: 0)
    }

    private let control = Control()

    /// Opens a connection of its own to the file at `path` and starts checkpointing. The connection has no
    /// statement trace: its statements are upkeep, not a request's, and `passkeys_sql_statements_total` counts
    /// requests' statements.
    init(path: String, logger: Logger) throws {
        var configuration = Configuration()
        configuration.label = "passkeys-checkpointer"
        configuration.busyMode = .timeout(5)
        let connection = try DatabaseQueue(path: path, configuration: configuration)
        let control = self.control
        let thread = Thread { Self.run(connection, control, logger) }
        thread.name = "passkeys-checkpointer"
        thread.start()
    }

    deinit {
        control.stopping.store(true, ordering: .releasing)
    }

    private static func run(_ connection: DatabaseQueue, _ control: Control, _ logger: Logger) {
        while !control.stopping.load(ordering: .acquiring) {
            Thread.sleep(forTimeInterval: interval)
            do {
                _ = try connection.inDatabase { db in try Row.fetchOne(db, sql: "PRAGMA wal_checkpoint(PASSIVE)") }
            } catch {
                // The next round tries again; an outage shows on the requests' own statements.
                logger.debug("background checkpoint failed", metadata: ["error": "\(error)"])
            }
        }
        try? connection.close()
        control.stopped.signal()
    }

    /// Stops the thread after its current round and waits until it has closed its connection.
    func stop() {
        guard !control.stopping.exchange(true, ordering: .acquiringAndReleasing) else { return }
        control.stopped.wait()
    }
}
