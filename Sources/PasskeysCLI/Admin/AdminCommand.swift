import ArgumentParser
import PasskeyCore

/// `passkeys admin`: the operator's API (docs/reference/http.md, "Operator API") from the command line, against a
/// running server with an API key. Tables by default, the server's JSON with `--json`.
struct AdminCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "admin",
        abstract: "Support and compliance without SQL: find users, end their sessions, remove passkeys, read the audit log (needs an API key).",
        discussion: """
            Every command talks to a running server (--server, or its --admin-address) with an API key from --key-file, PASSKEYS_API_KEY_FILE or PASSKEYS_API_KEY (never an argument: other users see arguments in ps). Each call is recorded in the audit log under the key's name. Reading needs a key with the scope admin:read, changing one with admin:write.

            Examples:
              passkeys api-key create --database sqlite:passkeys.sqlite --name support-desk --scope admin:read --scope admin:write > support.key
              passkeys admin users find --server http://localhost:8080 --key-file support.key --username ada
              passkeys admin sessions end --server http://localhost:8080 --key-file support.key Xk3…
              passkeys admin audit --server http://localhost:8080 --key-file support.key --user Xk3… --json
            """,
        subcommands: [
            AdminUsersCommand.self, AdminSessionsCommand.self, AdminCredentialsCommand.self, AdminAuditCommand.self, AdminKeysCommand.self,
            AdminOIDCClientsCommand.self,
        ])
}

/// The columns every list of users shows.
enum AdminTables {
    static func users(_ answer: JSONObject) -> AdminTable {
        let users = answer["users"]?.arrayValue?.compactMap(\.objectValue) ?? []
        return AdminTable(
            headers: ["ID", "NAME", "DISPLAY NAME", "CREATED"],
            rows: users.map { user in ["id", "name", "displayName", "createdAt"].map { AdminTable.cell(user[$0]) } },
            footer: answer["next"]?.stringValue.map { "More: --after \($0)" })
    }

    static func status(_ message: String) -> (JSONObject) -> AdminTable {
        { _ in AdminTable.message(message) }
    }
}

/// `passkeys admin users`.
struct AdminUsersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "users", abstract: "Find, list and delete accounts; hand new recovery codes to a user.",
        discussion: """
            Examples:
              passkeys admin users find --key-file support.key --username ada
              passkeys admin users list --key-file support.key --limit 20
              passkeys admin users recovery-codes --key-file support.key Xk3…
            """,
        subcommands: [Find.self, List.self, Delete.self, RecoveryCodes.self])

    struct Find: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Find an account by its name (as sign-in finds it) or its id.",
            discussion: """
                Examples:
                  passkeys admin users find --key-file support.key --username ada
                  passkeys admin users find --key-file support.key --id Xk3… --json
                """)
        @OptionGroup var connection: AdminConnection
        @Option(help: "The account's name.") var username: String?
        @Option(help: "The account's id (the id of GET /session).") var id: String?

        func validate() throws {
            guard (username == nil) != (id == nil) else { throw ValidationError("expected exactly one of --username NAME and --id ID") }
        }

        func run() async throws {
            let answer = try await connection.send(.get, "/admin/users" + AdminConnection.query([("username", username), ("id", id)]))
            connection.print(answer, table: AdminTables.users)
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List accounts a page at a time, in id order.",
            discussion: """
                Examples:
                  passkeys admin users list --key-file support.key
                  passkeys admin users list --key-file support.key --after Xk3… --limit 100
                """)
        @OptionGroup var connection: AdminConnection
        @Option(help: "Start after this id (the previous page's 'More: --after').") var after: String?
        @Option(help: "At most this many, 1 to 100 (default 50).") var limit: Int?

        func run() async throws {
            let answer = try await connection.send(
                .get, "/admin/users" + AdminConnection.query([("after", after), ("limit", limit.map(String.init))]))
            connection.print(answer, table: AdminTables.users)
        }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Delete an account with its passkeys, sessions and recovery codes.",
            discussion: """
                Example:
                  passkeys admin users delete --key-file support.key Xk3…
                """)
        @OptionGroup var connection: AdminConnection
        @Argument(help: "The account's id.") var id: String

        func run() async throws {
            let answer = try await connection.send(.delete, "/admin/users/\(AdminConnection.encoded(id))")
            connection.print(answer, table: AdminTables.status("Deleted account \(id)."))
        }
    }

    struct RecoveryCodes: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "recovery-codes",
            abstract: "Replace an account's recovery codes and print the new ones, shown this once, for the user.",
            discussion: """
                Example:
                  passkeys admin users recovery-codes --key-file support.key Xk3…
                """)
        @OptionGroup var connection: AdminConnection
        @Argument(help: "The account's id.") var id: String

        func run() async throws {
            let answer = try await connection.send(.post, "/admin/users/\(AdminConnection.encoded(id))/recovery-codes", body: JSONObject())
            connection.print(answer) { answer in
                AdminTable(
                    headers: ["RECOVERY CODES (shown once)"], rows: (answer["recoveryCodes"]?.arrayValue ?? []).map { [AdminTable.cell($0)] })
            }
        }
    }
}

