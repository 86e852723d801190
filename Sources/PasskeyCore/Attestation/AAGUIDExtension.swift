import SwiftASN1
import X509

/// The FIDO AAGUID certificate extension, `id-fido-gen-ce-aaguid` (1.3.6.1.4.1.45724.1.1.4), which names the
/// authenticator model an attestation certificate speaks for (WebAuthn L3 §8.2.1, §8.3.1).
enum AAGUIDExtension {
    static let oid: ASN1ObjectIdentifier = [1, 3, 6, 1, 4, 1, 45724, 1, 1, 4]

    /// Whether the certificate names `aaguid` in a well-formed, non-critical extension: then a trusted chain to it
    /// proves that model, not only some hardware its root vouches for.
    static func certifies(_ certificate: Certificate, aaguid: AAGUID) -> Bool {
        (try? verify(certificate, matches: aaguid, format: "")) != nil && certificate.extensions[oid: oid] != nil
    }

    /// If the certificate has the extension, checks it is non-critical and equals the authenticator data's AAGUID.
    static func verify(_ certificate: Certificate, matches aaguid: AAGUID, format: String) throws(WebAuthnError) {
        guard let ext = certificate.extensions[oid: oid] else { return }
        guard !ext.critical else {
            throw WebAuthnError(
                .certificateInvalid,
                "attestation certificate (\(format)): expected the AAGUID extension \(oid) to be non-critical, found it marked critical")
        }
        let value: [UInt8]
        do {
            value = Array(try ASN1OctetString(derEncoded: ext.value).bytes)
        } catch {
            throw WebAuthnError(
                .certificateInvalid,
                "attestation certificate (\(format)): expected the AAGUID extension \(oid) to hold an OCTET STRING, found something else")
        }
        guard let certified = AAGUID(bytes: value) else {
            throw WebAuthnError(
                .certificateInvalid,
                "attestation certificate (\(format)): expected the AAGUID extension \(oid) to hold 16 bytes, found \(value.count)")
        }
        guard certified == aaguid else {
            throw WebAuthnError(
                .aaguidMismatch,
                "attestation certificate (\(format)): the AAGUID extension \(oid) holds \(certified), but authenticator data carries \(aaguid)")
        }
    }
}
