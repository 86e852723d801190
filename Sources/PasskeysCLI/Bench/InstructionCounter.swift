import Foundation

/// Instructions per operation, counted by Valgrind's callgrind (`passkeys bench --instructions`).
///
/// Time on a shared machine moves by 5–10% from run to run; the instructions an operation retires barely move, so a 5%
/// change shows. This machine's kernel exposes no hardware counters to `perf stat -e instructions` (virtualised),
/// so the count comes from callgrind, which simulates the CPU and counts every instruction in user space (the
/// kernel's share, system calls, is not in it; `passkeys bench` makes none in its loops).
///
/// Each side of a pair runs in a child process `passkeys bench --only NAME --iterations N --side S` under callgrind,
/// twice, with N = `warmUp` and N = `warmUp + measured`; the difference of the two totals over `measured` is the cost
/// of one operation, and everything the two runs share (start-up, building fixtures, the first calls' lazy set-up)
/// cancels out.
struct InstructionCounter {
    let setup: CallgrindSetup
    var warmUp = 16
    var measured = 64

    /// Instructions per operation of one side (`subject` or `baseline`) of the pair named `name`.
    func perOperation(_ name: String, side: BenchCommand.Side) throws -> Double {
        let few = try total(name, side: side, iterations: warmUp)
        let many = try total(name, side: side, iterations: warmUp + measured)
        return Double(many - few) / Double(measured)
    }

    /// The total instructions (callgrind's `Ir`) of one child run.
    private func total(_ name: String, side: BenchCommand.Side, iterations: Int) throws -> Int64 {
        let output = setup.directory.appendingPathComponent("bench-\(UUID().uuidString).callgrind")
        defer { try? FileManager.default.removeItem(at: output) }
        try setup.run([
            "--tool=callgrind", "--callgrind-out-file=\(output.path)", setup.executable, "bench", "--only", name,
            "--iterations", "\(iterations)", "--side", side.rawValue,
        ])
        return try CallgrindSetup.total(in: output)
    }
}
