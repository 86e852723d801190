import ArgumentParser
import Foundation
import PasskeyAuthenticator
import PasskeyClient
import PasskeyCore

/// `passkeys credentials list|remove` (docs/reference/cli.md, "passkeys credentials list" and "passkeys credentials remove").
struct CredentialsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "credentials", abstract: "List or remove the software authenticator's passkeys.",
        discussion: """
            Examples:
              passkeys credentials list --server http://localhost:8080
              passkeys credentials remove CREDENTIAL_ID --server http://localhost:8080
            """,
        subcommands: [ListCredentials.self, RemoveCredential.self])
}

struct ListCredentials: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List stored passkeys (for one relying party with --server).",
        discussion: """
            A --store that does not exist is an error (exit 2), not an empty list.

            Example:
              passkeys credentials list --server http://localhost:8080 --store test.json
            """)

    @Option(help: "Only passkeys for this relying party (its host is the RP ID).") var server: String?
    @Option(help: "The credential store file.") var store: String?

    func run() async throws {
        try ServerOptions.requireExisting(store: store)
        let store = FileCredentialStore(path: store ?? FileCredentialStore.defaultPath())
        do {
            var credentials = try await store.allCredentials()
            if let server, let host = URLComponents(string: server)?.host { credentials = credentials.filter { $0.rpID == host } }
            let formatter = ISO8601DateFormatter()
            Output.json(
                .object(
                    JSONObject([
                        "credentials": .array(
                            credentials.map { c in
                                .object(
                                    JSONObject([
                                        "id": .string(Base64URL.encode(c.id)), "rpId": .string(c.rpID), "userName": .string(c.userName),
                                        "userDisplayName": .string(c.userDisplayName), "userHandle": .string(Base64URL.encode(c.userHandle)),
                                        "algorithm": JSONValue(c.privateKey.algorithm.rawValue), "signCount": JSONValue(c.signCount),
                                        "discoverable": .bool(c.discoverable), "createdAt": .string(formatter.string(from: c.createdAt)),
                                    ]))
                            })
                    ])))
        } catch {
            throw Output.failure(code: "storageFailed", message: "\(error)")
        }
    }
}

struct RemoveCredential: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove", abstract: "Remove a passkey on the server, then locally; if the server refuses, the local passkey stays.",
        discussion: """
            Example, with an ID that credentials list printed:
              passkeys credentials remove CREDENTIAL_ID --server http://localhost:8080
            """)

    @Argument(help: "The credential ID (base64url).") var credentialID: String
    @OptionGroup var server: ServerOptions

    func run() async throws {
        try server.requireExistingStore()
        let context = CeremonyContext(server)
        try await context.run {
            let id: [UInt8]
            do { id = try Base64URL.decode(credentialID, field: "CREDENTIAL_ID") } catch {
                throw CLIFailure(code: "malformedInput", message: "\(error)")
            }
            guard let credential = try await context.store.credential(id: id) else {
                throw CLIFailure(code: "noCredentials", message: "no stored passkey has the ID \(credentialID)")
            }
            // Deleting needs a session: sign in with this very passkey.
            var options = try await context.relyingParty.beginAuthentication(AuthenticationOptionsRequest(username: credential.userName))
            options["allowCredentials"] = .array([.object(JSONObject(["type": .string("public-key"), "id": .string(credentialID)]))])
            let assertion = try await context.webauthn.get(options)
            let signedIn = try await context.relyingParty.finishAuthentication(assertion)
            try await context.relyingParty.removePasskey(id: credentialID, session: signedIn.session)
            try await context.store.delete(id: id)
            return JSONObject(["removed": .bool(true), "credentialId": .string(credentialID)])
        }
    }
}
