import ArgumentParser
import PasskeyAuthenticator
import PasskeyClient
import PasskeyCore

/// `passkeys register` (docs/reference/cli.md, "passkeys register"): creates a passkey for a new account with the software authenticator.
struct RegisterCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "register", abstract: "Create an account on a relying party with a new passkey held by the software authenticator.",
        discussion: """
            Prints the account, its session and its recovery codes (the server shows them this once).

            Example, against passkeys serve on this machine (RP ID localhost: use localhost, not 127.0.0.1):
              passkeys register --server http://localhost:8080 --username ada
            """)

    @OptionGroup var server: ServerOptions
    @Option(help: "The account's username.") var username: String
    @Option(name: .customLong("display-name"), help: "The account's display name (default: the username).") var displayName: String?
    @Option(
        name: .customLong("algorithm"), parsing: .unconditional,
        help:
            "The key algorithm of the new passkey, by name (ES256, EdDSA, RS256, PS256, ML-DSA-65, ML-DSA-87) or COSE number; the server must offer it (default: the first the server offers)."
    ) var algorithm: String?

    func run() async throws {
        let algorithms = try algorithm.map { [try AlgorithmArgument.parse($0)] } ?? SoftwareAuthenticator.supportedAlgorithms
        let context = CeremonyContext(server, algorithms: algorithms)
        try await context.run {
            // The coordinator removes the local key again only if the server refuses the registration (4xx); if the
            // answer is lost the key stays and this fails with registrationOutcomeUnknown, naming the credential.
            let registered = try await context.coordinator.register(username: username, displayName: displayName ?? username)
            // The new account's recovery codes: the server gives them this once, so they are printed with the rest.
            return JSONObject([
                "registered": .bool(true), "username": .string(username), "credentialId": .string(registered.credential.id),
                "user": .object(registered.user.json), "session": .string(registered.session),
                "recoveryCodes": .array(registered.recoveryCodes.map(JSONValue.string)),
            ])
        }
    }
}
