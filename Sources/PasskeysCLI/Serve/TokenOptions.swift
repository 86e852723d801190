import ArgumentParser
import Foundation
import PasskeyServer

/// `passkeys serve`'s options for the app's own backend: session tokens, their keys, and CORS.
struct TokenOptions: ParsableArguments {
    @Option(
        name: .customLong("issuer"),
        help: ArgumentHelp("iss of session tokens; discovery and the JWKS are served under it (default: the first --origin).", valueName: "url"))
    var issuer: String?
    @Option(
        name: .customLong("token-audience"),
        help: ArgumentHelp("aud of session tokens: the backend that accepts them (repeatable; default: the issuer).", valueName: "name"))
    var audiences: [String] = []
    @Option(name: .customLong("token-lifetime"), help: "Seconds a session token lives, 1 to 86400 (default 300).") var lifetime: Int64?
    @Option(
        name: .customLong("signing-key-rotation"),
        help:
            "Seconds each token signing key signs before its successor, published as long in advance, takes over; 3600 to 31622400 (default 2592000, 30 days)."
    ) var rotation: Int64?
    @Option(
        name: .customLong("key-encryption-key-file"),
        help: ArgumentHelp(
            "A file with 32 random bytes (base64 or hex, e.g. `openssl rand -base64 32`) that encrypts the signing keys and the other secrets in the database (AES-256-GCM).",
            valueName: "file")) var keyEncryptionKeyFile: String?
    @Option(
        name: .customLong("previous-key-encryption-key-file"),
        help: ArgumentHelp(
            "During a rotation of --key-encryption-key-file, the other key: values sealed with it are opened, nothing is sealed with it.",
            valueName: "file")) var previousKeyEncryptionKeyFile: String?
    @Option(
        name: .customLong("cors-origin"),
        help: ArgumentHelp(
            "An origin (also an --origin) whose pages may call the API from the browser with credentials (repeatable; default none).",
            valueName: "origin")) var corsOrigins: [String] = []

    /// The environment variables these options read, for `serve --help`.
    static let environment =
        "PASSKEYS_ISSUER, PASSKEYS_TOKEN_AUDIENCES (comma-separated), PASSKEYS_TOKEN_LIFETIME, PASSKEYS_SIGNING_KEY_ROTATION, PASSKEYS_KEY_ENCRYPTION_KEY_FILE, PASSKEYS_PREVIOUS_KEY_ENCRYPTION_KEY_FILE, PASSKEYS_CORS_ORIGINS (comma-separated)"

    /// Flags, then environment variables, then defaults, into `configuration`; checked as `serve` will run them.
    func apply(to configuration: inout ServerConfiguration, environment: [String: String], allowInsecureOrigin: Bool) throws {
        func list(_ key: String) -> [String] {
            (environment[key] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
        func seconds(_ flag: Int64?, _ key: String, _ name: String) throws -> Int64? {
            if let flag { return flag }
            guard let text = environment[key] else { return nil }
            guard let value = Int64(text) else { throw ConfigurationError("\(key): expected a number of seconds for \(name), found '\(text)'") }
            return value
        }
        var tokens = SessionTokenConfiguration()
        tokens.issuer = issuer ?? environment["PASSKEYS_ISSUER"]
        tokens.audiences = audiences.isEmpty ? list("PASSKEYS_TOKEN_AUDIENCES") : audiences
        tokens.lifetime = try seconds(lifetime, "PASSKEYS_TOKEN_LIFETIME", "--token-lifetime") ?? SessionTokenConfiguration.defaultLifetime
        tokens.keyRotation =
            try seconds(rotation, "PASSKEYS_SIGNING_KEY_ROTATION", "--signing-key-rotation") ?? SessionTokenConfiguration.defaultKeyRotation
        try tokens.readKeyEncryptionKeys(file: keyEncryptionKeyFile, previousFile: previousKeyEncryptionKeyFile, environment: environment)
        configuration.tokens = tokens
        configuration.corsOrigins = corsOrigins.isEmpty ? list("PASSKEYS_CORS_ORIGINS") : corsOrigins
        try configuration.checkTokens(allowInsecureOrigin: allowInsecureOrigin)
    }
}
