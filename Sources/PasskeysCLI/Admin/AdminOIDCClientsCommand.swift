import ArgumentParser
import PasskeyCore

/// `passkeys admin oidc-clients`: the OpenID Connect clients through the operator API (`/admin/oidc-clients`), for an
/// operator with an API key and no access to the database (`passkeys oidc-client` works on the database itself).
struct AdminOIDCClientsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "oidc-clients", abstract: "List, show, register, change and delete OpenID Connect clients through the operator API.",
        discussion: """
            The same rules as passkeys oidc-client (redirect URIs https, or http on a loopback IP literal; compared exactly). A confidential client's secret is printed once.

            Examples:
              passkeys admin oidc-clients list --key-file support.key
              passkeys admin oidc-clients create --key-file support.key --name wiki --redirect-uri https://wiki.example.com/oauth2/callback
              passkeys admin oidc-clients update --key-file support.key --new-secret 4mQ0c1X2b3Y4z5A6b7C8dw
              passkeys admin oidc-clients delete --key-file support.key 4mQ0c1X2b3Y4z5A6b7C8dw
            """,
        subcommands: [List.self, Show.self, Create.self, Update.self, Delete.self])

    static let columns = ["clientId", "name", "public", "idTokenAlg", "pkce", "redirectUris", "createdAt"]
    static let headers = ["CLIENT ID", "NAME", "PUBLIC", "ID TOKEN ALG", "REDIRECT URIS", "CREATED"]

    /// One client, with its secret (shown once) when the answer holds one.
    static func client(_ answer: JSONObject) -> AdminTable {
        let client = answer["client"]?.objectValue ?? JSONObject()
        let secret = client["clientSecret"]?.stringValue
        return AdminTable(
            headers: headers + (secret == nil ? [] : ["CLIENT SECRET (shown once)"]),
            rows: [columns.map { AdminTable.cell(client[$0]) } + (secret.map { [$0] } ?? [])])
    }

    static func uris(_ list: [String]) -> JSONValue { .array(list.map(JSONValue.string)) }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Every client, oldest first; never a secret.",
            discussion: """
                Example:
                  passkeys admin oidc-clients list --key-file support.key --json
                """)
        @OptionGroup var connection: AdminConnection

        func run() async throws {
            let answer = try await connection.send(.get, "/admin/oidc-clients")
            connection.print(answer) { answer in
                let clients = answer["clients"]?.arrayValue?.compactMap(\.objectValue) ?? []
                return AdminTable(headers: headers, rows: clients.map { client in columns.map { AdminTable.cell(client[$0]) } })
            }
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "One client by its id.",
            discussion: """
                Example:
                  passkeys admin oidc-clients show --key-file support.key 4mQ0c1X2b3Y4z5A6b7C8dw
                """)
        @OptionGroup var connection: AdminConnection
        @Argument(help: "The client's id (clientId).") var id: String

        func run() async throws {
            let answer = try await connection.send(.get, "/admin/oidc-clients/\(AdminConnection.encoded(id))")
            connection.print(answer, table: AdminOIDCClientsCommand.client)
        }
    }

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Register a client; a confidential one's secret is printed this once.",
            discussion: """
                Examples:
                  passkeys admin oidc-clients create --key-file support.key --name wiki --redirect-uri https://wiki.example.com/oauth2/callback
                  passkeys admin oidc-clients create --key-file support.key --name desktop --public --redirect-uri http://127.0.0.1/callback
                """)
        @OptionGroup var connection: AdminConnection
        @Option(help: "What the client is (the app's name), 1 to 128 characters.") var name: String
        @Option(name: .customLong("redirect-uri"), help: "A redirect URI, exactly as the app sends it (repeat for several).")
        var redirectURIs: [String] = []
        @Option(name: .customLong("post-logout-redirect-uri"), help: "Where the app may ask to return after sign-out (repeat for several).")
        var postLogoutRedirectURIs: [String] = []
        @Flag(help: "A public client (cannot keep a secret): no secret, PKCE alone.") var `public` = false
        @Option(name: .customLong("id-token-alg"), help: "How its ID tokens are signed: RS256 or ES256.") var idTokenAlgorithm = "RS256"
        @Option(help: PKCEOption.help) var pkce = "required"

        func run() async throws {
            let body = JSONObject([
                "name": .string(name), "redirectUris": AdminOIDCClientsCommand.uris(redirectURIs),
                "postLogoutRedirectUris": AdminOIDCClientsCommand.uris(postLogoutRedirectURIs), "public": .bool(`public`),
                "idTokenAlg": .string(idTokenAlgorithm), "pkce": .string(pkce),
            ])
            let answer = try await connection.send(.post, "/admin/oidc-clients", body: body)
            connection.print(answer, table: AdminOIDCClientsCommand.client)
        }
    }

    struct Update: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Change a client: its name, redirect URIs (the list given replaces the old one), ID token algorithm, PKCE policy, or secret.",
            discussion: """
                Examples:
                  passkeys admin oidc-clients update --key-file support.key 4mQ0c1X2b3Y4z5A6b7C8dw --redirect-uri https://wiki.example.com/cb
                  passkeys admin oidc-clients update --key-file support.key --new-secret 4mQ0c1X2b3Y4z5A6b7C8dw
                """)
        @OptionGroup var connection: AdminConnection
        @Argument(help: "The client's id (clientId).") var id: String
        @Option(help: "A new name.") var name: String?
        @Option(name: .customLong("redirect-uri"), help: "The redirect URIs (repeat; replaces every registered one).") var redirectURIs: [String] = []
        @Option(name: .customLong("post-logout-redirect-uri"), help: "The post-logout redirect URIs (repeat; replaces the registered ones).")
        var postLogoutRedirectURIs: [String] = []
        @Option(name: .customLong("id-token-alg"), help: "RS256 or ES256.") var idTokenAlgorithm: String?
        @Flag(help: "Replace a confidential client's secret and print the new one (the old one stops working).") var newSecret = false
        @Option(help: PKCEOption.help) var pkce: String?

        func run() async throws {
            var body = JSONObject()
            if let pkce { body["pkce"] = .string(pkce) }
            if let name { body["name"] = .string(name) }
            if !redirectURIs.isEmpty { body["redirectUris"] = AdminOIDCClientsCommand.uris(redirectURIs) }
            if !postLogoutRedirectURIs.isEmpty { body["postLogoutRedirectUris"] = AdminOIDCClientsCommand.uris(postLogoutRedirectURIs) }
            if let idTokenAlgorithm { body["idTokenAlg"] = .string(idTokenAlgorithm) }
            if newSecret { body["newSecret"] = .bool(true) }
            let answer = try await connection.send(.patch, "/admin/oidc-clients/\(AdminConnection.encoded(id))", body: body)
            connection.print(answer, table: AdminOIDCClientsCommand.client)
        }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Delete a client with its codes and refresh tokens.",
            discussion: """
                Example:
                  passkeys admin oidc-clients delete --key-file support.key 4mQ0c1X2b3Y4z5A6b7C8dw
                """)
        @OptionGroup var connection: AdminConnection
        @Argument(help: "The client's id (clientId).") var id: String

        func run() async throws {
            let answer = try await connection.send(.delete, "/admin/oidc-clients/\(AdminConnection.encoded(id))")
            connection.print(answer, table: AdminTables.status("Deleted client \(id)."))
        }
    }
}
