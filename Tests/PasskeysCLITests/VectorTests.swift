import Crypto
import Foundation
import PasskeyCore
import SwiftASN1
import Testing
import X509

/// The real-device responses in `../shared/vectors`, each verified through `passkeys verify` with its expected result.
///
/// The vectors' README lists caveats; each one that changes what this project should answer is a named rule below,
/// with the reason. Nothing is skipped silently.
enum VectorCatalog {
    static let directory: URL = {
        if let path = ProcessInfo.processInfo.environment["PASSKEYS_VECTORS"] { return URL(fileURLWithPath: path) }
        return CLIRunner.packageRoot.deletingLastPathComponent().appendingPathComponent("shared/vectors")
    }()

    static let names: [String] = {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return files.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }()

    static var available: Bool { !names.isEmpty }

    /// Formats this release verifies; the others must fail with `unsupportedFormat`.
    static let supportedFormats: Set<String> = ["none", "packed", "fido-u2f", "tpm", "android-key", "android-safetynet", "apple"]

    /// Credential keys with alg RS1 (RSA PKCS#1 v1.5 with SHA-1): refused unless the RP offered RS1 in
    /// pubKeyCredParams (docs/decisions/0028-rs1-refused-unless-offered.md), as the source's RP did; the test offers it for these.
    static let rs1CredentialKeys: Set<String> = ["registration-tpm-rsa-sha1-dontneeda-swa", "registration-tpm-sha1-fido2-net-lib-swa"]

    /// Chains that the built-in roots (Apple, Google, GlobalSign) must report as trusted at the pinned time.
    static let trustedByBuiltInRoots: Set<String> = [
        "registration-android-key-pixel8a-py", "registration-android-key-samsung-s9plus-swa",
        "registration-android-safetynet-2019-swa", "registration-android-safetynet-authress-cts-skipped-swa",
        "registration-android-safetynet-duo-py", "registration-apple-passkey-py",
    ]

    /// The source's id/rawId are placeholders that are not the credential ID in authData. This project checks
    /// that they match (so a server never stores an ID the authenticator did not create): as captured, these must
    /// fail; with id/rawId set to the authData credential ID they must give the expected result.
    static let placeholderIDs: Set<String> = ["registration-packed-self-swa", "registration-packed-x5c-yubikey-swa", "registration-apple-go"]

    /// Values that are base64url by alphabet but not canonical (non-zero unused bits), which strict decoding refuses.
    static let nonCanonicalBase64: Set<String> = ["authentication-es256-localhost-custom-challenge-swa"]

    /// Library-policy negatives where this project's policy differs, with the reason.
    static let policyDivergences: [String: String] = [
        "registration-fido-u2f-tokenbinding-not-supported-negative-py":
            "tokenBinding status 'not-supported' (sent by Chrome in 2018-19) is accepted here (docs/decisions/0005-tokenbinding-well-formed.md); py_webauthn rejects it"
    ]

    /// Vectors the source expects to pass that this project refuses, with the error code and the reason.
    static let refusedDivergences: [String: (code: String, reason: String)] = [
        "registration-tpm-sha1-fido2-net-lib-swa": (
            "certificateInvalid",
            "x5c[1] (the FIDO conformance tool's fake TPM intermediate) has a negative serial number, an INTEGER with its top bit set, which RFC 5280 §4.1.2.2 forbids and swift-certificates refuses to parse"
        ),
        "registration-tpm-sha256-fido2-net-lib-swa": (
            "certificateInvalid",
            "x5c[1] has the same non-DER negative serial number as the SHA-1 variant"
        ),
        "registration-packed-x5c-feitian-biopass-go": (
            "certificateInvalid",
            "x5c[2] is the self-signed Feitian FIDO Root CA; a root inside x5c is refused (FIDO conformance Resp-5 F-10). The source (go-webauthn) checks the statement only, never the chain"
        ),
    ]

    /// The error code each negative vector must produce.
    static let negativeCodes: [String: String] = [
        "registration-none-wrong-challenge-negative-swa": "challengeMismatch",
        "registration-none-wrong-origin-negative-swa": "originMismatch",
        "registration-none-wrong-rpid-negative-swa": "rpIdHashMismatch",
        "registration-packed-x5c-aaguid-ext-mismatch-negative-swa": "aaguidMismatch",
        "registration-tpm-aaguid-ext-mismatch-negative-swa": "aaguidMismatch",
        "registration-android-safetynet-authress-cts-enforced-negative-swa": "invalidAttestationStatement",
        "registration-packed-x5c-wrong-root-negative-py": "untrustedAttestation",
        "authentication-counter-replay-negative-swa": "signCountRegression",
        "authentication-uv-required-negative-py": "userNotVerified",
        "authentication-wrong-public-key-negative-py": "invalidSignature",
    ]
}

