import ArgumentParser
import Foundation
import PasskeyCore
import PasskeyServer

/// `passkeys keys`: the keys that protect the database's secrets.
struct KeysCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keys",
        abstract: "Manage the keys that protect the secrets in the database.",
        discussion: """
            Rotating the key-encryption key takes two restarts and one reseal, so no instance ever meets a value it \
            cannot open (docs/deploy.md, "Rotating the key-encryption key"):
              1. restart every instance with --key-encryption-key-file OLD --previous-key-encryption-key-file NEW
              2. restart every instance with --key-encryption-key-file NEW --previous-key-encryption-key-file OLD
              3. passkeys keys reseal --key-encryption-key-file NEW --previous-key-encryption-key-file OLD
              4. restart without --previous-key-encryption-key-file, and retire OLD

            Example:
              passkeys keys reseal --database sqlite:passkeys.sqlite --key-encryption-key-file new.kek --previous-key-encryption-key-file old.kek
            """,
        subcommands: [Reseal.self])

    struct Reseal: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Seal every signing key and sealed secret in the database with --key-encryption-key-file, opening those sealed with the previous key: {\"signingKeys\", \"secrets\", \"alreadyCurrent\", \"keyEncryptionKey\"}.",
            discussion: """
                Run it once every instance runs with the new key and the previous one (step 3 of a rotation); running it \
                again changes nothing. A value neither key opens stops it with the value's name (exit 1).

                Example:
                  passkeys keys reseal --database sqlite:passkeys.sqlite --key-encryption-key-file new.kek --previous-key-encryption-key-file old.kek
                """)
        @OptionGroup var options: APIKeyCommand.DatabaseOptions
        @Option(
            name: .customLong("key-encryption-key-file"),
            help: ArgumentHelp("The key to seal with (default: PASSKEYS_KEY_ENCRYPTION_KEY_FILE).", valueName: "file"))
        var keyFile: String?
        @Option(
            name: .customLong("previous-key-encryption-key-file"),
            help: ArgumentHelp(
                "The key values may still be sealed with, opened and never sealed with (default: PASSKEYS_PREVIOUS_KEY_ENCRYPTION_KEY_FILE).",
                valueName: "file"))
        var previousKeyFile: String?

        /// The two keys, from the options or the environment `serve` reads; a key to seal with is required.
        func keys() throws -> (KeyEncryptionKey, KeyEncryptionKey?) {
            let environment = ProcessInfo.processInfo.environment
            guard let path = keyFile ?? environment["PASSKEYS_KEY_ENCRYPTION_KEY_FILE"] else {
                throw ValidationError("--key-encryption-key-file: expected the key to seal with (or PASSKEYS_KEY_ENCRYPTION_KEY_FILE), found none")
            }
            do {
                let key = try KeyEncryptionKey(contentsOfFile: path)
                let previous = try (previousKeyFile ?? environment["PASSKEYS_PREVIOUS_KEY_ENCRYPTION_KEY_FILE"]).map {
                    try KeyEncryptionKey(contentsOfFile: $0, option: "--previous-key-encryption-key-file")
                }
                var tokens = SessionTokenConfiguration()
                tokens.keyEncryptionKey = key
                tokens.previousKeyEncryptionKey = previous
                try tokens.checkKeyEncryptionKeys()
                return (key, previous)
            } catch let error as ConfigurationError {
                throw ValidationError(error.description)
            }
        }

        func validate() throws { _ = try keys() }

        func run() async throws {
            let (key, previous) = try keys()
            let report = try await options.withDatabase { store in
                do {
                    return try await SealedValues.reseal(store: store, sealer: SecretSealer(key: key, previous: previous))
                } catch let error as SealedSecretUnreadable {
                    throw Output.failure(code: "sealedValueUnreadable", message: error.description)
                }
            }
            Output.json(
                .object(
                    JSONObject([
                        "signingKeys": .number(String(report.signingKeys)), "secrets": .number(String(report.secrets)),
                        "alreadyCurrent": .number(String(report.alreadyCurrent)), "keyEncryptionKey": .string(key.fingerprint),
                    ])))
        }
    }
}
