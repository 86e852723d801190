import Foundation
import Subprocess
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

#if canImport(System)
import System
#else
import SystemPackage
#endif

/// A `passkeys` process that runs beside a test (a server it talks to, signals and waits for), started and awaited
/// with swift-subprocess (docs/decisions/0174-tests-spawn-with-subprocess.md): no thread of the cooperative pool waits
/// for it, and its spawn does not list `/proc/self/fd`.
final class ChildProcess: Sendable {
    let processIdentifier: pid_t
    private let exit: ExitCode
    private let monitor: Task<Int32, any Error>

    /// Where the monitor leaves the exit code for readers on other tasks.
    private final class ExitCode: Sendable {
        let code = Mutex<Int32?>(nil)
    }

    private init(processIdentifier: pid_t, exit: ExitCode, monitor: Task<Int32, any Error>) {
        self.processIdentifier = processIdentifier
        self.exit = exit
        self.monitor = monitor
    }

    /// Starts the built executable with `arguments`; its standard error goes to the file at `errorLog` (created or
    /// truncated), else nowhere. Returns once the child runs.
    static func start(_ arguments: [String], errorLog: String? = nil) async throws -> ChildProcess {
        let errors = try FileDescriptor.open(
            FilePath(errorLog ?? "/dev/null"), .writeOnly, options: [.create, .truncate], permissions: [.ownerReadWrite])
        let (started, announce) = AsyncStream<pid_t>.makeStream()
        let exit = ExitCode()
        let monitor = Task<Int32, any Error> {
            defer { announce.finish() }
            let outcome = try await Subprocess.run(
                .path(FilePath(CLIRunner.executable.path)), arguments: Arguments(arguments), input: .none, output: .discarded,
                error: .fileDescriptor(errors, closeAfterSpawningProcess: true)
            ) { execution in
                announce.yield(execution.processIdentifier.value)
            }
            let code: Int32
            switch outcome.terminationStatus {
            case .exited(let status): code = status
            case .signaled(let signal): code = 128 + signal
            }
            exit.code.withLock { $0 = code }
            return code
        }
        guard let pid = await started.first(where: { _ in true }) else {
            // The spawn failed: its error is the monitor's.
            _ = try await monitor.value
            throw SpawnFailed()
        }
        return ChildProcess(processIdentifier: pid, exit: exit, monitor: monitor)
    }

    struct SpawnFailed: Error {}

    var isRunning: Bool { exit.code.withLock { $0 == nil } }

    /// The exit code (128 + the signal for a child a signal ended), or nil while it runs.
    var terminationStatus: Int32? { exit.code.withLock { $0 } }

    func send(_ signal: Int32) {
        if isRunning { _ = kill(processIdentifier, signal) }
    }

    /// Waits for the child to end and returns its ``terminationStatus``.
    @discardableResult
    func waitForExit() async throws -> Int32 {
        try await monitor.value
    }
}
