public import ArgumentParser
import Foundation

/// The `passkeys` command line (CONTRACT.md §1).
public struct PasskeysCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "passkeys",
        abstract: "Passkeys (WebAuthn) for Swift: serve a relying party; verify, inspect and benchmark ceremonies.",
        discussion: "Exit codes: 0 success, 1 the operation failed, 2 usage error. Machine-readable output is one JSON object on stdout.",
        subcommands: [
            ServeCommand.self, RegisterCommand.self, LoginCommand.self, CredentialsCommand.self, BridgeCommand.self, VerifyCommand.self,
            InspectCommand.self, BenchCommand.self, LoadCommand.self, BackupCommand.self, APIKeyCommand.self,
        ]
    )
    public init() {}
}

/// Runs the CLI with the contract's exit codes: 0 success, 1 failure, 2 usage error.
public enum PasskeysCLIMain {
    public static func run(_ arguments: [String]) async -> Never {
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
            Output.stderr("error: \(usage.description)")
            exit(2)
        } catch {
            switch PasskeysCommand.exitCode(for: error) {
            case .success:
                // Help requested through a subcommand.
                print(PasskeysCommand.fullMessage(for: error))
                exit(0)
            case .validationFailure:
                Output.stderr(PasskeysCommand.fullMessage(for: error))
                exit(2)
            default:
                // Something failed while doing the work (a database that cannot be reached, a port in use).
                Output.stderr("error: \(error)")
                exit(1)
            }
        }
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
