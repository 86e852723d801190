import Foundation
import Testing

@Suite("The passkeys command line (docs/reference/cli.md)")
struct CLITests {
    static let packedVector = "registration-packed-x5c-yubikey-firefox-py"

    func vectorResponse(_ name: String) throws -> Data {
        let data = try Data(contentsOf: VectorCatalog.directory.appendingPathComponent(name + ".json"))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return try JSONSerialization.data(withJSONObject: try #require(root["response"]))
    }

    @Test("usage errors exit 2 with the message on stderr, nothing on stdout")
    func usageErrors() async throws {
        for arguments in [
            [], ["verify", "registration", "--rp-id", "x"], ["bench", "--seconds", "-1"], ["frobnicate"],
            ["verify", "authentication", "--rp-id", "x", "--origin", "o", "--challenge", "c", "--public-key", "%%"],
        ] {
            let result = try await CLIRunner.run(arguments)
            #expect(result.status == 2, "\(arguments): \(result.status)")
            #expect(result.stdout.isEmpty, "\(arguments): \(result.stdout)")
            #expect(!result.stderr.isEmpty)
        }
    }

    @Test("--help succeeds")
    func help() async throws {
        let result = try await CLIRunner.run(["verify", "registration", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("--trust-anchor"))
    }

    @Test("malformed input is a failed verification (exit 1) with a typed error, never a crash")
    func malformedInput() async throws {
        for input in ["", "{", "[]", #"{"id":1}"#, #"{"id":"AA","type":"public-key","response":{"clientDataJSON":"AA==","attestationObject":"AA"}}"#]
        {
            let result = try await CLIRunner.run(
                ["verify", "registration", "--rp-id", "x", "--origin", "https://x", "--challenge", "c"], stdin: Data(input.utf8))
            #expect(result.status == 1, "\(input)")
            #expect(result.json["verified"] as? Bool == false)
            #expect(result.errorCode == "malformedInput" || result.errorCode == "credentialTypeMismatch", "\(input): \(result.stdout)")
            let message = (result.json["error"] as? [String: Any])?["message"] as? String ?? ""
            #expect(message.contains("expected"), "messages say what was expected: \(message)")
        }
    }

    @Test("a challenge starting with '-' is taken as a value in the --name=VALUE form", .enabled(if: VectorCatalog.available))
    func dashValue() async throws {
        // The go-webauthn Titan vector's challenge starts with '-'.
        let data = try Data(contentsOf: VectorCatalog.directory.appendingPathComponent("registration-fido-u2f-titan-go.json"))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let challenge = try #require((root["expected_challenge"] as? [String: Any])?["value"] as? String)
        #expect(challenge.hasPrefix("-"))
        let input = try JSONSerialization.data(withJSONObject: try #require(root["response"]))
        let result = try await CLIRunner.run(
            ["verify", "registration", "--rp-id", "webauthn.io", "--origin", "https://webauthn.io", "--challenge=\(challenge)"], stdin: input)
        #expect(result.status == 0, "\(result.stdout)")
    }

    @Test("verify registration prints exactly the contract's members", .enabled(if: VectorCatalog.available))
    func registrationShape() async throws {
        let input = try vectorResponse(Self.packedVector)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("passkeys-cli-\(UUID().uuidString).json")
        try input.write(to: file)
        let result = try await CLIRunner.run([
            "verify", "registration", "--rp-id", "localhost", "--origin", "http://localhost:5000",
            "--challenge", "8LBCiOY3q1cBZHFAWtS4AZZChzGphy67lK7I70zKi4yC7pgrQ2Pch7nAjLk1wq9greshIAsW2AjibhXjjI0TmQ", "--input", file.path,
        ])
        #expect(result.status == 0)
        #expect(
            Set(result.json.keys) == [
                "verified", "credentialId", "publicKey", "algorithm", "signCount", "format", "attestationType", "trusted", "aaguid", "userVerified",
                "backupEligible", "backupState", "transports",
            ])
        #expect(result.json["algorithm"] as? Int == -7)
        #expect(result.json["attestationType"] as? String == "basic")
        #expect(result.json["transports"] as? [String] == ["nfc", "usb"])
        #expect(result.stdout.hasSuffix("}\n"), "one JSON object, one line")
    }

    @Test("inspect decodes a registration, with --json and as text", .enabled(if: VectorCatalog.available))
    func inspect() async throws {
        let input = try vectorResponse(Self.packedVector)
        let json = try await CLIRunner.run(["inspect", "--json"], stdin: input)
        #expect(json.status == 0)
        #expect(json.json["kind"] as? String == "RegistrationResponseJSON")
        let attestation = try #require(json.json["attestationObject"] as? [String: Any])
        let authData = try #require(attestation["authData"] as? [String: Any])
        #expect((authData["flags"] as? [String: Any])?["names"] as? [String] == ["UP", "UV", "AT"])
        let x5c = try #require((attestation["attStmt"] as? [String: Any])?["x5c"] as? [[String: Any]])
        #expect((x5c.first?["subject"] as? String)?.contains("Yubico U2F EE Serial 719807075") == true)

        let text = try await CLIRunner.run(["inspect"], stdin: input)
        #expect(text.status == 0)
        #expect(text.stdout.contains("aaguid: 6d44ba9b-f6ec-2e49-b930-0c8fe920cb73"))
    }

    @Test("inspect shows format details: TPM structures, the Android key description, the SafetyNet payload", .enabled(if: VectorCatalog.available))
    func inspectFormatDetails() async throws {
        func details(_ name: String) async throws -> [String: Any] {
            let result = try await CLIRunner.run(["inspect", "--json"], stdin: try vectorResponse(name))
            #expect(result.status == 0, "\(name): \(result.stdout)")
            let attestation = try #require(result.json["attestationObject"] as? [String: Any])
            return try #require(attestation["formatDetails"] as? [String: Any], "\(name): no formatDetails")
        }
        let tpm = try await details("registration-tpm-ecc-webauthn-io-py")
        #expect((tpm["certInfo"] as? [String: Any])?["magic"] as? String == "0xFF544347")
        #expect(((tpm["pubArea"] as? [String: Any])?["ecc"] as? [String: Any])?["curveID"] as? String == "0x0003")
        let android = try await details("registration-android-key-pixel8a-py")
        #expect(android["attestationSecurityLevel"] as? String == "TrustedEnvironment")
        #expect((android["teeEnforced"] as? [String: Any])?["purpose"] as? [Int] == [2])
        let safetyNet = try await details("registration-android-safetynet-duo-py")
        #expect((safetyNet["payload"] as? [String: Any])?["apkPackageName"] as? String == "com.google.android.gms")
    }

    @Test("verify registration --metadata refuses a BLOB that does not verify, as metadataInvalid", .enabled(if: VectorCatalog.available))
    func metadataFlag() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("passkeys-bad-blob-\(UUID().uuidString).jwt").path
        try "eyJhbGciOiJFUzI1NiJ9.e30.AAAA".write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let v = try Vector("registration-packed-x5c-yubikey-firefox-py")
        let result = try await CLIRunner.run(v.arguments(legacyBase64: v.usesLegacyEncoding, extra: ["--metadata", path]), stdin: try v.input())
        #expect(result.status == 1 && result.errorCode == "metadataInvalid", "\(result.stdout)")
        let missingRoot = try await CLIRunner.run(v.arguments(legacyBase64: false, extra: ["--metadata-root", path]), stdin: try v.input())
        #expect(missingRoot.status == 2, "--metadata-root needs --metadata")
    }

    @Test("inspect takes a bare base64url authenticatorData and reports garbage as an error")
    func inspectBare() async throws {
        let authData = "SZYN5YgOjGh0NBcPZHZgW4_krrmihjLHmVzzuoMdl2MBAAAATg"
        let result = try await CLIRunner.run(["inspect", "--json"], stdin: Data(authData.utf8))
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.json["kind"] as? String == "authenticatorData")
        let garbage = try await CLIRunner.run(["inspect", "--json"], stdin: Data("!!!".utf8))
        #expect(garbage.status == 1)
    }

    @Test("an ML-DSA-65 passkey made through passkeys bridge verifies with verify registration and authentication, and inspect names its AKP labels")
    func mlDSAOffline() async throws {
        let store = FileManager.default.temporaryDirectory.appendingPathComponent("passkeys-mldsa-\(UUID().uuidString)/credentials.json").path
        let challenge = "AAECAwQFBgcICQoLDA0ODw"
        let create =
            #"{"action":"create","options":{"rp":{"id":"example.com","name":"Example"},"user":{"id":"AQID","name":"ada","displayName":"Ada"},"challenge":"\#(challenge)","pubKeyCredParams":[{"type":"public-key","alg":-49}],"authenticatorSelection":{"residentKey":"required"}}}"#
        let created = try await CLIRunner.run(["bridge", "--origin", "https://example.com", "--store", store], stdin: Data((create + "\n").utf8))
        #expect(created.status == 0, "\(created.stderr)")
        #expect(created.json["ok"] as? Bool == true, "\(created.stdout)")
        let registration = try JSONSerialization.data(withJSONObject: try #require(created.json["data"]))

        let verified = try await CLIRunner.run(
            ["verify", "registration", "--rp-id", "example.com", "--origin", "https://example.com", "--challenge", challenge], stdin: registration)
        #expect(verified.status == 0, "\(verified.stdout) \(verified.stderr)")
        #expect(verified.json["algorithm"] as? Int == -49)
        let publicKey = try #require(verified.json["publicKey"] as? String)

        let inspected = try await CLIRunner.run(["inspect", "--json"], stdin: registration)
        #expect(inspected.status == 0 && inspected.stdout.contains("pub (-1)"), "\(inspected.stdout)")

        let get = #"{"action":"get","options":{"challenge":"\#(challenge)","rpId":"example.com"}}"#
        let got = try await CLIRunner.run(["bridge", "--origin", "https://example.com", "--store", store], stdin: Data((get + "\n").utf8))
        let assertion = try JSONSerialization.data(withJSONObject: try #require(got.json["data"], "\(got.stdout)"))
        let signedIn = try await CLIRunner.run(
            [
                "verify", "authentication", "--rp-id", "example.com", "--origin", "https://example.com", "--challenge", challenge,
                "--public-key=\(publicKey)", "--sign-count", "1",
            ], stdin: assertion)
        #expect(signedIn.status == 0 && signedIn.json["verified"] as? Bool == true, "\(signedIn.stdout) \(signedIn.stderr)")

        // As reported: an ML-DSA-44 key was refused as an unknown key type; now the refusal says why.
        let mlDSA44Key = "ogEHAzgv" // {1: 7, 3: -48}: kty AKP, alg ML-DSA-44, nothing more
        let refused = try await CLIRunner.run(
            [
                "verify", "authentication", "--rp-id", "example.com", "--origin", "https://example.com", "--challenge", challenge,
                "--public-key=\(mlDSA44Key)",
            ], stdin: assertion)
        #expect(
            refused.status == 1 && refused.errorCode == "unsupportedAlgorithm" && refused.stdout.contains("ML-DSA-44 (-48) is not supported"),
            "\(refused.stdout)")
    }

    @Test("bench reports every verification with its baseline ratio")
    func bench() async throws {
        let result = try await CLIRunner.run(["bench", "--seconds", "0.05", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let rows = try #require(result.json["results"] as? [[String: Any]])
        let names = rows.compactMap { $0["name"] as? String }
        #expect(
            names == [
                "verifyAuthentication.es256", "verifyAuthentication.eddsa", "verifyAuthentication.rs256",
                "verifyAuthentication.mldsa65", "verifyAuthentication.mldsa87",
                "verifyRegistration.none", "verifyRegistration.packedSelf", "verifyRegistration.packedX5c",
                "verifyRegistration.tpm", "verifyRegistration.androidKey", "sessionToken.issue", "jwks.fromMemory", "raw.p256Verify",
                "raw.ed25519Verify", "raw.rsa2048Verify", "raw.mldsa65Verify", "raw.mldsa87Verify", "signIn",
            ])
        // A session token's cost against a sign-in, and the JWKS (from memory) against a token.
        #expect(rows.first { $0["name"] as? String == "sessionToken.issue" }?["baseline"] as? String == "signIn")
        #expect(rows.first { $0["name"] as? String == "jwks.fromMemory" }?["baseline"] as? String == "sessionToken.issue")
        let baselines = Dictionary(uniqueKeysWithValues: rows.compactMap { row in (row["name"] as? String).map { ($0, row["baseline"] as? String) } })
        #expect(baselines["verifyAuthentication.mldsa65"] == "raw.mldsa65Verify")
        #expect(baselines["verifyAuthentication.mldsa87"] == "raw.mldsa87Verify")
        for row in rows {
            #expect((row["opsPerSecond"] as? Double ?? 0) > 0, "\(row)")
            if (row["name"] as? String)?.hasPrefix("verify") == true {
                #expect((row["ratioToBaseline"] as? Double ?? 0) > 0, "\(row)")
                #expect(row["baseline"] is String)
            }
        }
    }
}
