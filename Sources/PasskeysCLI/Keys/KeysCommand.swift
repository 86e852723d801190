import ArgumentParser
import Foundation
import PasskeyCore
import PasskeyServer

/// `passkeys keys`: the keys that sign tokens and protect the database's secrets.
struct KeysCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keys",
        abstract: "List and retire the token signing keys; reseal the secrets in the database under a new key-encryption key.",
        discussion: """
            Rotating the key-encryption key takes two restarts and one reseal, so no instance ever meets a value it \
            cannot open (docs/deploy.md, "Rotating the key-encryption key"):
              1. restart every instance with --key-encryption-key-file OLD --previous-key-encryption-key-file NEW
              2. restart every instance with --key-encryption-key-file NEW --previous-key-encryption-key-file OLD
              3. passkeys keys reseal --key-encryption-key-file NEW --previous-key-encryption-key-file OLD
              4. restart without --previous-key-encryption-key-file, and retire OLD

            Changes made here are written to the audit log with the actor {"kind": "cli"} and the name of the user \
            running the command.

            Examples:
              passkeys keys list --database sqlite:passkeys.sqlite
              passkeys keys retire --database sqlite:passkeys.sqlite 0mC3Xb2v…
              passkeys keys rotate authorization-ticket --database sqlite:passkeys.sqlite --key-encryption-key-file kek
              passkeys keys reseal --database sqlite:passkeys.sqlite --key-encryption-key-file new.kek --previous-key-encryption-key-file old.kek
            """,
        subcommands: [List.self, Retire.self, Rotate.self, Reseal.self])

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Every token signing key and sealed secret in the database: {\"signingKeys\":[{\"kid\",\"algorithm\",\"generation\",\"state\",\"createdAt\",\"signsFrom\",\"signsUntil\",\"publishedUntil\",\"sealedWith\"}],\"secrets\":[{\"name\",\"sealedWith\",\"versions\"}]}.",
            discussion: """
                A key's state is signing (it signs tokens now), next (published, signs from signsFrom) or verifying (it \
                no longer signs and stays published until its tokens have expired). sealedWith is the fingerprint of the \
                key-encryption key a value is sealed with, or plain. Nothing is opened: no key-encryption key is needed.

                Example:
                  passkeys keys list --database sqlite:passkeys.sqlite
                """)
        @OptionGroup var options: APIKeyCommand.DatabaseOptions

        func run() async throws {
            let listing = try await options.withDatabase { store in
                try await KeyInventory.list(store: store, now: APIKeyCommand.DatabaseOptions.now())
            }
            Output.json(.object(listing))
        }
    }

    struct Retire: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Withdraw a token signing key at once: {\"retired\", \"algorithm\", \"promoted\"}.",
            discussion: """
                Its tokens are inactive at POST /introspect and refused at /userinfo at once; every instance stops \
                signing with it, and drops it from the JWKS, within 10 seconds. If it was signing, its successor (already \
                published) signs from now (promoted); otherwise promoted is null and the next refresh makes a successor \
                if one is missing. Backends that verify tokens themselves accept them until their cached JWKS expires \
                (15 minutes). An unknown kid is an error (exit 1, code signingKeyNotFound).

                Example:
                  passkeys keys retire --database sqlite:passkeys.sqlite 0mC3Xb2v…
                """)
        @OptionGroup var options: APIKeyCommand.DatabaseOptions
        @Argument(help: ArgumentHelp("The key's kid, as `passkeys keys list` shows it.", valueName: "kid")) var kid: String

        func validate() throws {
            // A kid is a JWK thumbprint: 43 base64url characters (RFC 7638 §3 with SHA-256).
            guard kid.utf8.count == 43, (try? Base64URL.decode(kid))?.count == 32 else {
                throw ValidationError("kid: expected a key's kid (43 base64url characters, see `passkeys keys list`), found '\(kid)'")
            }
        }

        func run() async throws {
            let retirement = try await options.withDatabase { store in
                try await KeyInventory.retire(kid: kid, store: store, now: APIKeyCommand.DatabaseOptions.now(), origin: .commandLine)
            }
            guard let retirement else {
                throw Output.failure(code: "signingKeyNotFound", message: "No signing key has the kid '\(kid)' (see `passkeys keys list`).")
            }
            Output.json(
                .object(
                    JSONObject([
                        "retired": .string(retirement.retired.kid), "algorithm": .string(retirement.retired.algorithm),
                        "promoted": retirement.promoted.map(JSONValue.string) ?? .null,
                    ])))
        }
    }

    struct Rotate: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Rotate a sealed secret: a new version, in use on every instance a minute from now: {\"secret\", \"version\", \"activeFrom\"}.",
            discussion: """
                authorization-ticket: the key of the prompt=login / max_age login tickets. Tickets made with the previous \
                version are accepted until the new one has been in use for 15 minutes (a ticket's lifetime), so no \
                sign-in in progress is refused. The new version is sealed with --key-encryption-key-file (the one the \
                instances run with); every stored version is opened with it first, so a wrong file changes nothing (exit \
                1, code sealedValueUnreadable).

                Example:
                  passkeys keys rotate authorization-ticket --database sqlite:passkeys.sqlite --key-encryption-key-file kek
                """)
        @OptionGroup var options: APIKeyCommand.DatabaseOptions
        @Argument(help: ArgumentHelp("The secret to rotate: authorization-ticket.", valueName: "secret")) var secret: String
        @Option(
            name: .customLong("key-encryption-key-file"),
            help: ArgumentHelp("The key the instances seal with, if any (default: PASSKEYS_KEY_ENCRYPTION_KEY_FILE).", valueName: "file"))
        var keyFile: String?

        func validate() throws {
            guard SecretVersions.rotatable[secret] != nil else {
                throw ValidationError("secret: expected \(SecretVersions.rotatable.keys.sorted().joined(separator: " or ")), found '\(secret)'")
            }
            _ = try sealer()
        }

        /// The sealer the instances use: the key-encryption key, read as `serve` reads it, or none.
        func sealer() throws -> SecretSealer {
            do throws(ConfigurationError) {
                var tokens = SessionTokenConfiguration()
                try tokens.readKeyEncryptionKeys(file: keyFile, previousFile: nil, environment: ProcessInfo.processInfo.environment)
                return SecretSealer(key: tokens.keyEncryptionKey)
            } catch {
                throw ValidationError(error.description)
            }
        }

        func run() async throws {
            guard let name = SecretVersions.rotatable[secret] else { throw ValidationError("secret: expected authorization-ticket") }
            let sealer = try sealer()
            let record = try await options.withDatabase { store in
                do {
                    return try await SecretVersions.rotate(
                        name, store: store, sealer: sealer, now: APIKeyCommand.DatabaseOptions.now(), origin: .commandLine)
                } catch let error as SealedSecretUnreadable {
                    throw Output.failure(code: "sealedValueUnreadable", message: error.description)
                } catch let error as SecretRotationRaced {
                    throw Output.failure(code: "rotationRaced", message: error.description)
                }
            }
            Output.json(
                .object(
                    JSONObject([
                        "secret": .string(secret), "version": .number(String(record.version)),
                        "activeFrom": .string(RFC3339.string(millisecondsSince1970: record.activeFrom)),
                    ])))
        }
    }

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

        /// The two keys, read as `serve` reads them; a key to seal with is required.
        func keys() throws -> (KeyEncryptionKey, KeyEncryptionKey?) {
            do {
                var tokens = SessionTokenConfiguration()
                try tokens.readKeyEncryptionKeys(file: keyFile, previousFile: previousKeyFile, environment: ProcessInfo.processInfo.environment)
                guard let key = tokens.keyEncryptionKey else {
                    throw ConfigurationError(
                        "--key-encryption-key-file: expected the key to seal with (or PASSKEYS_KEY_ENCRYPTION_KEY_FILE), found none")
                }
                try tokens.checkKeyEncryptionKeys()
                return (key, tokens.previousKeyEncryptionKey)
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
