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

    static func pairs() async throws -> [BenchPair] {
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

        let es256 = try assertionPair(.es256, name: "es256", baselineName: "raw.p256Verify")
        let eddsa = try assertionPair(.edDSA, name: "eddsa", baselineName: "raw.ed25519Verify")
        let rs256 = try assertionPair(.rs256, name: "rs256", baselineName: "raw.rsa2048Verify")
        let mlDSA65 = try assertionPair(.mlDSA65, name: "mldsa65", baselineName: "raw.mldsa65Verify")
        let mlDSA87 = try assertionPair(.mlDSA87, name: "mldsa87", baselineName: "raw.mldsa87Verify")

        let pki = try BenchFixtures.attestationPKI()
        var x5cPolicy = fixtures.policy
        x5cPolicy.attestation = AttestationPolicy(trustAnchors: [pki.root], requireTrustedAttestation: true)
        func registrationPair(_ name: String, _ attestation: SoftwareAuthenticator.Attestation, policy: VerificationPolicy) throws -> BenchPair {
            try registrationPair(name, json: BenchFixtures.registration(attestation), policy: policy)
        }
        func registrationPair(_ name: String, json: [UInt8], policy: VerificationPolicy) throws -> BenchPair {
            let verifier = RegistrationVerifier(policy: policy)
            let subject = Measured(name: "verifyRegistration.\(name)") {
                do {
                    let response = try RegistrationResponse(json: json)
                    _ = try await verifier.verify(response, challenge: BenchFixtures.challenge)
                    return true
                } catch { return false }
            }
            return BenchPair(subject: subject, baseline: es256.baseline)
        }
        return [
            es256, eddsa, rs256, mlDSA65, mlDSA87,
            try registrationPair("none", .none, policy: fixtures.policy),
            try registrationPair("packedSelf", .packedSelf, policy: fixtures.policy),
            try registrationPair("packedX5c", .packedBasic(key: pki.leafKey, chain: [pki.leaf]), policy: x5cPolicy),
            try registrationPair("tpm", json: BenchAttestations.tpm(root: pki.root, rootKey: pki.rootKey), policy: x5cPolicy),
            try registrationPair("androidKey", json: BenchAttestations.androidKey(root: pki.root, rootKey: pki.rootKey), policy: x5cPolicy),
        ] + (try await TokenBenchmarks.pairs())
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
