import Foundation
import Testing

/// Provider names and AAGUID policies on the command line: `--allow-aaguid` / `--deny-aaguid` with `passkeys verify`, and the
/// provider a real Windows Hello registration names in `verify` and `inspect`.
@Suite("AAGUID policy and providers on the command line", .enabled(if: VectorCatalog.available, "no vectors at ../shared/vectors"))
struct AuthenticatorPolicyCLITests {
    /// A Windows Hello TPM registration captured by py_webauthn (AAGUID 08987058-cadc-4b81-b6e1-30de50dcbe96),
    /// whose chain no built-in root anchors: its AAGUID is claimed, not proven.
    static let windowsHello = "registration-tpm-ecc-webauthn-io-py"
    static let windowsHelloAAGUID = "08987058-cadc-4b81-b6e1-30de50dcbe96"

    func run(_ extra: [String]) async throws -> CLIRunner.Result {
        let vector = try Vector(Self.windowsHello)
        return try await CLIRunner.run(vector.arguments(legacyBase64: vector.usesLegacyEncoding, extra: extra), stdin: try vector.input())
    }

    @Test("without lists it verifies and names its provider")
    func provider() async throws {
        let result = try await run([])
        #expect(result.status == 0, "\(result.stdout)")
        let provider = try #require(result.json["provider"] as? [String: Any])
        #expect(provider["name"] as? String == "Windows Hello" && provider["source"] as? String == "builtIn")
    }

    @Test("a denied AAGUID is refused; an allowed one needs proof unless --allow-unproven-aaguid")
    func lists() async throws {
        let denied = try await run(["--deny-aaguid", Self.windowsHelloAAGUID.uppercased()])
        #expect(denied.status == 1 && denied.errorCode == "authenticatorNotAllowed", "\(denied.stdout)")
        let unproven = try await run(["--allow-aaguid", Self.windowsHelloAAGUID])
        #expect(unproven.status == 1 && unproven.errorCode == "authenticatorNotAllowed", "\(unproven.stdout)")
        let claimed = try await run(["--allow-aaguid", Self.windowsHelloAAGUID, "--allow-unproven-aaguid"])
        #expect(claimed.status == 0, "\(claimed.stdout)")
        let other = try await run(["--allow-aaguid", "00000000-0000-0000-0000-000000000001", "--allow-unproven-aaguid"])
        #expect(other.status == 1 && other.errorCode == "authenticatorNotAllowed", "\(other.stdout)")
    }

    @Test("a value that is not an AAGUID, a model both allowed and denied, and proof relaxed without a list are usage errors")
    func usage() async throws {
        for extra in [
            ["--deny-aaguid", "nope"], ["--allow-aaguid", Self.windowsHelloAAGUID, "--deny-aaguid", Self.windowsHelloAAGUID],
            ["--allow-unproven-aaguid"],
        ] {
            let result = try await run(extra)
            #expect(result.status == 2, "\(extra): \(result.stderr)")
        }
    }

    @Test("inspect names the provider the AAGUID claims")
    func inspect() async throws {
        let vector = try Vector(Self.windowsHello)
        let result = try await CLIRunner.run(["inspect", "--json"], stdin: try vector.input())
        #expect(result.status == 0)
        let attestation = try #require(result.json["attestationObject"] as? [String: Any])
        let attested = try #require((attestation["authData"] as? [String: Any])?["attestedCredentialData"] as? [String: Any])
        #expect((attested["provider"] as? [String: Any])?["name"] as? String == "Windows Hello")
    }
}
