import ArgumentParser
import Foundation
import PasskeyCore
import PasskeyServer

/// `passkeys oidc-client`: the apps that sign their users in through `passkeys serve` as an OpenID Provider.
struct OIDCClientCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "oidc-client",
        abstract: "Register, list, change and delete OpenID Connect clients: apps that sign users in with passkeys through this server.",
        discussion: """
            Clients are the operator's own apps (first-party): no consent screen. Redirect URIs are compared exactly and must be https,
            except loopback IP literals (http://127.0.0.1:PORT/… and http://[::1]:PORT/…, any port, RFC 8252 §7.3). PKCE (S256) is
            required of every client unless a confidential one is registered with --pkce optional, for apps that send none
            (docs/oidc.md). A confidential client's secret is printed once; only its hash is kept.

            Examples:
              passkeys oidc-client create --database sqlite:passkeys.sqlite --name wiki --redirect-uri https://wiki.example.com/oauth2/callback
              passkeys oidc-client create --database sqlite:passkeys.sqlite --name cli --public --redirect-uri http://127.0.0.1/callback
              passkeys oidc-client list --database sqlite:passkeys.sqlite
              passkeys oidc-client update --database sqlite:passkeys.sqlite --new-secret 4mQ0c1X2b3Y4z5A6b7C8dw
              passkeys oidc-client delete --database sqlite:passkeys.sqlite 4mQ0c1X2b3Y4z5A6b7C8dw
            """,
        subcommands: [Create.self, List.self, Update.self, Delete.self])

    /// A client as `create`, `list` and `update` print it (as the operator API answers it).
    static func json(_ record: OIDCClientRecord, secret: String? = nil) -> JSONValue { OIDCClients.json(record, secret: secret) }

    /// Runs `body` over the database's clients; a configuration refusal is a usage error (exit 2).
    static func withClients<T: Sendable>(_ options: APIKeyCommand.DatabaseOptions, _ body: (OIDCClients) async throws -> T) async throws -> T {
        try await options.withDatabase { store in
            do {
                return try await body(OIDCClients(store: store, clock: APIKeyCommand.DatabaseOptions.now, origin: .commandLine))
            } catch let error as ConfigurationError {
                throw ValidationError(error.description)
            }
        }
    }

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Register a client and print it as JSON with clientId and, for a confidential client, clientSecret (shown this once).",
            discussion: """
                Examples:
                  passkeys oidc-client create --database sqlite:passkeys.sqlite --name wiki --redirect-uri https://wiki.example.com/oauth2/callback
                  passkeys oidc-client create --database sqlite:passkeys.sqlite --name grafana --id-token-alg ES256 \\
                    --redirect-uri https://grafana.example.com/login/generic_oauth
                  passkeys oidc-client create --database sqlite:passkeys.sqlite --name desktop --public --redirect-uri http://127.0.0.1/callback
                  passkeys oidc-client create --database sqlite:passkeys.sqlite --name intranet --pkce optional \\
                    --redirect-uri https://intranet.example.com/redirect_uri
                """)
        @OptionGroup var options: APIKeyCommand.DatabaseOptions
        @Option(help: "What the client is (the app's name), 1 to 128 characters.") var name: String
        @Option(name: .customLong("redirect-uri"), help: "A redirect URI, exactly as the app sends it (repeat for several).")
        var redirectURIs: [String] = []
        @Option(name: .customLong("post-logout-redirect-uri"), help: "Where the app may ask to return after sign-out (repeat for several).")
        var postLogoutRedirectURIs: [String] = []
        @Flag(help: "A public client (a native or browser app that cannot keep a secret): no secret, PKCE alone.") var `public` = false
        @Option(name: .customLong("id-token-alg"), help: "How its ID tokens are signed: RS256 or ES256.") var idTokenAlgorithm = "RS256"
        @Option(help: PKCEOption.help) var pkce = "required"

        func run() async throws {
            let (record, secret) = try await OIDCClientCommand.withClients(options) { clients in
                try await clients.create(
                    name: name, redirectURIs: redirectURIs, postLogoutRedirectURIs: postLogoutRedirectURIs, isPublic: `public`,
                    idTokenAlgorithm: idTokenAlgorithm, pkceRequired: try OIDCClients.pkceRequired(pkce, .options))
            }
            Output.json(OIDCClientCommand.json(record, secret: secret), pretty: true)
            if secret != nil { Output.stderr("Created client \(record.id) (\(record.name)). Its secret is shown once: store it now.") }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the clients: {\"clients\": [{clientId, name, public, redirectUris, …}]}, never their secrets.",
            discussion: """
                Examples:
                  passkeys oidc-client list --database sqlite:passkeys.sqlite
                """)
        @OptionGroup var options: APIKeyCommand.DatabaseOptions

        func run() async throws {
            let records = try await OIDCClientCommand.withClients(options) { clients in try await clients.list() }
            Output.json(.object(JSONObject(["clients": .array(records.map { OIDCClientCommand.json($0) })])), pretty: true)
        }
    }

    struct Update: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Change a client: its name, redirect URIs (the list given replaces the old one), ID token algorithm, PKCE policy, or secret.",
            discussion: """
                Examples:
                  passkeys oidc-client update --database sqlite:passkeys.sqlite 4mQ0c1X2b3Y4z5A6b7C8dw \\
                    --redirect-uri https://wiki.example.com/oauth2/callback --redirect-uri https://wiki-staging.example.com/oauth2/callback
                  passkeys oidc-client update --database sqlite:passkeys.sqlite --new-secret 4mQ0c1X2b3Y4z5A6b7C8dw
                """)
        @OptionGroup var options: APIKeyCommand.DatabaseOptions
        @Argument(help: "The client's id (clientId).") var id: String
        @Option(help: "A new name.") var name: String?
        @Option(name: .customLong("redirect-uri"), help: "The redirect URIs (repeat; replaces every registered one).") var redirectURIs: [String] = []
        @Option(name: .customLong("post-logout-redirect-uri"), help: "The post-logout redirect URIs (repeat; replaces the registered ones).")
        var postLogoutRedirectURIs: [String] = []
        @Option(name: .customLong("id-token-alg"), help: "RS256 or ES256.") var idTokenAlgorithm: String?
        @Flag(help: "Replace a confidential client's secret and print the new one (the old one stops working).") var newSecret = false
        @Option(help: PKCEOption.help) var pkce: String?

        func run() async throws {
            let updated = try await OIDCClientCommand.withClients(options) { clients in
                try await clients.update(
                    id: id, name: name, redirectURIs: redirectURIs.isEmpty ? nil : redirectURIs,
                    postLogoutRedirectURIs: postLogoutRedirectURIs.isEmpty ? nil : postLogoutRedirectURIs, idTokenAlgorithm: idTokenAlgorithm,
                    newSecret: newSecret, pkceRequired: try pkce.map { try OIDCClients.pkceRequired($0, .options) })
            }
            guard let (record, secret) = updated else { throw Output.failure(code: "oidcClientNotFound", message: "there is no client '\(id)'") }
            Output.json(OIDCClientCommand.json(record, secret: secret), pretty: true)
        }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Delete a client with its codes and refresh tokens: its users can no longer sign in to it.",
            discussion: """
                Examples:
                  passkeys oidc-client delete --database sqlite:passkeys.sqlite 4mQ0c1X2b3Y4z5A6b7C8dw
                """)
        @OptionGroup var options: APIKeyCommand.DatabaseOptions
        @Argument(help: "The client's id (clientId).") var id: String

        func run() async throws {
            let deleted = try await OIDCClientCommand.withClients(options) { clients in try await clients.delete(id: id) }
            guard deleted else { throw Output.failure(code: "oidcClientNotFound", message: "there is no client '\(id)'") }
            Output.json(.object(JSONObject(["deleted": .string(id)])))
        }
    }
}

/// The `--pkce` option of the client commands, here and in `passkeys admin oidc-clients`.
enum PKCEOption {
    static let help = ArgumentHelp(
        "required or optional: whether authorization requests must carry a PKCE challenge; optional is for confidential clients only.",
        valueName: "policy")
}