struct Vector {
    let name: String
    let root: [String: Any]

    init(_ name: String) throws {
        self.name = name
        let data = try Data(contentsOf: VectorCatalog.directory.appendingPathComponent(name + ".json"))
        root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    var ceremony: String { root["ceremony"] as? String ?? "" }
    var format: String? { root["attestation_format"] as? String }
    var collector: [String: Any] { root["collector_checks"] as? [String: Any] ?? [:] }
    var clientData: [String: Any] { collector["clientData"] as? [String: Any] ?? [:] }
    var expectsPass: Bool { ((root["expected_result"] as? [String: Any])?["result"] as? String ?? "").hasPrefix("pass") }
    var response: [String: Any] { root["response"] as? [String: Any] ?? [:] }

    var rpID: String {
        if let id = root["expected_rp_id"] as? String, id != "None" { return id }
        if let ids = root["expected_rp_id"] as? [String], let first = ids.first { return first }
        // Format-level vectors: the host whose hash the collector found in authData.
        return (collector["rp_id_inferred_by_collector"] as? [String: Any])?["rpIdHash_equals_sha256_of"] as? String ?? ""
    }

    var origins: [String] {
        if let origin = root["expected_origin"] as? String, origin != "None" { return [origin] }
        if let origins = root["expected_origin"] as? [String] { return origins }
        return [clientData["origin"] as? String ?? ""]
    }

    var challenge: String {
        let expected = root["expected_challenge"] as? [String: Any] ?? [:]
        return expected["clientdata_challenge_form"] as? String ?? expected["value"] as? String ?? clientData["challenge"] as? String ?? ""
    }

    var usesLegacyEncoding: Bool {
        let notes = collector["encoding_notes"] as? [String: Any] ?? [:]
        return notes.values.contains { !(($0 as? [Any])?.isEmpty ?? true) } || VectorCatalog.nonCanonicalBase64.contains(name)
    }

    var pinnedTime: String? {
        guard let pinned = root["pinned_time"] as? [String: Any] else { return validityWindowMidpoint }
        return pinned["iso_utc"] as? String ?? pinned["value"] as? String
    }

    /// Where the source pins no clock but the chain has since expired, the vectors' caveats give the common
    /// validity window of the x5c certificates and say a verifier that checks validity must pin a time inside it
    /// (README, "Expired attestation certificates"). Every chain is now checked at the verification time,
    /// so these verify at the window's midpoint.
    var validityWindowMidpoint: String? {
        let marker = "common validity window of all x5c certs: "
        for caveat in root["caveats"] as? [String] ?? [] {
            guard let start = caveat.range(of: marker) else { continue }
            // "2020-10-07T09:46:12+00:00 .. 2020-10-08T09:56:12+00:00. Source pins NO clock ..."
            let bounds = caveat[start.upperBound...].components(separatedBy: " .. ").prefix(2).map { String($0.prefix(25)) }
            let parser = ISO8601DateFormatter()
            guard bounds.count == 2, let from = parser.date(from: bounds[0]), let until = parser.date(from: bounds[1]) else { return nil }
            return parser.string(from: from.addingTimeInterval(until.timeIntervalSince(from) / 2))
        }
        return nil
    }

    func arguments(legacyBase64: Bool, extra: [String] = []) -> [String] {
        var args = ["verify", ceremony, "--rp-id", rpID, "--challenge=\(challenge)"] + origins.flatMap { ["--origin", $0] }
        if root["require_user_verification"] as? Bool == true { args.append("--require-user-verification") }
        if legacyBase64 { args.append("--allow-legacy-base64") }
        if ceremony == "registration", let at = pinnedTime { args.append("--at=\(at)") }
        if VectorCatalog.rs1CredentialKeys.contains(name) {
            args += (COSEAlgorithm.credentialDefaults + [.rs1]).flatMap { ["--algorithm", $0.name] }
        }
        // SafetyNet options the source sets: CTS enforcement off, and the timestampMs check off for the
        // statement-only tests (their captures are years old and their pinned time is not the JWS's).
        if root["attestationSafetyNetEnforceCTSCheck"] as? Bool == false { args.append("--safetynet-allow-basic-integrity") }
        if ((root["expected_result"] as? [String: Any])?["result"] as? String ?? "").contains("timestampMs check disabled") {
            args += ["--safetynet-max-age", "off"]
        }
        if ceremony == "authentication" {
            let key = (root["credential_public_key"] as? [String: Any])?["cose_base64url"] as? String ?? ""
            args += ["--public-key=\(key)", "--sign-count", String(root["credential_current_sign_count"] as? Int ?? 0)]
        }
        return args + extra
    }

    func input(replacingIDWith id: String? = nil) throws -> Data {
        var credential = response
        if let id {
            credential["id"] = id
            credential["rawId"] = id
        }
        return try JSONSerialization.data(withJSONObject: credential)
    }
}

@Suite(
    "Real-device vectors through `passkeys verify`",
    .enabled(if: VectorCatalog.available, "no vectors at ../shared/vectors (set PASSKEYS_VECTORS to run them)"))
struct VectorTests {
    @Test("vector gives its expected result", arguments: VectorCatalog.names)
    func vector(_ name: String) async throws {
        let v = try Vector(name)
        var extra: [String] = []
        if name == "registration-packed-x5c-wrong-root-negative-py" {
            // The source configures an unrelated root (GlobalSign R2) as the only packed trust anchor.
            extra = ["--trust-anchor", try Self.unrelatedRootPEM(), "--require-trusted-attestation"]
        }
        let input: Data
        if VectorCatalog.placeholderIDs.contains(name) {
            let asCaptured = try await CLIRunner.run(v.arguments(legacyBase64: v.usesLegacyEncoding), stdin: try v.input())
            #expect(asCaptured.status == 1, "\(name): a placeholder id must not verify")
            #expect(["credentialIdMismatch", "malformedInput"].contains(asCaptured.errorCode ?? ""), "\(name): \(asCaptured.stdout)")
            input = try v.input(replacingIDWith: try Self.credentialID(of: v))
        } else {
            input = try v.input()
        }
        if v.usesLegacyEncoding {
            let strict = try await CLIRunner.run(v.arguments(legacyBase64: false, extra: extra), stdin: input)
            #expect(
                strict.status == 1 && strict.errorCode == "malformedInput",
                "\(name): strict decoding must refuse non-canonical base64, got \(strict.stdout)")
        }
        let result = try await CLIRunner.run(v.arguments(legacyBase64: v.usesLegacyEncoding, extra: extra), stdin: input)

