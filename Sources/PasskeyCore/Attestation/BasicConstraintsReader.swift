import SwiftASN1
import X509

/// Reads the `cA` flag of the Basic Constraints extension (RFC 5280 §4.2.1.9) with BER rules.
///
/// Real attestation certificates (Chromium's virtual authenticator among them) encode the default `cA FALSE`
/// explicitly, which DER forbids and swift-certificates' DER accessor therefore rejects. The value is still
/// unambiguous, so the requirement checks read it leniently; chain validation stays strict DER.
enum BasicConstraintsReader {
    static let oid: ASN1ObjectIdentifier = [2, 5, 29, 19]

    /// nil when the extension is absent (which RFC 5280 reads as "not a CA").
    static func isCertificateAuthority(_ certificate: Certificate) throws(WebAuthnError) -> Bool? {
        guard let ext = certificate.extensions[oid: oid] else { return nil }
        do {
            let node = try BER.parse(ext.value)
            guard node.identifier == .sequence, case .constructed(let children) = node.content else {
                throw WebAuthnError(.certificateInvalid, "attestation certificate: expected Basic Constraints to be a SEQUENCE, found something else")
            }
            guard let first = children.first(where: { _ in true }), first.identifier == .boolean else { return false }
            guard case .primitive(let bytes) = first.content, bytes.count == 1 else {
                throw WebAuthnError(
                    .certificateInvalid, "attestation certificate: expected a one-byte cA BOOLEAN in Basic Constraints, found another length")
            }
            return bytes.first != 0
        } catch let error as WebAuthnError {
            throw error
        } catch {
            throw WebAuthnError(
                .certificateInvalid,
                "attestation certificate: expected a well-formed Basic Constraints extension, found bytes that do not parse (\(error))")
        }
    }
}
