import Foundation
import Subprocess

#if canImport(System)
import System
#else
import SystemPackage
#endif

/// Runs the built `passkeys` executable as a user would, capturing stdout, stderr and the exit code.
enum CLIRunner {
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String

        /// stdout parsed as the one JSON object the CLI prints.
        var json: [String: Any] {
            (try? JSONSerialization.jsonObject(with: Data(stdout.utf8))) as? [String: Any] ?? [:]
        }
        var errorCode: String? { (json["error"] as? [String: Any])?["code"] as? String }
    }

    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `PASSKEYS_BIN` when set (CI builds once and points here), else the debug build `swift test` just made.
    static var executable: URL {
        if let path = ProcessInfo.processInfo.environment["PASSKEYS_BIN"] { return URL(fileURLWithPath: path) }
        return packageRoot.appendingPathComponent(".build/debug/passkeys")
    }

    /// The most a command may print on each stream before the run fails: far above any command's output here.
    static let outputLimit = 64 << 20

    /// Runs one command to its end. The child is started and awaited with swift-subprocess, which holds no thread of
    /// Swift's cooperative pool while it waits and does not list `/proc/self/fd` to spawn, as Foundation's `Process`
    /// does on Linux (docs/decisions/0174-tests-spawn-with-subprocess.md).
    ///
    /// - Parameter environment: variables set for this run, over the test process's own.
    static func run(_ arguments: [String], stdin: Data = Data(), environment: [String: String] = [:]) async throws -> Result {
        var overrides: [Environment.Key: String?] = [:]
        for (name, value) in environment {
            guard let key = Environment.Key(rawValue: name) else { continue }
            overrides[key] = value
        }
        // Standard input comes from a file, not a pipe the runner writes: swift-subprocess 1.0.2 stops the process
        // when a child exits before reading all of a piped input (its writer is dropped unclosed), and a usage
        // error exits before reading anything.
        let inputFile = FileManager.default.temporaryDirectory.appendingPathComponent("passkeys-cli-stdin-\(UUID().uuidString)").path
        try stdin.write(to: URL(fileURLWithPath: inputFile))
        defer { try? FileManager.default.removeItem(atPath: inputFile) }
        let input = try FileDescriptor.open(FilePath(inputFile), .readOnly)
        let outcome = try await Subprocess.run(
            .path(FilePath(executable.path)), arguments: Arguments(arguments), environment: .inherit.updating(overrides),
            input: .fileDescriptor(input, closeAfterSpawningProcess: true), output: .bytes(limit: outputLimit),
            error: .bytes(limit: outputLimit))
        let status: Int32
        switch outcome.terminationStatus {
        case .exited(let code): status = code
        // As a shell reports it, so a crash is never read as success.
        case .signaled(let signal): status = 128 + signal
        }
        return Result(
            status: status, stdout: String(decoding: outcome.standardOutput, as: UTF8.self),
            stderr: String(decoding: outcome.standardError, as: UTF8.self))
    }
}
