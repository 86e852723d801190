import Foundation

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

    /// - Parameter environment: variables set for this run, over the test process's own.
    static func run(_ arguments: [String], stdin: Data = Data(), environment: [String: String] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        let input = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        input.fileHandleForWriting.write(stdin)
        try input.fileHandleForWriting.close()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self))
    }
}