        if v.ceremony == "registration", let format = v.format, !VectorCatalog.supportedFormats.contains(format) {
            #expect(result.status == 1 && result.errorCode == "unsupportedFormat", "\(name) (\(format)): \(result.stdout)")
            return
        }
        if let refused = VectorCatalog.refusedDivergences[name] {
            #expect(result.status == 1 && result.errorCode == refused.code, "\(name) (refused: \(refused.reason)): \(result.stdout)")
            return
        }
        let expectPass = v.expectsPass || VectorCatalog.policyDivergences[name] != nil
        if expectPass {
            #expect(result.status == 0, "\(name): expected success, got \(result.status): \(result.stdout) \(result.stderr)")
            #expect(result.json["verified"] as? Bool == true)
            try Self.checkAgainstCollector(v, result.json)
            if VectorCatalog.trustedByBuiltInRoots.contains(name) {
                #expect(result.json["trusted"] as? Bool == true, "\(name): expected the built-in roots to anchor the chain: \(result.stdout)")
            }
        } else {
            #expect(result.status == 1, "\(name): expected failure, got \(result.stdout)")
            #expect(result.json["verified"] as? Bool == false)
            let code = try #require(VectorCatalog.negativeCodes[name], "\(name): negative vector without an expected code")
            #expect(result.errorCode == code, "\(name): \(result.stdout)")
        }
    }

