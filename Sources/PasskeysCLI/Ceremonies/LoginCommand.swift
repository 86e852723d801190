import ArgumentParser
import PasskeyCore

/// `passkeys login` (docs/reference/cli.md, "passkeys login"): signs in with a stored passkey; without --username, a discoverable sign-in.
struct LoginCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "login", abstract: "Sign in to a relying party with a stored passkey (no --username: discoverable sign-in).",
        discussion: """
            Examples:
              passkeys login --server http://localhost:8080 --username ada
              passkeys login --server http://localhost:8080
            """)

    @OptionGroup var server: ServerOptions
    @Option(help: "The account's username; leave out for a discoverable (usernameless) sign-in.") var username: String?

    func run() async throws {
        try server.requireExistingStore()
        let context = CeremonyContext(server)
        try await context.run {
            let signedIn =
                if let username, !username.isEmpty {
                    try await context.coordinator.signIn(username: username)
                } else {
                    try await context.coordinator.signIn()
                }
            return JSONObject([
                "signedIn": .bool(true), "credentialId": .string(signedIn.credentialID),
                "user": .object(signedIn.user.json), "session": .string(signedIn.session),
            ])
        }
    }
}
