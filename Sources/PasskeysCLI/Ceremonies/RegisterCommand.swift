import ArgumentParser
import PasskeyAuthenticator
import PasskeyCore

/// `passkeys register` (CONTRACT.md §1.4): creates a passkey for a new account with the software authenticator.
struct RegisterCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "register", abstract: "Create an account on a relying party with a new passkey held by the software authenticator.")

    @OptionGroup var server: ServerOptions
    @Option(help: "The account's username.") var username: String
    @Option(name: .customLong("display-name"), help: "The account's display name (default: the username).") var displayName: String?

    func run() async throws {
        let context = CeremonyContext(server)
        try await context.run {
            let options = try await context.relyingParty.beginRegistration(
                username: username, displayName: displayName ?? username,
                authenticatorSelection: JSONObject(["residentKey": .string("required"), "userVerification": .string("preferred")]))
            let response = try await context.webauthn.create(options)
            let credentialID = try Base64URL.decode(response["id"]?.stringValue ?? "")
            do {
                let result = try await context.relyingParty.finishRegistration(response)
                return JSONObject([
                    "registered": .bool(true), "username": .string(username), "credentialId": .string(Base64URL.encode(credentialID)),
                    "user": result["user"] ?? .null, "session": result["session"] ?? .null,
                ])
            } catch {
                // The server did not take the passkey: remove the local half so no orphan key is left.
                _ = try? await context.store.delete(id: credentialID)
                throw error
            }
        }
    }
}