/// `passkeys admin sessions`.
struct AdminSessionsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sessions", abstract: "List an account's live sessions, or end them all.",
        discussion: """
            Examples:
              passkeys admin sessions list --key-file support.key Xk3…
              passkeys admin sessions end --key-file support.key Xk3…
            """,
        subcommands: [List.self, End.self])

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "An account's live sessions, newest first, each named by its sid.",
            discussion: """
                Example:
                  passkeys admin sessions list --key-file support.key Xk3…
                """)
        @OptionGroup var connection: AdminConnection
        @Argument(help: "The account's id.") var id: String

        func run() async throws {
            let answer = try await connection.send(.get, "/admin/users/\(AdminConnection.encoded(id))/sessions")
            connection.print(answer) { answer in
                let sessions = answer["sessions"]?.arrayValue?.compactMap(\.objectValue) ?? []
                return AdminTable(
                    headers: ["SESSION", "STARTED", "EXPIRES", "VERIFIED", "RECOVERY", "PASSKEY"],
                    rows: sessions.map { session in
                        ["id", "startedAt", "expiresAt", "verifiedAt", "recovery", "credentialId"].map { AdminTable.cell(session[$0]) }
                    })
            }
        }
    }

    struct End: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "End every session of an account: its next request is refused (401).",
            discussion: """
                Example:
                  passkeys admin sessions end --key-file support.key Xk3…
                """)
        @OptionGroup var connection: AdminConnection
        @Argument(help: "The account's id.") var id: String

        func run() async throws {
            let answer = try await connection.send(.delete, "/admin/users/\(AdminConnection.encoded(id))/sessions")
            connection.print(answer, table: AdminTables.status("Ended \(AdminTable.cell(answer["ended"])) session(s) of \(id)."))
        }
    }
}

/// `passkeys admin credentials`.
struct AdminCredentialsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "credentials", abstract: "List an account's passkeys, or remove one (a lost device).",
        discussion: """
            Examples:
              passkeys admin credentials list --key-file support.key Xk3…
              passkeys admin credentials delete --key-file support.key Xk3… q9Zr…
            """,
        subcommands: [List.self, Delete.self])

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "An account's passkeys.",
            discussion: """
                Example:
                  passkeys admin credentials list --key-file support.key Xk3…
                """)
        @OptionGroup var connection: AdminConnection
        @Argument(help: "The account's id.") var id: String

        func run() async throws {
            let answer = try await connection.send(.get, "/admin/users/\(AdminConnection.encoded(id))/credentials")
            connection.print(answer) { answer in
                let credentials = answer["credentials"]?.arrayValue?.compactMap(\.objectValue) ?? []
                return AdminTable(
                    headers: ["PASSKEY", "NAME", "CREATED", "LAST USED"],
                    rows: credentials.map { credential in ["id", "name", "createdAt", "lastUsedAt"].map { AdminTable.cell(credential[$0]) } })
            }
        }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Remove one passkey of an account and end the sessions it started (an account's last passkey is refused).",
            discussion: """
                Example:
                  passkeys admin credentials delete --key-file support.key Xk3… q9Zr…
                """)
        @OptionGroup var connection: AdminConnection
        @Argument(help: "The account's id.") var id: String
        @Argument(help: "The passkey's credential ID.") var credentialID: String

        func run() async throws {
            let answer = try await connection.send(
                .delete, "/admin/users/\(AdminConnection.encoded(id))/credentials/\(AdminConnection.encoded(credentialID))")
            connection.print(answer, table: AdminTables.status("Removed passkey \(credentialID) of \(id)."))
        }
    }
}