    /// The one refusal that comes from a rule of ours rather than a defect of the capture: Feitian's BioPass sends
    /// its self-signed root as x5c[2] (FIDO conformance Resp-5 F-10 refuses that). The source expects the
    /// attestation statement to verify, so the same capture with the root moved out of x5c and into the RP's
    /// trust anchors must verify, and be trusted: only the included root is refused, nothing about the device.
    @Test("Feitian BioPass: refused only for the root in x5c; verified and trusted with the root as an anchor")
    func feitianRootMovedToAnchor() async throws {
        let name = "registration-packed-x5c-feitian-biopass-go"
        guard VectorCatalog.names.contains(name) else { return }
        let v = try Vector(name)
        var credential = v.response
        var response = try #require(credential["response"] as? [String: Any])
        let object = try CBORDecoder.decode(try Base64URL.decode(try #require(response["attestationObject"] as? String)))
        var pairs = try #require(object.mapValue)
        let statementIndex = try #require(pairs.firstIndex { $0.key == .text("attStmt") })
        var statement = try #require(pairs[statementIndex].value.mapValue)
        let x5cIndex = try #require(statement.firstIndex { $0.key == .text("x5c") })
        let x5c = try #require(statement[x5cIndex].value.arrayValue)
        try #require(x5c.count == 3, "the capture's x5c is leaf, intermediate, root")
        let root = try Certificate(derEncoded: try #require(x5c[2].bytesValue))
        #expect(root.subject == root.issuer, "x5c[2] is self-signed")
        statement[x5cIndex].value = .array(Array(x5c.prefix(2)))
        pairs[statementIndex].value = .map(statement)
        response["attestationObject"] = Base64URL.encode(CBOREncoder.encode(.map(pairs)))
        credential["response"] = response

        let rootPath = FileManager.default.temporaryDirectory.appendingPathComponent("passkeys-feitian-root-\(UUID().uuidString).pem").path
        try root.serializeAsPEM().pemString.write(toFile: rootPath, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: rootPath) }
        let result = try await CLIRunner.run(
            v.arguments(legacyBase64: v.usesLegacyEncoding, extra: ["--trust-anchor", rootPath, "--require-trusted-attestation"]),
            stdin: try JSONSerialization.data(withJSONObject: credential))
        #expect(result.status == 0, "\(name) without its root in x5c: \(result.stdout) \(result.stderr)")
        #expect(result.json["trusted"] as? Bool == true, "\(name): the chain must end in the Feitian root given as an anchor: \(result.stdout)")
        try Self.checkAgainstCollector(v, result.json)
    }

    /// Cross-checks our output against the collector's independent decode.
    static func checkAgainstCollector(_ v: Vector, _ json: [String: Any]) throws {
        guard let authData = v.collector["authData"] as? [String: Any] else { return }
        if v.ceremony == "registration" {
            #expect(json["signCount"] as? Int == authData["signCount"] as? Int, "\(v.name) signCount")
            if let aaguid = authData["aaguid"] as? String {
                #expect((json["aaguid"] as? String)?.replacingOccurrences(of: "-", with: "") == aaguid, "\(v.name) aaguid")
            }
            if let id = authData["credentialId"] as? String, let ours = json["credentialId"] as? String {
                #expect(Hex.encode(try Base64URL.decode(ours)) == id, "\(v.name) credentialId")
            }
            #expect(json["format"] as? String == v.format, "\(v.name) format")
        } else {
            #expect(json["newSignCount"] as? Int == authData["signCount"] as? Int, "\(v.name) newSignCount")
        }
        let flags = authData["flags_decoded"] as? [String: Bool] ?? [:]
        #expect(json["userVerified"] as? Bool == flags["UV"], "\(v.name) UV")
        #expect(json["backupEligible"] as? Bool == flags["BE"], "\(v.name) BE")
        #expect(json["backupState"] as? Bool == flags["BS"], "\(v.name) BS")
    }

    static func credentialID(of v: Vector) throws -> String {
        let hex = try #require((v.collector["authData"] as? [String: Any])?["credentialId"] as? String)
        return Base64URL.encode(try #require(Hex.decode(hex)))
    }

    /// A self-signed root that no vector chains to, written to a temporary PEM file.
    static func unrelatedRootPEM() throws -> String {
        let key = P256.Signing.PrivateKey()
        let name = try DistinguishedName { CommonName("Unrelated Test Root") }
        let root = try Certificate(
            version: .v3, serialNumber: .init(), publicKey: .init(key.publicKey), notValidBefore: Date(timeIntervalSince1970: 0),
            notValidAfter: Date(timeIntervalSince1970: 4_000_000_000), issuer: name, subject: name, signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions { Critical(BasicConstraints.isCertificateAuthority(maxPathLength: nil)) },
            issuerPrivateKey: .init(key))
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("passkeys-unrelated-root-\(UUID().uuidString).pem").path
        try root.serializeAsPEM().pemString.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}
