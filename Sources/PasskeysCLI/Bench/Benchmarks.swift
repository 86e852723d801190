import Crypto
import Foundation
import PasskeyAuthenticator
import PasskeyCore
import _CryptoExtras

/// One measured operation; `run` performs it once and reports whether it succeeded.
struct Measured {
    let name: String
    let run: () async -> Bool
}

/// A verification and the raw signature check it rests on, measured in alternating slices of the same run.
struct BenchPair {
    let subject: Measured
    let baseline: Measured
}

struct BenchResult {
    let name: String
    let opsPerSecond: Double
    let baseline: String?
    let ratioToBaseline: Double?
    /// Instructions per operation of the subject and of its baseline, with `--instructions`.
    var instructions: (subject: Double, baseline: Double)?
}

enum BenchRunner {
    /// Alternates short slices of subject and baseline until each has had `seconds` of time.
    static func measure(_ pair: BenchPair, seconds: Double) async throws -> (subject: Double, baseline: Double) {
        let slice = 0.05
        var subjectOps = 0, baselineOps = 0
        var subjectTime = 0.0, baselineTime = 0.0
        while subjectTime < seconds || baselineTime < seconds {
            subjectOps += try await runSlice(pair.subject, seconds: slice, elapsed: &subjectTime)
            baselineOps += try await runSlice(pair.baseline, seconds: slice, elapsed: &baselineTime)
        }
        return (Double(subjectOps) / subjectTime, Double(baselineOps) / baselineTime)
    }

    private static func runSlice(_ op: Measured, seconds: Double, elapsed: inout Double) async throws -> Int {
        let clock = ContinuousClock()
        let start = clock.now
        var count = 0
        let limit = Duration.milliseconds(Int64(seconds * 1000))
        while clock.now - start < limit {
            for _ in 0..<16 {
                guard await op.run() else { throw UsageError("benchmark '\(op.name)' failed to verify its own input") }
            }
            count += 16
        }
        let spent = clock.now - start
        elapsed += Double(spent.components.seconds) + Double(spent.components.attoseconds) / 1e18
        return count
    }

    /// The pairs whose subject's name `chosen` accepts, in the table's order. Only those are built: some fixtures
    /// (RSA and ML-DSA keys, attestation chains) cost seconds under callgrind, where `--instructions` runs one pair.
    static func pairs(where chosen: (String) -> Bool) async throws -> [BenchPair] {
        var built: [BenchPair] = []
        for entry in catalog where entry.names.contains(where: chosen) {
            built += try await entry.make().filter { chosen($0.subject.name) }
        }
        return built
    }

    /// Pairs by their subjects' names, with how to build them; pairs that share set-up share an entry, so it is
    /// done once.
    struct Entry {
        let names: [String]
        let make: () async throws -> [BenchPair]

        init(name: String, make: @escaping () async throws -> BenchPair) {
            self.names = [name]
            self.make = { [try await make()] }
        }

        init(names: [String], make: @escaping () async throws -> [BenchPair]) {
            self.names = names
            self.make = make
        }
    }

