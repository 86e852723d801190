import ArgumentParser

struct VerifyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Verify one registration or authentication response offline (WebAuthn L3 §7.1 / §7.2).",
        discussion: """
            Example:
              passkeys verify registration --rp-id example.com \\
                --origin https://example.com --challenge CHALLENGE --input reg.json
            """,
        subcommands: [VerifyRegistrationCommand.self, VerifyAuthenticationCommand.self]
    )
}

/// Options both ceremonies take.
struct CeremonyOptions: ParsableArguments {
    @Option(name: .customLong("rp-id"), parsing: .unconditional, help: "The RP ID whose SHA-256 hash authenticator data must carry.")
    var rpID: String

    @Option(name: .customLong("origin"), parsing: .unconditionalSingleValue, help: "An origin clientDataJSON.origin may equal (repeatable).")
    var origins: [String]

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "The base64url string clientDataJSON.challenge must equal.",
            discussion: "Taken as the value even when it starts with '-', as 1 in 64 random base64url challenges does; --challenge=VALUE works too."))
    var challenge: String

    @Flag(name: .customLong("require-user-verification"), help: "Fail unless the UV flag is set.")
    var requireUserVerification = false

    @Flag(name: .customLong("allow-cross-origin"), help: "Accept ceremonies run in a cross-origin iframe (clientDataJSON.crossOrigin = true).")
    var allowCrossOrigin = false

    @Option(
        name: .customLong("top-origin"), parsing: .unconditionalSingleValue,
        help: "A top-level origin allowed to embed the ceremony (repeatable; implies --allow-cross-origin).")
    var topOrigins: [String] = []

    @Flag(
        name: .customLong("allow-legacy-base64"),
        help: ArgumentHelp(
            "Also accept '=' padding and the standard base64 alphabet in binary fields.",
            discussion: "For responses captured from old clients and libraries; real browsers send strict base64url."))
    var allowLegacyBase64 = false

    @Option(parsing: .unconditional, help: "Read the response JSON from this file instead of stdin.")
    var input: String?

    func validate() throws {
        guard !origins.isEmpty else { throw ValidationError("Give at least one --origin.") }
    }
}
