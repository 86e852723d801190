import Crypto
import Foundation
import PasskeyCore
import Testing
import X509

/// Verifies a fixture registration at `time` (``TestCA/now`` unless given) with the given anchors and formats.
func verifyAttestation(
    _ registration: Fixtures.Registration, anchors: [Certificate] = [], requireTrusted: Bool = false,
    formats: [any AttestationStatementVerifier] = AttestationFormats.all, metadata: MetadataIndex? = nil, at time: Date = TestCA.now
) async throws -> VerifiedRegistration {
    let policy = Fixtures.policy {
        $0.clock = { time }
        $0.attestation = AttestationPolicy(trustAnchors: anchors, requireTrustedAttestation: requireTrusted, formats: formats, metadata: metadata)
    }
    return try await RegistrationVerifier(policy: policy).verify(registration.response(), challenge: Fixtures.challenge)
}

/// Checks that a registration made under `made.ca` fails with `code` even with that CA as a trust anchor, so the
/// failure is the format's, not the chain's.
func expectAttestationFailure(
    _ code: WebAuthnError.Code, _ made: (registration: Fixtures.Registration, ca: TestCA),
    sourceLocation: SourceLocation = #_sourceLocation
) async {
    await expectFailure(code, sourceLocation: sourceLocation) { try await verifyAttestation(made.registration, anchors: [made.ca.certificate]) }
}

extension Fixtures.Registration {
    /// The P-256 credential key as an X.509 public key, for certificates that must carry it (android-key, apple).
    var certificatePublicKey: Certificate.PublicKey {
        get throws {
            guard case .p256(let key) = key else { throw TestSetupError("fixture key is not P-256") }
            return Certificate.PublicKey(key.publicKey)
        }
    }
}

struct TestSetupError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
