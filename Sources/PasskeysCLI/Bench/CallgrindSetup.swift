import Foundation

/// What it takes to run this program under Valgrind's callgrind 3.19 (Debian 12's): a copy without DWARF, and a
/// preloaded `sigsuspend` that hands the kernel a writable copy of its mask.
///
/// Two things stop callgrind 3.19 on a Swift 6 binary, and neither is the program's fault:
/// - its DWARF reader gives up on DWARF 5 forms (`unhandled dwarf2 abbrev form code 0x25`, then "Possibly corrupted
///   debuginfo file"), so the copy it runs is the same code with the debug sections removed (`objcopy
///   --strip-debug`; the symbol table stays, so profiles still name functions);
/// - an async `main` ends in libdispatch's `dispatch_main`, whose parked main thread calls `sigsuspend` on a
///   `static const sigset_t`; Valgrind's wrapper of `rt_sigsuspend` writes into the mask it is given, in read-only
///   memory, and Valgrind dies of SIGSEGV. The shim's `sigsuspend` passes a copy on its stack instead.
///
/// `scripts/compare-peer --instructions` prepares the same through `passkeys bench --prepare-callgrind DIR`, so the
/// shim's source lives here only.
struct CallgrindSetup {
    let directory: URL
    let valgrind: String
    /// This program, without debug sections.
    let executable: String
    /// The `sigsuspend` shim, for `LD_PRELOAD`.
    let preload: String

    static let shimSource = """
        /* sigsuspend with a writable copy of the mask: Valgrind 3.19 writes into the mask it is given. */
        #include <signal.h>
        #include <sys/syscall.h>
        #include <unistd.h>
        int sigsuspend(const sigset_t *mask) {
            sigset_t copy = *mask;
            return (int)syscall(SYS_rt_sigsuspend, &copy, 8);
        }

        """

    /// Finds valgrind, makes the stripped copy and builds the shim in `directory`.
    static func prepare(in directory: URL) throws -> CallgrindSetup {
        func tool(_ name: String, package: String) throws -> String {
            let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
            guard let found = path.split(separator: ":").map({ "\($0)/\(name)" }).first(where: { FileManager.default.isExecutableFile(atPath: $0) })
            else { throw UsageError("counting instructions needs \(name) on PATH (Debian: apt-get install \(package))") }
            return found
        }
        let valgrind = try tool("valgrind", package: "valgrind")
        let objcopy = try tool("objcopy", package: "binutils")
        let compiler = try tool("cc", package: "gcc")
        // The running binary itself, whatever the working directory: the child must be this very build.
        guard let running = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else {
            throw UsageError("counting instructions needs /proc/self/exe (Linux) to find this program")
        }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let executable = directory.appendingPathComponent("passkeys").path
        try? FileManager.default.removeItem(atPath: executable)
        try FileManager.default.copyItem(atPath: running, toPath: executable)
        try run(objcopy, ["--strip-debug", executable])
        let source = directory.appendingPathComponent("sigsuspend-shim.c")
        try shimSource.write(to: source, atomically: true, encoding: .utf8)
        let preload = directory.appendingPathComponent("sigsuspend-shim.so").path
        try run(compiler, ["-O2", "-shared", "-fPIC", "-o", preload, source.path])
        return CallgrindSetup(directory: directory, valgrind: valgrind, executable: executable, preload: preload)
    }

    /// Runs valgrind with `arguments`, the shim preloaded; fails with the end of what it said when it fails.
    func run(_ arguments: [String]) throws {
        try Self.run(valgrind, arguments, environment: ["LD_PRELOAD": preload])
    }

    private static func run(_ program: String, _ arguments: [String], environment: [String: String] = [:]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        process.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let said = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let shown = ([program] + arguments).joined(separator: " ")
            throw CLIError("\(shown) exited \(process.terminationStatus): \(String(decoding: said.suffix(800), as: UTF8.self))")
        }
    }

    /// The instruction total (callgrind's `Ir`) of a callgrind output file: its `summary:` line (`totals:` in
    /// older files).
    static func total(in file: URL) throws -> Int64 {
        let text = try String(contentsOf: file, encoding: .utf8)
        for line in text.split(separator: "\n").reversed() where line.hasPrefix("summary:") || line.hasPrefix("totals:") {
            if let count = line.split(separator: " ").dropFirst().first.flatMap({ Int64($0) }) { return count }
        }
        throw CLIError("callgrind wrote no instruction total to \(file.path)")
    }
}
