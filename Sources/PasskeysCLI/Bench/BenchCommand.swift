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
            """)

    @Option(help: "Seconds of measurement for each verification (and as many for its baseline).")
    var seconds: Double = 2

    @Flag(help: "Print one JSON object instead of a table.")
    var json = false

    @Option(help: "Measure only the verifications whose name contains this text (e.g. es256, verifyRegistration).")
    var only: String?

    func validate() throws {
        guard seconds > 0, seconds <= 600 else { throw ValidationError("--seconds must be above 0 and at most 600.") }
    }

    func run() async throws {
        #if DEBUG
        Output.stderr("note: this is a debug build; build with `swift build -c release` for meaningful figures")
        #endif
        var results: [BenchResult] = []
        var baselines: [String: [Double]] = [:]
        let pairs = try await BenchRunner.pairs().filter { only == nil || $0.subject.name.localizedCaseInsensitiveContains(only ?? "") }
        guard !pairs.isEmpty else { throw UsageError("--only '\(only ?? "")' matches no benchmark") }
        for pair in pairs {
            if !json { Output.stderr("measuring \(pair.subject.name) against \(pair.baseline.name)…") }
            let rates = try await BenchRunner.measure(pair, seconds: seconds)
            baselines[pair.baseline.name, default: []].append(rates.baseline)
            results.append(
                BenchResult(
                    name: pair.subject.name, opsPerSecond: rates.subject, baseline: pair.baseline.name,
                    ratioToBaseline: rates.subject / rates.baseline))
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
                                return .object(object)
                            })
                    ])))
        } else {
            print("operation                          ops/s   baseline             ratio")
            for r in results {
                let ops = String(format: "%10.0f", r.opsPerSecond)
                let base = (r.baseline ?? "").padding(toLength: 20, withPad: " ", startingAt: 0)
                let ratio = r.ratioToBaseline.map { String(format: "%.3f", $0) } ?? ""
                print("\(r.name.padding(toLength: 30, withPad: " ", startingAt: 0)) \(ops)   \(base) \(ratio)")
            }
        }
    }

    static func round(_ value: Double, _ places: Int) -> Double {
        let factor = pow(10, Double(places))
        return (value * factor).rounded() / factor
    }
}
