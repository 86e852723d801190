public import ArgumentParser
import Foundation

/// The `passkeys` command line (docs/reference/cli.md).
public struct PasskeysCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "passkeys",
        abstract: "Passkeys (WebAuthn) for Swift: serve a relying party; verify, inspect and benchmark ceremonies.",
        discussion: """
            Exit codes: 0 success, 1 the operation failed, 2 usage error. Machine-readable output is one JSON object on stdout.

            Example, a server and an account on it, from two terminals:
              passkeys serve
              passkeys register --server http://localhost:8080 --username ada
            """,
        version: "passkeys \(PasskeysVersion.line)",
        subcommands: [
            ServeCommand.self, RegisterCommand.self, LoginCommand.self, CredentialsCommand.self, BridgeCommand.self, VerifyCommand.self,
            InspectCommand.self, BenchCommand.self, LoadCommand.self, BackupCommand.self, EventsCommand.self, APIKeyCommand.self, AdminCommand.self,
            OIDCClientCommand.self, KeysCommand.self, HTTPFloorCommand.self,
        ]
    )
    public init() {}
}

/// Runs the CLI with the contract's exit codes: 0 success, 1 failure, 2 usage error.
public enum PasskeysCLIMain {
    public static func run(_ arguments: [String]) async -> Never {
        // A mistyped subcommand is named with the nearest real one, before ArgumentParser's "unexpected argument".
        if let unknown = UnknownSubcommand.find(in: arguments, root: PasskeysCommand.self) {
            Output.stderr(unknown.description)
            exit(2)
        }
        var command: any ParsableCommand
        do {
            command = try PasskeysCommand.parseAsRoot(arguments)
        } catch {
            // --help and --version print to stdout and succeed; anything else is a usage error.
            if PasskeysCommand.exitCode(for: error) == .success {
                print(PasskeysCommand.fullMessage(for: error))
                exit(0)
            }
            Output.stderr(PasskeysCommand.fullMessage(for: error))
            exit(2)
        }
        if command is PasskeysCommand {
            // No subcommand: a usage error, with the overview on stderr.
            Output.stderr(PasskeysCommand.helpMessage())
            exit(2)
        }
        do {
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
            exit(0)
        } catch let failure as OperationFailed {
            exit(failure.exitCode)
        } catch let code as ExitCode {
            exit(code.rawValue)
        } catch let usage as UsageError {
            Output.stderr(usageFailure(usage.description, of: type(of: command)))
            exit(2)
        } catch {
            switch PasskeysCommand.exitCode(for: error) {
            case .success:
                // Help requested through a subcommand.
                print(PasskeysCommand.fullMessage(for: error))
                exit(0)
            case .validationFailure:
                // Thrown while running: ArgumentParser would print the top-level usage, so the failed subcommand's is
                // printed here.
                Output.stderr(usageFailure(PasskeysCommand.message(for: error), of: type(of: command)))
                exit(2)
            default:
                // Something failed while doing the work (a database that cannot be reached, a port in use).
                Output.stderr("error: \(error)")
                exit(1)
            }
        }
    }
}

extension PasskeysCLIMain {
    /// `error: MESSAGE`, then the usage of the subcommand that failed and where its help is.
    static func usageFailure(_ message: String, of subcommand: any ParsableCommand.Type) -> String {
        let name = commandPath(to: subcommand).joined(separator: " ")
        return "error: \(message)\nUsage: \(PasskeysCommand.usageString(for: subcommand))\n  See '\(name) --help' for every option and an example."
    }

    /// The names from the root to `subcommand`: `["passkeys", "credentials", "list"]`.
    static func commandPath(to subcommand: any ParsableCommand.Type, from root: any ParsableCommand.Type = PasskeysCommand.self) -> [String] {
        if ObjectIdentifier(root) == ObjectIdentifier(subcommand) { return [root._commandName] }
        for child in root.configuration.subcommands {
            let path = commandPath(to: subcommand, from: child)
            if !path.isEmpty { return [root._commandName] + path }
        }
        return []
    }
}

/// Thrown by a command that has already reported its failure (on stdout as JSON) and wants exit code 1.
struct OperationFailed: Error {
    let exitCode: Int32 = 1
}

/// A usage problem found while running (an unreadable file, a bad date): exit code 2 with a message.
struct UsageError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
