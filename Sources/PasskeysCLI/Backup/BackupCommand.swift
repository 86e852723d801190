import ArgumentParser
import Foundation
import Logging
import PasskeyCore
import PasskeyServer

/// `passkeys backup`: a consistent copy of the server's SQLite database, taken while the server runs.
struct BackupCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Copy an SQLite database consistently while the server runs (PostgreSQL: use pg_dump, see docs/deploy.md).",
        discussion: """
            Prints {"backup": FILE, "bytes": N}. The copy is a snapshot of one instant and opens as a database of its own.

            Example:
              passkeys backup --database sqlite:passkeys.sqlite --to backup.sqlite
            """)

    @Option(help: "The database to copy: sqlite:PATH (default: PASSKEYS_DATABASE, else sqlite:passkeys.sqlite).") var database: String?
    @Option(help: "The file to write; it must not exist.") var to: String

    func run() async throws {
        let location: DatabaseLocation
        do {
            location = try DatabaseLocation(database ?? ProcessInfo.processInfo.environment["PASSKEYS_DATABASE"] ?? "sqlite:passkeys.sqlite")
        } catch {
            throw ValidationError(error.description)
        }
        guard case .sqliteFile(let path) = location else {
            throw ValidationError(
                "--database: expected sqlite:PATH (PostgreSQL is backed up with pg_dump; sqlite::memory: has nothing to keep), found '\(location)'")
        }
        guard FileManager.default.fileExists(atPath: path) else {
            throw Output.failure(code: "databaseNotFound", message: "there is no database at '\(path)'")
        }
        var logger = Logger(label: "passkeys-backup")
        logger.logLevel = .critical
        do {
            let store = try await location.openStore(logger: logger)
            do {
                try await store.backup(to: to)
            } catch {
                try? await store.shutdown()
                throw error
            }
            try await store.shutdown()
        } catch let error as ConfigurationError {
            throw Output.failure(code: "backupFailed", message: error.description)
        } catch {
            throw Output.failure(code: "backupFailed", message: "the copy to '\(to)' failed: \(error)")
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: to)[.size] as? Int) ?? 0
        Output.json(.object(JSONObject(["backup": .string(to), "bytes": JSONValue(size)])))
    }
}
