public import Foundation
public import SwiftASN1
// The SPI is swift-certificates' supported way to validate expiry at a pinned instant (`--at`, tests).
@_spi(FixedExpiryValidationTime) public import X509

/// Judges an attestation trust path against trust anchors (WebAuthn L3 §7.1 steps 23–24).
public enum AttestationTrust {
    /// The outcome of ``evaluate(trustPath:anchors:at:leafCheckedExtensions:)``: trusted or not, and why not.
    public struct Verdict: Sendable {
        /// The chain ends in one of the anchors and is valid at the validation time.
        public let trusted: Bool
        /// Why it is not trusted, in plain words; nil when trusted.
        public let reason: String?
    }

    /// Validates `trustPath` (leaf first) with RFC 5280 rules at `time`. The leaf may itself be an anchor
    /// (§7.1 step 24: "or is itself an acceptable certificate").
    ///
    /// `leafCheckedExtensions` are critical extensions of the leaf that the format's procedure enforced itself
    /// (``AttestationStatementVerifier/checkedCriticalExtensions``).
    public static func evaluate(
        trustPath: [Certificate], anchors: [Certificate], at time: Date, leafCheckedExtensions: [ASN1ObjectIdentifier] = []
    ) async -> Verdict {
        guard let leaf = trustPath.first else {
            return Verdict(trusted: false, reason: "there is no certificate chain to evaluate")
        }
        // A batch certificate (its own issuer, alone in x5c) is trusted only as an anchor itself; say so plainly.
        let selfSigned = trustPath.count == 1 && leaf.issuer == leaf.subject
        let selfSignedReason =
            "the attestation certificate is self-signed (\(leaf.subject)) and is not one of the \(anchors.count) configured trust anchors"
        guard !anchors.isEmpty else {
            return Verdict(trusted: false, reason: selfSigned ? selfSignedReason : "no trust anchors are configured")
        }
        // §7.1 step 24: a trust path that "is itself an acceptable certificate". A lone attestation certificate the
        // relying party lists as an anchor is trusted as that very certificate (FIDO conformance: the batch
        // certificate as its own trust anchor); RFC 5280 path validation would refuse it for not being a CA.
        if trustPath.count == 1, anchors.contains(leaf) {
            guard leaf.notValidBefore <= time, time <= leaf.notValidAfter else {
                return Verdict(
                    trusted: false,
                    reason: "the attestation certificate is valid from \(leaf.notValidBefore) to \(leaf.notValidAfter), not at \(time)")
            }
            return Verdict(trusted: true, reason: nil)
        }
        var verifier = Verifier(rootCertificates: CertificateStore(anchors)) {
            RFC5280Policy(fixedExpiryValidationTime: time)
            FormatCheckedExtensionsPolicy(leafCheckedExtensions)
        }
        // No diagnostic callback: swift-certificates 1.21's diagnostic descriptions can trap on some chains.
        let result = await verifier.validate(leaf: leaf, intermediates: CertificateStore(Array(trustPath.dropFirst())))
        switch result {
        case .validCertificate:
            return Verdict(trusted: true, reason: nil)
        case .couldNotValidate(let failures):
            if let failure = failures.first {
                return Verdict(trusted: false, reason: "\(failure.policyFailureReason)")
            }
            if selfSigned {
                return Verdict(trusted: false, reason: selfSignedReason)
            }
            if leaf.notValidAfter < time || leaf.notValidBefore > time {
                return Verdict(
                    trusted: false,
                    reason: "the attestation certificate is valid from \(leaf.notValidBefore) to \(leaf.notValidAfter), not at \(time)")
            }
            return Verdict(trusted: false, reason: "the attestation chain does not lead to any of the \(anchors.count) configured trust anchors")
        }
    }
}
