import ArgumentParser
import Foundation
import Logging
import PasskeyCore
import PasskeyServer

/// `passkeys api-key`: the service credentials backends send to service routes (`POST /introspect`).
struct APIKeyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "api-key",
        abstract: "Create, list and revoke API keys: the credentials backends and tools send to service routes (POST /introspect, /admin/…).",
        discussion: """
            Each key holds only the scopes it is made with: introspect (POST /introspect, the default), admin:read (every GET \
            under /admin/), admin:write (every change under /admin/). Changes made here are written to the audit log with \
            the actor {"kind": "cli"} and the name of the user running the command.

            Examples:
              passkeys api-key create --database sqlite:passkeys.sqlite --name billing-backend > billing.key
              passkeys api-key create --database sqlite:passkeys.sqlite --name support-tools --scope admin:read --scope admin:write
              passkeys api-key list --database sqlite:passkeys.sqlite
              passkeys api-key revoke --database sqlite:passkeys.sqlite 3fa9c01b7e42
            """,
        subcommands: [Create.self, List.self, Revoke.self])

    /// Where the keys are kept: the server's database.
    struct DatabaseOptions: ParsableArguments {
        @Option(
            help:
                "The server's database: sqlite:PATH or postgres://… (default: PASSKEYS_DATABASE, else sqlite:passkeys.sqlite); PASSKEYS_DATABASE_PASSWORD_FILE is read as by serve."
        )
        var database: String?

        /// Opens the store, runs `body` with its keys, closes the store.
        func withStore<T: Sendable>(_ body: (APIKeys) async throws -> T) async throws -> T {
            try await withDatabase { store in try await body(APIKeys(store: store, clock: Self.now, origin: .commandLine)) }
        }

        /// The time now, in milliseconds since 1970.
        static let now: @Sendable () -> Int64 = { UnixMilliseconds.now() }

        /// Opens the store, runs `body`, closes the store.
        func withDatabase<T: Sendable>(_ body: (any DatabaseStore) async throws -> T) async throws -> T {
            let environment = ProcessInfo.processInfo.environment
            var location: DatabaseLocation
            do {
                location = try DatabaseLocation(database ?? environment["PASSKEYS_DATABASE"] ?? "sqlite:passkeys.sqlite")
                if let path = environment["PASSKEYS_DATABASE_PASSWORD_FILE"] {
                    guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
                        throw ConfigurationError("PASSKEYS_DATABASE_PASSWORD_FILE: cannot read '\(path)'")
                    }
                    location = try location.withPassword(text.trimmingCharacters(in: .newlines))
                }
            } catch let error as ConfigurationError {
                throw ValidationError(error.description)
            }
            if case .sqliteMemory = location {
                throw ValidationError("--database: an in-memory database keeps no keys; give sqlite:PATH or postgres://…")
            }
            // A mistyped path would otherwise create an empty database that no server reads.
            if case .sqliteFile(let path) = location, !FileManager.default.fileExists(atPath: path) {
                throw Output.failure(code: "databaseNotFound", message: "there is no database at '\(path)' (start passkeys serve on it first)")
            }
            var logger = Logger(label: "passkeys-api-key")
            logger.logLevel = .critical
            let store: any DatabaseStore
            do {
                store = try await location.openStore(logger: logger)
            } catch {
                throw Output.failure(code: "databaseUnavailable", message: "cannot open the database \(location): \(error)")
            }
            do {
                let result = try await body(store)
                try? await store.shutdown()
                return result
            } catch {
                try? await store.shutdown()
                throw error
            }
        }
    }

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Make a new API key and print it, alone, on stdout: it is shown this once (only its hash is kept).",
            discussion: """
                Examples:
                  passkeys api-key create --database sqlite:passkeys.sqlite --name billing-backend > billing.key
                  passkeys api-key create --database postgres://passkeys@db.example.com/passkeys --name support-tools \\
                    --scope admin:read --scope admin:write
                """)
        @OptionGroup var options: DatabaseOptions
        @Option(help: "What the key is for, e.g. the backend that uses it (1 to 128 characters).") var name: String
        @Option(
            name: .customLong("scope"),
            help: "What the key may do: introspect, admin:read or admin:write; repeat the option for several (default: introspect).")
        var scopes: [String] = []

        /// The scopes asked for: each option one scope (a list in one value is refused, so a typo cannot widen a key).
        func parsedScopes() throws -> Set<APIKeyScope> {
            guard !scopes.isEmpty else { return [.introspect] }
            let names = APIKeyScope.allCases.map(\.rawValue).joined(separator: ", ")
            return Set(
                try scopes.map { value in
                    if value.contains(",") {
                        throw ValidationError("--scope: expected one scope per option (repeat --scope for several), found '\(value)'")
                    }
                    guard let scope = APIKeyScope(rawValue: value) else {
                        throw ValidationError("--scope: expected one of \(names), found '\(value)'")
                    }
                    return scope
                })
        }

        func validate() throws { _ = try parsedScopes() }

        func run() async throws {
            let scopes = try parsedScopes()
            let (key, record) = try await options.withStore { keys in
                do { return try await keys.create(name: name, scopes: scopes) } catch let error as ConfigurationError {
                    throw ValidationError(error.description)
                }
            }
            print(key)
            let held = record.scopes.sorted().map(\.rawValue).joined(separator: ", ")
            Output.stderr(
                "Created API key \(record.id) (\(record.name)) with the scopes \(held). It is shown once: store it now. Revoke it with: passkeys api-key revoke \(record.id)"
            )
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "List the API keys: {\"keys\": [{id, name, hint, scopes, legacy, createdAt, revokedAt}]}, never the keys themselves; legacy keys (made before scopes) hold every scope.",
            discussion: """
                Examples:
                  passkeys api-key list --database sqlite:passkeys.sqlite
                """)
        @OptionGroup var options: DatabaseOptions

        func run() async throws {
            let records = try await options.withStore { keys in try await keys.list() }
            Output.json(.object(JSONObject(["keys": .array(records.map(\.listing))])), pretty: true)
        }
    }

    struct Revoke: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Revoke an API key by its id (from list): every request with it is refused from now on.",
            discussion: """
                Examples:
                  passkeys api-key revoke --database sqlite:passkeys.sqlite 3fa9c01b7e42
                """)
        @OptionGroup var options: DatabaseOptions
        @Argument(help: "The key's id, as `api-key list` shows it.") var id: String

        func run() async throws {
            let revoked = try await options.withStore { keys in try await keys.revoke(id: id) }
            guard revoked else { throw Output.failure(code: "apiKeyNotFound", message: "no API key '\(id)' is valid: unknown, or revoked already") }
            Output.json(.object(JSONObject(["revoked": .string(id)])))
        }
    }
}
