import SwiftASN1
import X509

/// Tells the RFC 5280 verifier which critical extensions of the attestation *leaf* the format's own procedure
/// has already enforced, so chain validation does not fail on them as "unhandled".
///
/// The case that needs it: a TPM AIK certificate has an empty subject, so RFC 5280 §4.2.1.6 makes its Subject
/// Alternative Name critical, and §8.3.1 of WebAuthn defines (and ``TPMCertificateRequirements`` checks) what it
/// must hold. Only the leaf is covered: the same extension marked critical on an intermediate fails the chain.
struct FormatCheckedExtensionsPolicy: VerifierPolicy {
    let verifyingCriticalExtensions: [ASN1ObjectIdentifier]

    init(_ extensions: [ASN1ObjectIdentifier]) {
        verifyingCriticalExtensions = extensions
    }

    mutating func chainMeetsPolicyRequirements(chain: UnverifiedCertificateChain) async -> PolicyEvaluationResult {
        for certificate in chain.dropFirst() {
            for ext in certificate.extensions where ext.critical && verifyingCriticalExtensions.contains(ext.oid) {
                return .failsToMeetPolicy(
                    reason: "the CA certificate '\(certificate.subject)' marks \(ext.oid) critical, which only the attestation certificate itself may"
                )
            }
        }
        return .meetsPolicy
    }
}
