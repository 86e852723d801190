import Foundation
import X509

/// The internal soundness of an attestation certificate chain, required whether or not any trust anchor is known.
///
/// WebAuthn L3 §7.1 step 22 runs the format's procedure over x5c (§8.2 packed, §8.3 tpm, §8.4 android-key,
/// §8.6 fido-u2f, §8.8 apple) and steps 23–24 judge trust only against anchors, so with none configured a chain
/// nobody anchors would be taken however broken. The FIDO conformance tool's must-fail cases
/// (Server-ServerAuthenticatorAttestationResponse-Resp-5) are what this refuses: F-6 an expired leaf, F-7 a leaf
/// not yet valid, F-9 an x5c[1] that did not issue x5c[0], F-10 a root inside x5c, F-12 an expired intermediate.
/// Whether the chain ends in an anchor stays ``AttestationTrust``'s question.
public enum AttestationChain {
    /// Where a self-signed certificate may stand in the chain.
    public enum RootPlacement: Sendable {
        /// Nowhere: the chain is the attestation certificate and its issuers; the root is the relying party's. (An
        /// attestation certificate alone in the chain may be its own issuer: a batch certificate.)
        case refused
        /// Last, after at least one certificate: Android Keystore returns its chain up to and including the root
        /// (Android key attestation, "Verify hardware-backed key pairs"), so every Android device sends it.
        case allowedLast
    }

    /// Checks every certificate's validity period at `time`, that each one is issued by the next (its issuer is
    /// the next one's subject and the next one's key verifies its signature: RFC 5280 §6.1.3 (a)(1), (a)(4)), and
    /// that no certificate is self-signed where `roots` does not allow it.
    /// - Parameter field: names the chain in error messages, e.g. `attStmt (packed).x5c`.
    static func verifySound(_ chain: [Certificate], field: String, at time: Date, roots: RootPlacement) throws(WebAuthnError) {
        for (index, certificate) in chain.enumerated() {
            guard certificate.notValidBefore <= time, time <= certificate.notValidAfter else {
                let state = time < certificate.notValidBefore ? "not yet valid" : "expired"
                throw WebAuthnError(
                    .certificateInvalid,
                    "\(field)[\(index)]: expected a certificate valid at \(time), found one valid from \(certificate.notValidBefore) to \(certificate.notValidAfter) (\(state))"
                )
            }
            let isLast = index == chain.count - 1
            if isSelfSigned(certificate), !isSelfIssuedAttestationCertificate(index: index, count: chain.count),
                !(roots == .allowedLast && isLast && index > 0)
            {
                throw WebAuthnError(
                    .certificateInvalid,
                    "\(field)[\(index)]: expected the attestation certificate or an intermediate, found a self-signed root (\(certificate.subject)) after \(index) certificate(s); roots belong in the relying party's trust anchors, not in the chain"
                )
            }
            guard !isLast else { continue }
            let issuer = chain[index + 1]
            guard certificate.issuer == issuer.subject else {
                throw WebAuthnError(
                    .certificateInvalid,
                    "\(field)[\(index + 1)]: expected the issuer of \(field)[\(index)], \(certificate.issuer), found \(issuer.subject)")
            }
            guard issuer.publicKey.isValidSignature(certificate.signature, for: certificate) else {
                throw WebAuthnError(
                    .certificateInvalid,
                    "\(field)[\(index + 1)]: expected the key that signed \(field)[\(index)], found one its signature does not verify with")
            }
        }
    }

    /// A chain of one self-signed certificate is an attestation certificate that is its own issuer (a "batch
    /// certificate": Chromium's WebDriver virtual authenticators, some security keys). It is sound, and it is trusted
    /// only when the relying party's anchors hold that very certificate (§7.1 step 24: "or is itself an acceptable
    /// certificate"; FIDO conformance: the batch certificate as its own trust anchor), which ``AttestationTrust``
    /// decides. A self-signed certificate after the first is a root appended to the chain, refused above.
    private static func isSelfIssuedAttestationCertificate(index: Int, count: Int) -> Bool {
        index == 0 && count == 1
    }

    /// RFC 5280 §6.1: self-issued (issuer = subject) and verified by its own key.
    private static func isSelfSigned(_ certificate: Certificate) -> Bool {
        certificate.issuer == certificate.subject && certificate.publicKey.isValidSignature(certificate.signature, for: certificate)
    }
}
