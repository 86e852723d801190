import ArgumentParser
import Foundation
import PasskeyCore

/// `passkeys bench` (docs/reference/cli.md, "passkeys bench"): verification throughput as ratios to the raw signature checks,
/// measured in one process and one run so machine noise cancels out of the ratios.
struct BenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure single-threaded verification throughput against the raw signature checks it rests on.",
        discussion: """
            Each verification starts from the response JSON bytes and the stored COSE key bytes. Build with -c release for meaningful figures.

            Example:
              swift build -c release
              .build/release/passkeys bench --seconds 1 --json
              .build/release/passkeys bench --only es256 --instructions
            """)

    @Option(help: "Seconds of measurement for each verification (and as many for its baseline).")
    var seconds: Double = 2

    @Flag(help: "Print one JSON object instead of a table.")
    var json = false

    @Option(help: "Measure only the verifications whose name contains this text (e.g. es256, verifyRegistration).")
    var only: String?

    @Flag(
        help:
            "Also count instructions per operation under Valgrind's callgrind (apt-get install valgrind): a figure a noisy machine barely moves; adds about a minute per verification, so pair it with --only."
    )
    var instructions = false

    /// Which side of a pair a child run under callgrind performs.
    enum Side: String, ExpressibleByArgument { case subject, baseline }

    // The child run of --instructions: the pair named exactly --only, one side, a fixed number of times, no timing.
    @Option(help: .hidden) var iterations: Int?
    @Option(help: .hidden) var side: Side = .subject
    // For scripts/compare-peer --instructions: a callgrind-ready copy of this program and the shim, in DIR.
    @Option(help: .hidden) var prepareCallgrind: String?

    func validate() throws {
        guard seconds > 0, seconds <= 600 else { throw ValidationError("--seconds must be above 0 and at most 600.") }
        if let iterations {
            guard (1...1_000_000).contains(iterations) else { throw ValidationError("--iterations: expected 1 to 1000000, found \(iterations)") }
            guard only != nil else { throw ValidationError("--iterations needs --only with one benchmark's whole name") }
        }
    }

    /// Runs one side of the pair named exactly `name`, `count` times: what callgrind counts for --instructions.
    private func iterate(_ name: String, count: Int) async throws {
        guard let pair = try await BenchRunner.pairs(where: { $0 == name }).first else {
            throw UsageError("--only '\(name)' names no benchmark (with --iterations, give one whole name)")
        }
        let operation = side == .subject ? pair.subject : pair.baseline
        for _ in 0..<count {
            guard await operation.run() else { throw UsageError("benchmark '\(operation.name)' failed to verify its own input") }
        }
    }

    func run() async throws {
        #if DEBUG
        Output.stderr("note: this is a debug build; build with `swift build -c release` for meaningful figures")
        #endif
        if let iterations, let only {
            try await iterate(only, count: iterations)
            return
        }
        if let prepareCallgrind {
            let setup = try CallgrindSetup.prepare(in: URL(fileURLWithPath: prepareCallgrind))
            Output.json(.object(JSONObject(["executable": .string(setup.executable), "preload": .string(setup.preload)])))
            return
        }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("passkeys-callgrind-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let counter = try instructions ? InstructionCounter(setup: CallgrindSetup.prepare(in: scratch)) : nil
        var results: [BenchResult] = []
        var baselines: [String: [Double]] = [:]
        let pairs = try await BenchRunner.pairs(where: { only == nil || $0.localizedCaseInsensitiveContains(only ?? "") })
        guard !pairs.isEmpty else { throw UsageError("--only '\(only ?? "")' matches no benchmark") }
        for pair in pairs {
            if !json { Output.stderr("measuring \(pair.subject.name) against \(pair.baseline.name)…") }
            let rates = try await BenchRunner.measure(pair, seconds: seconds)
            baselines[pair.baseline.name, default: []].append(rates.baseline)
            var result = BenchResult(
                name: pair.subject.name, opsPerSecond: rates.subject, baseline: pair.baseline.name,
                ratioToBaseline: rates.subject / rates.baseline)
            if let counter {
                if !json { Output.stderr("counting instructions of \(pair.subject.name) and \(pair.baseline.name) under callgrind…") }
                result.instructions = (
                    try counter.perOperation(pair.subject.name, side: .subject), try counter.perOperation(pair.subject.name, side: .baseline)
                )
            }
            results.append(result)
        }
        // The raw checks themselves, averaged over every slice they were measured in.
        for name in ["raw.p256Verify", "raw.ed25519Verify", "raw.rsa2048Verify", "raw.mldsa65Verify", "raw.mldsa87Verify", "signIn"] {
            if let rates = baselines[name] {
                results.append(BenchResult(name: name, opsPerSecond: rates.reduce(0, +) / Double(rates.count), baseline: nil, ratioToBaseline: nil))
            }
        }
        if json {
            Output.json(
                .object(
                    JSONObject([
                        "results": .array(
                            results.map { result in
                                var object = JSONObject(["name": .string(result.name), "opsPerSecond": JSONValue(Self.round(result.opsPerSecond, 1))])
                                if let baseline = result.baseline, let ratio = result.ratioToBaseline {
                                    object["baseline"] = .string(baseline)
                                    object["ratioToBaseline"] = JSONValue(Self.round(ratio, 3))
                                }
                                if let (subject, baseline) = result.instructions {
                                    object["instructionsPerOp"] = JSONValue(subject.rounded())
                                    object["baselineInstructionsPerOp"] = JSONValue(baseline.rounded())
                                    object["instructionRatio"] = JSONValue(Self.round(baseline / subject, 3))
                                }
                                return .object(object)
                            })
                    ])))
        } else {
            print(
                "operation                          ops/s   baseline             ratio"
                    + (counter == nil ? "" : "   instructions/op  baseline's  ratio"))
            for r in results {
                let ops = String(format: "%10.0f", r.opsPerSecond)
                let base = (r.baseline ?? "").padding(toLength: 20, withPad: " ", startingAt: 0)
                let ratio = r.ratioToBaseline.map { String(format: "%.3f", $0) } ?? ""
                var line =
                    "\(r.name.padding(toLength: 30, withPad: " ", startingAt: 0)) \(ops)   \(base) \(ratio.padding(toLength: 5, withPad: " ", startingAt: 0))"
                if let (subject, baseline) = r.instructions {
                    line += String(format: "   %15.0f  %10.0f  %.3f", subject, baseline, baseline / subject)
                }
                print(line)
            }
        }
    }

    static func round(_ value: Double, _ places: Int) -> Double {
        let factor = pow(10, Double(places))
        return (value * factor).rounded() / factor
    }
}
