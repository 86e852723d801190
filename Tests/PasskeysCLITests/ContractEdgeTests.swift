import Foundation
import PasskeyCore
import Testing

/// What `passkeys verify` answers, `--at` included, at the edges its reference covers
/// (docs/reference/cli.md, "passkeys verify"), through the built binary.
@Suite("verify at the contract's edges", .enabled(if: VectorCatalog.available))
struct ContractEdgeTests {
    static let authenticationVector = "authentication-es256-localhost-py"

    @Test("a challenge starting with '-' is taken as the next argument's value, not only in the --name=VALUE form")
    func dashValueAsNextArgument() async throws {
        // The go-webauthn Titan vector's challenge starts with '-'.
        let v = try Vector("registration-fido-u2f-titan-go")
        #expect(v.challenge.hasPrefix("-"))
        let arguments = ["verify", "registration", "--rp-id", v.rpID, "--origin", v.origins[0], "--challenge", v.challenge]
        let result = try await CLIRunner.run(arguments, stdin: try v.input())
        #expect(result.status == 0, "\(result.stdout) \(result.stderr)")
        #expect(result.json["verified"] as? Bool == true)
    }

    @Test("a --public-key whose algorithm is not supported fails verification (exit 1, unsupportedAlgorithm)")
    func unsupportedPublicKeyAlgorithm() async throws {
        let v = try Vector(Self.authenticationVector)
        // A well-formed EC2 P-256 COSE key whose alg, -260, names no algorithm this verifier supports.
        let key = CBOREncoder.encode(
            .map([
                CBORPair(.int(1), .int(2)), CBORPair(.int(3), .int(-260)), CBORPair(.int(-1), .int(1)),
                CBORPair(.int(-2), .bytes(Array(repeating: 1, count: 32))), CBORPair(.int(-3), .bytes(Array(repeating: 2, count: 32))),
            ]))
        let arguments =
            v.arguments(legacyBase64: v.usesLegacyEncoding).filter { !$0.hasPrefix("--public-key=") } + ["--public-key", Base64URL.encode(key)]
        let result = try await CLIRunner.run(arguments, stdin: try v.input())
        #expect(result.status == 1, "\(result.status): \(result.stderr)")
        #expect(result.json["verified"] as? Bool == false)
        #expect(result.errorCode == "unsupportedAlgorithm", "\(result.stdout)")
    }

    @Test("an input over the size bound fails verification (exit 1, inputTooLarge), for both ceremonies")
    func inputTooLarge() async throws {
        let oversized = Data(repeating: UInt8(ascii: " "), count: (1 << 20) + 1)
        let authentication = try Vector(Self.authenticationVector).arguments(legacyBase64: false)
        let registration = ["verify", "registration", "--rp-id", "x", "--origin", "https://x", "--challenge", "c"]
        for arguments in [authentication, registration] {
            let result = try await CLIRunner.run(arguments, stdin: oversized)
            #expect(result.status == 1, "\(arguments[1]): \(result.status) \(result.stderr)")
            #expect(result.json["verified"] as? Bool == false)
            #expect(result.errorCode == "inputTooLarge", "\(arguments[1]): \(result.stdout)")
        }
    }

    /// The Apple passkey vector's credCert is valid 2021-08-31 to 2021-09-03 and chains to the built-in Apple root.
    @Test("--at moves the clock of the x5c check: the Apple chain verifies inside its window, and is refused after it with and without the anchor")
    func atMovesChainClock() async throws {
        let v = try Vector("registration-apple-passkey-py")
        let base = v.arguments(legacyBase64: v.usesLegacyEncoding).filter { !$0.hasPrefix("--at=") }
        let inside = try await CLIRunner.run(base + ["--at=2021-09-01T00:00:00Z"], stdin: try v.input())
        #expect(inside.status == 0 && inside.json["trusted"] as? Bool == true, "\(inside.stdout)")
        for anchors in [[], ["--no-built-in-roots"]] {
            for at in ["--at=2021-09-10T00:00:00Z", "--at=2021-08-01T00:00:00Z"] {
                let outside = try await CLIRunner.run(base + anchors + [at], stdin: try v.input())
                #expect(outside.status == 1, "\(anchors) \(at): \(outside.stdout)")
                #expect(outside.errorCode == "certificateInvalid", "\(anchors) \(at): \(outside.stdout)")
            }
        }
    }
}