    static var catalog: [Entry] {
        let fixtures = BenchFixtures()
        let authVerifier = AuthenticationVerifier(policy: fixtures.policy)

        func assertionPair(_ alg: COSEAlgorithm, name: String, baselineName: String) throws -> BenchPair {
            let a = try BenchFixtures.assertion(alg)
            let subject = Measured(name: "verifyAuthentication.\(name)") {
                do {
                    let response = try AuthenticationResponse(json: a.json)
                    let key = try CredentialPublicKey(coseBytes: a.coseKey)
                    let stored = StoredCredential(id: a.credentialID, publicKey: key, signCount: 0)
                    _ = try authVerifier.verify(response, challenge: BenchFixtures.challenge, credential: stored)
                    return true
                } catch { return false }
            }
            return BenchPair(subject: subject, baseline: rawCheck(a, name: baselineName))
        }

        func rawCheck(_ a: BenchFixtures.Assertion, name: String) -> Measured {
            switch a.privateKey {
            case .p256(let key):
                let publicKey = key.publicKey
                return Measured(name: name) {
                    guard let sig = try? P256.Signing.ECDSASignature(derRepresentation: a.signature) else { return false }
                    return publicKey.isValidSignature(sig, for: a.message)
                }
            case .ed25519(let key):
                let publicKey = key.publicKey
                return Measured(name: name) { publicKey.isValidSignature(a.signature, for: a.message) }
            case .rsa(let key, _):
                let publicKey = key.publicKey
                return Measured(name: name) {
                    publicKey.isValidSignature(
                        _RSA.Signing.RSASignature(rawRepresentation: a.signature), for: SHA256.hash(data: a.message), padding: .insecurePKCS1v1_5)
                }
            case .mlDSA(let key):
                return rawMLDSACheck(a, algorithm: key.algorithm, name: name)
            }
        }

        func assertionEntry(_ alg: COSEAlgorithm, name: String, baselineName: String) -> Entry {
            Entry(name: "verifyAuthentication.\(name)") { try assertionPair(alg, name: name, baselineName: baselineName) }
        }
        // Registrations are measured against the raw P-256 check, the one an ES256 sign-in rests on.
        func p256Baseline() throws -> Measured { rawCheck(try BenchFixtures.assertion(.es256), name: "raw.p256Verify") }
        func registrationPair(_ name: String, json: [UInt8], policy: VerificationPolicy) throws -> BenchPair {
            let verifier = RegistrationVerifier(policy: policy)
            let subject = Measured(name: "verifyRegistration.\(name)") {
                do {
                    let response = try RegistrationResponse(json: json)
                    _ = try await verifier.verify(response, challenge: BenchFixtures.challenge)
                    return true
                } catch { return false }
            }
            return BenchPair(subject: subject, baseline: try p256Baseline())
        }
        func registrationEntry(_ name: String, _ attestation: SoftwareAuthenticator.Attestation) -> Entry {
            Entry(name: "verifyRegistration.\(name)") {
                try registrationPair(name, json: BenchFixtures.registration(attestation), policy: fixtures.policy)
            }
        }
        /// A registration whose attestation chains to a test root the policy trusts.
        func chainedEntry(_ name: String, _ json: @escaping (BenchFixtures.AttestationPKI) throws -> [UInt8]) -> Entry {
            Entry(name: "verifyRegistration.\(name)") {
                let pki = try BenchFixtures.attestationPKI()
                var policy = fixtures.policy
                policy.attestation = AttestationPolicy(trustAnchors: [pki.root], requireTrustedAttestation: true)
                return try registrationPair(name, json: json(pki), policy: policy)
            }
        }
        return [
            assertionEntry(.es256, name: "es256", baselineName: "raw.p256Verify"),
            assertionEntry(.edDSA, name: "eddsa", baselineName: "raw.ed25519Verify"),
            assertionEntry(.rs256, name: "rs256", baselineName: "raw.rsa2048Verify"),
            assertionEntry(.mlDSA65, name: "mldsa65", baselineName: "raw.mldsa65Verify"),
            assertionEntry(.mlDSA87, name: "mldsa87", baselineName: "raw.mldsa87Verify"),
            registrationEntry("none", .none),
            registrationEntry("packedSelf", .packedSelf),
            chainedEntry("packedX5c") { pki in try BenchFixtures.registration(.packedBasic(key: pki.leafKey, chain: [pki.leaf])) },
            chainedEntry("tpm") { pki in try BenchAttestations.tpm(root: pki.root, rootKey: pki.rootKey) },
            chainedEntry("androidKey") { pki in try BenchAttestations.androidKey(root: pki.root, rootKey: pki.rootKey) },
            // One store, one sign-up and one signing key for both.
            Entry(names: ["sessionToken.issue", "jwks.fromMemory"]) { try await TokenBenchmarks.pairs() },
        ]
    }
}

extension BenchRunner {
    /// The raw ML-DSA check (FIPS 204 ML-DSA.Verify, empty context) with swift-crypto's key parsed once, as the
    /// other raw checks hold their parsed key: what an ML-DSA sign-in's verification rests on.
    static func rawMLDSACheck(_ a: BenchFixtures.Assertion, algorithm: COSEAlgorithm, name: String) -> Measured {
        guard case .mlDSA(let raw)? = try? COSEKey(coseBytes: a.coseKey).parameters,
            #available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *)
        else {
            return Measured(name: name) { false }
        }
        switch algorithm {
        case .mlDSA65:
            guard let key = try? MLDSA65.PublicKey(rawRepresentation: raw) else { return Measured(name: name) { false } }
            return Measured(name: name) { key.isValidSignature(a.signature, for: a.message) }
        case .mlDSA87:
            guard let key = try? MLDSA87.PublicKey(rawRepresentation: raw) else { return Measured(name: name) { false } }
            return Measured(name: name) { key.isValidSignature(a.signature, for: a.message) }
        default:
            return Measured(name: name) { false }
        }
    }
}