/// `passkeys admin audit`.
struct AdminAuditCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "audit", abstract: "Read the audit log, newest first: who did what to which account, from where, and how it ended.",
        discussion: """
            Examples:
              passkeys admin audit --key-file support.key --user Xk3…
              passkeys admin audit --key-file support.key --from 2026-11-01T00:00:00Z --until 2026-11-27T00:00:00Z --json
            """)
    @OptionGroup var connection: AdminConnection
    @Option(help: "Only this account's entries (its id).") var user: String?
    @Option(help: "From this time, RFC 3339 (default: 30 days before --until).") var from: String?
    @Option(help: "Until this time, RFC 3339 (default: now).") var until: String?
    @Option(help: "Entries older than this one (the previous page's 'More: --before').") var before: String?
    @Option(help: "At most this many, 1 to 100 (default 50).") var limit: Int?

    func run() async throws {
        let query = AdminConnection.query([("user", user), ("from", from), ("until", until), ("before", before), ("limit", limit.map(String.init))])
        let answer = try await connection.send(.get, "/admin/audit" + query)
        connection.print(answer) { answer in
            let entries = answer["entries"]?.arrayValue?.compactMap(\.objectValue) ?? []
            return AdminTable(
                headers: ["TIME", "ACTION", "ACTOR", "USER", "CLIENT", "OUTCOME", "DETAIL"],
                rows: entries.map { entry in
                    let actor = entry["actor"]?.objectValue
                    return [
                        AdminTable.cell(entry["time"]), AdminTable.cell(entry["action"]),
                        "\(AdminTable.cell(actor?["kind"])):\(AdminTable.cell(actor?["name"]))", AdminTable.cell(entry["user"]),
                        AdminTable.cell(entry["clientAddress"]), AdminTable.cell(entry["outcome"]), AdminTable.cell(entry["detail"]),
                    ]
                },
                footer: answer["next"]?.stringValue.map { "More: --before \($0)" })
        }
    }
}

/// `passkeys admin keys`.
struct AdminKeysCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keys", abstract: "List the API keys, or revoke one (a leaked key), through the server.",
        discussion: """
            Examples:
              passkeys admin keys list --key-file support.key
              passkeys admin keys revoke --key-file support.key 3fa9c01b7e42
            """,
        subcommands: [List.self, Revoke.self])

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Every API key: id, name, its last four characters, when made and revoked (never the key).",
            discussion: """
                Example:
                  passkeys admin keys list --key-file support.key
                """)
        @OptionGroup var connection: AdminConnection

        func run() async throws {
            let answer = try await connection.send(.get, "/admin/keys")
            connection.print(answer) { answer in
                let keys = answer["keys"]?.arrayValue?.compactMap(\.objectValue) ?? []
                return AdminTable(
                    headers: ["ID", "NAME", "HINT", "CREATED", "REVOKED"],
                    rows: keys.map { key in ["id", "name", "hint", "createdAt", "revokedAt"].map { AdminTable.cell(key[$0]) } })
            }
        }
    }

    struct Revoke: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Revoke an API key by its id: every request with it is refused from then on.",
            discussion: """
                Example:
                  passkeys admin keys revoke --key-file support.key 3fa9c01b7e42
                """)
        @OptionGroup var connection: AdminConnection
        @Argument(help: "The key's id (from keys list).") var id: String

        func run() async throws {
            let answer = try await connection.send(.delete, "/admin/keys/\(AdminConnection.encoded(id))")
            connection.print(answer, table: AdminTables.status("Revoked API key \(id)."))
        }
    }
}
