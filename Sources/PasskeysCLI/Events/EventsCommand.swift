import ArgumentParser
import Foundation
import Logging
import PasskeyCore
import PasskeyServer

/// `passkeys events`: the webhook outbox from the command line (docs/events.md).
struct EventsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "events",
        abstract: "Webhook events: replay dead events, show the outbox, make a signing secret.",
        discussion: """
            Examples:
              passkeys events status --database sqlite:passkeys.sqlite
              passkeys events replay --database sqlite:passkeys.sqlite --all-dead
              passkeys events secret > webhook.secret
            """,
        subcommands: [ReplayEventsCommand.self, EventsStatusCommand.self, WebhookSecretCommand.self])
}

/// The database option the outbox commands share.
struct EventsDatabaseOption: ParsableArguments {
    @Option(help: "The server's database: sqlite:PATH or postgres://… (default: PASSKEYS_DATABASE, else sqlite:passkeys.sqlite).")
    var database: String?

    /// Opens the store (and brings its schema up to date, as the server would), runs `body`, and closes it.
    func withStore<T>(_ body: (any DatabaseStore) async throws -> T) async throws -> T {
        let location: DatabaseLocation
        do {
            location = try DatabaseLocation(database ?? ProcessInfo.processInfo.environment["PASSKEYS_DATABASE"] ?? "sqlite:passkeys.sqlite")
        } catch {
            throw ValidationError(error.description)
        }
        if case .sqliteFile(let path) = location, !FileManager.default.fileExists(atPath: path) {
            throw Output.failure(code: "databaseNotFound", message: "there is no database at '\(path)'")
        }
        if case .sqliteMemory = location { throw ValidationError("--database: expected the server's database, found sqlite::memory:") }
        var logger = Logger(label: "passkeys-events")
        logger.logLevel = .critical
        let store: any DatabaseStore
        do {
            store = try await location.openStore(logger: logger)
        } catch {
            throw Output.failure(code: "databaseUnavailable", message: "\(error)")
        }
        do {
            let result = try await body(store)
            try await store.shutdown()
            return result
        } catch {
            try? await store.shutdown()
            throw error
        }
    }
}

/// `passkeys events replay`: puts dead events back in their queues; the delivering server sends them within its poll.
struct ReplayEventsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Send dead events again: one event (--id) or every dead event (--all-dead).",
        discussion: """
            Prints {"replayed": N}: the outbox rows put back (one per endpoint the event was for). A running server sends them within a second.

            Examples:
              passkeys events replay --database sqlite:passkeys.sqlite --id evt_2b9c…
              passkeys events replay --database postgres://passkeys@db.example.com/passkeys --all-dead
            """)

    @OptionGroup var database: EventsDatabaseOption
    @Option(help: "The id of a dead event (evt_…, as its webhook-id and its body's id).") var id: String?
    @Flag(name: .customLong("all-dead"), help: "Every dead event.") var allDead = false

    func validate() throws {
        guard (id != nil) != allDead else { throw ValidationError("expected exactly one of --id ID and --all-dead") }
        if let id, !id.hasPrefix("evt_") || id.utf8.count != 26 || (try? Base64URL.decode(String(id.dropFirst(4)))) == nil {
            throw ValidationError("--id: expected an event id like evt_ and 22 base64url characters, found '\(id)'")
        }
    }

    func run() async throws {
        let replayed = try await database.withStore { try await $0.replayDeadEvents(id: allDead ? nil : id) }
        if let id, replayed == 0 { throw Output.failure(code: "noDeadEvent", message: "no dead event has the id \(id)") }
        Output.json(.object(JSONObject(["replayed": JSONValue(replayed)])))
    }
}

/// `passkeys events status`: each endpoint's backlog and dead events.
struct EventsStatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status", abstract: "Show the outbox: events waiting and dead, per webhook endpoint.",
        discussion: """
            Prints {"endpoints": [{"url": …, "pending": N, "dead": N}]}.

            Example:
              passkeys events status --database sqlite:passkeys.sqlite
            """)

    @OptionGroup var database: EventsDatabaseOption

    func run() async throws {
        let counts = try await database.withStore { try await $0.outboxCounts() }
        let endpoints = counts.map {
            JSONValue.object(JSONObject(["url": .string($0.endpoint), "pending": JSONValue($0.live), "dead": JSONValue($0.dead)]))
        }
        Output.json(.object(JSONObject(["endpoints": .array(endpoints)])))
    }
}

/// `passkeys events secret`: a new signing secret for `--webhook-secret-file`.
struct WebhookSecretCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "secret", abstract: "Print a new webhook signing secret (whsec_ and 32 random bytes in base64) for --webhook-secret-file.",
        discussion: """
            Example:
              passkeys events secret > webhook.secret && chmod 600 webhook.secret
            """)

    func run() throws { print(WebhookSecret.generate()) }
}
