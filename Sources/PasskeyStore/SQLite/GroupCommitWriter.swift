import GRDB
import Synchronization

/// One writer for an SQLite file that commits the writes of concurrent requests together.
///
/// Durability costs one `fsync` per commit (WAL with `synchronous = FULL`): an acknowledged registration or sign-in
/// survives `kill -9` and power loss. Committing each request alone would cap a server at the disk's fsync rate;
/// here the writes that arrive while a commit is under way wait and go into the next one, each in a savepoint of its
/// own, so one write that fails or rolls back undoes only itself. Every caller is answered after the commit that
/// holds its write has returned, never before, and a failed commit fails every write in it.
///
/// Jobs run on GRDB's writer queue (one connection, one thread at a time), so a job is synchronous and short: it
/// runs its cached statements and returns.
final class GroupCommitWriter: Sendable {
    /// A write waiting for its commit.
    private struct Job: Sendable {
        /// Runs the write inside the open transaction and says whether to keep it.
        let run: @Sendable (Database) -> Completion
        /// Answers the caller when the job never ran (the transaction could not begin).
        let fail: @Sendable (any Error) -> Void
    }

    /// What a job did, and how to answer its caller once the commit is known.
    private struct Completion: Sendable {
        /// False when the job threw (including ``RollBack``): its savepoint is rolled back.
        let keep: Bool
        /// The job's own error, to pass on if SQLite rolled the whole transaction back because of it.
        let error: (any Error)?
        /// Called once: nil when the commit succeeded, else the commit's error.
        let finish: @Sendable ((any Error)?) -> Void
    }

    private struct Queue {
        var jobs: [Job] = []
        var draining = false
    }

    private let queue = Mutex(Queue())
    private let writer: any DatabaseWriter

    init(writer: any DatabaseWriter) {
        self.writer = writer
    }

    /// Runs `body` in the next group commit and returns its result once that commit is durable. A ``RollBack``
    /// thrown by `body` undoes its writes and returns the value it carries.
    func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
            let job = Job(
                run: { db in
                    do {
                        let value = try body(db)
                        return Completion(keep: true, error: nil) { commitError in
                            if let commitError { continuation.resume(throwing: commitError) } else { continuation.resume(returning: value) }
                        }
                    } catch let rollBack as RollBack<T> {
                        return Completion(keep: false, error: nil) { commitError in
                            if let commitError { continuation.resume(throwing: commitError) } else { continuation.resume(returning: rollBack.value) }
                        }
                    } catch {
                        return Completion(keep: false, error: error) { _ in continuation.resume(throwing: error) }
                    }
                },
                fail: { continuation.resume(throwing: $0) })
            let startDraining = queue.withLock { queue in
                queue.jobs.append(job)
                defer { queue.draining = true }
                return !queue.draining
            }
            if startDraining { writer.asyncWriteWithoutTransaction { db in self.drain(db) } }
        }
    }

    /// Commits batches until no job is waiting. Jobs that arrive during a commit form the next batch.
    private func drain(_ db: Database) {
        while true {
            let jobs = queue.withLock { queue in
                let jobs = queue.jobs
                queue.jobs.removeAll(keepingCapacity: true)
                if jobs.isEmpty { queue.draining = false }
                return jobs
            }
            if jobs.isEmpty { return }
            commit(jobs, in: db)
        }
    }

    private func commit(_ jobs: [Job], in db: Database) {
        // A lone job needs no savepoint: the transaction itself is what rolls back.
        let alone = jobs.count == 1
        var completions: [Completion] = []
        completions.reserveCapacity(jobs.count)
        var keepAny = false
        do {
            try db.cachedStatement(sql: "BEGIN IMMEDIATE").execute()
            for job in jobs {
                if !alone { try db.cachedStatement(sql: "SAVEPOINT job").execute() }
                let completion = job.run(db)
                completions.append(completion)
                // Some errors (disk full, I/O) make SQLite roll back the whole transaction: nothing of this batch
                // was written, and the job's error is the reason for all of it.
                guard db.isInsideTransaction else { throw completion.error ?? TransactionAborted() }
                if completion.keep {
                    keepAny = true
                    if !alone { try db.cachedStatement(sql: "RELEASE job").execute() }
                } else if !alone {
                    try db.cachedStatement(sql: "ROLLBACK TO job").execute()
                    try db.cachedStatement(sql: "RELEASE job").execute()
                }
            }
            try db.cachedStatement(sql: keepAny ? "COMMIT" : "ROLLBACK").execute()
        } catch {
            if db.isInsideTransaction { try? db.execute(sql: "ROLLBACK") }
            for completion in completions { completion.finish(error) }
            for job in jobs[completions.count...] { job.fail(error) }
            return
        }
        for completion in completions { completion.finish(nil) }
    }

    /// SQLite ended the transaction by itself without saying why.
    struct TransactionAborted: Error, CustomStringConvertible {
        var description: String { "SQLite rolled the transaction back" }
    }
}
