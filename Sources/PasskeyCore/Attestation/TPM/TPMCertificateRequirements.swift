import SwiftASN1
import X509

/// TPM attestation statement certificate requirements for the AIK certificate (WebAuthn L3 §8.3.1), and the
/// TPM identity its Subject Alternative Name carries (TCG EK Credential Profile 2.0 §3.2.9).
enum TPMCertificateRequirements {
    /// tcg-kp-AIKCertificate (2.23.133.8.3).
    static let aikCertificateUsage: ASN1ObjectIdentifier = [2, 23, 133, 8, 3]
    static let manufacturerOID: ASN1ObjectIdentifier = [2, 23, 133, 2, 1]
    static let modelOID: ASN1ObjectIdentifier = [2, 23, 133, 2, 2]
    static let versionOID: ASN1ObjectIdentifier = [2, 23, 133, 2, 3]
    static let subjectAltNameOID: ASN1ObjectIdentifier = [2, 5, 29, 17]
    static let extendedKeyUsageOID: ASN1ObjectIdentifier = [2, 5, 29, 37]

    /// The TPM the AIK certificate names.
    struct TPMIdentity: Sendable, Equatable {
        /// "id:" followed by the 4-byte TCG vendor ID in hex, e.g. "id:4E544300" (Nuvoton).
        let manufacturer: String
        let model: String
        let version: String
    }

    static func fail(_ message: String) -> WebAuthnError {
        WebAuthnError(.certificateInvalid, "AIK certificate (tpm, §8.3.1): \(message)")
    }

    @discardableResult
    static func verify(_ certificate: Certificate, aaguid: AAGUID) throws(WebAuthnError) -> TPMIdentity {
        // Version MUST be set to 3.
        guard certificate.version == .v3 else { throw fail("expected X.509 version 3, found \(certificate.version)") }
        // Subject field MUST be set to empty.
        guard certificate.subject.isEmpty else { throw fail("expected an empty subject, found '\(certificate.subject)'") }
        // The Subject Alternative Name extension MUST be set as defined in the TPM EK profile §3.2.9.
        let identity = try identity(of: certificate)
        // The Extended Key Usage extension MUST contain tcg-kp-AIKCertificate.
        guard try extendedKeyUsages(of: certificate).contains(aikCertificateUsage) else {
            throw fail("expected Extended Key Usage to contain tcg-kp-AIKCertificate (\(aikCertificateUsage)), found it missing")
        }
        // The Basic Constraints extension MUST have the CA component set to false.
        if try BasicConstraintsReader.isCertificateAuthority(certificate) == true {
            throw fail("expected Basic Constraints CA=false, found CA=true")
        }
        // §8.3 step 4: if present, the AAGUID extension must match authData.
        try AAGUIDExtension.verify(certificate, matches: aaguid, format: "tpm")
        return identity
    }

    /// Reads tcpaTpmManufacturer, tcpaTpmModel and tcpaTpmVersion from the SAN's directoryName. Read with BER
    /// rules because deployed AIK certificates put the three attributes in one RDN (a SET whose members are not
    /// in DER order) as often as in three.
    static func identity(of certificate: Certificate) throws(WebAuthnError) -> TPMIdentity {
        guard let ext = certificate.extensions[oid: subjectAltNameOID] else {
            throw fail("expected a Subject Alternative Name naming the TPM, found none")
        }
        var values: [ASN1ObjectIdentifier: String] = [:]
        do {
            let names = try BER.parse(ext.value)
            guard case .constructed(let generalNames) = names.content else { throw fail("expected the SAN to be a SEQUENCE of GeneralName") }
            for generalName in generalNames {
                // directoryName [4] EXPLICIT Name
                guard generalName.identifier.tagClass == .contextSpecific, generalName.identifier.tagNumber == 4,
                    case .constructed(let wrapped) = generalName.content, let name = wrapped.first(where: { _ in true }),
                    case .constructed(let rdns) = name.content
                else { continue }
                for rdn in rdns {
                    guard case .constructed(let attributes) = rdn.content else { continue }
                    for attribute in attributes {
                        guard case .constructed(let pair) = attribute.content else { continue }
                        var parts = pair.makeIterator()
                        guard let typeNode = parts.next(), let valueNode = parts.next() else { continue }
                        let type = try ASN1ObjectIdentifier(berEncoded: typeNode)
                        guard case .primitive(let raw) = valueNode.content else { continue }
                        values[type] = String(decoding: raw, as: UTF8.self)
                    }
                }
            }
        } catch let error as WebAuthnError {
            throw error
        } catch {
            throw fail("expected a well-formed Subject Alternative Name, found bytes that do not parse (\(error))")
        }
        guard let manufacturer = values[manufacturerOID], let model = values[modelOID], let version = values[versionOID] else {
            let found = [manufacturerOID, modelOID, versionOID].filter { values[$0] != nil }
            throw fail(
                "expected the SAN directoryName to hold tcpaTpmManufacturer, tcpaTpmModel and tcpaTpmVersion, found \(found.isEmpty ? "none of them" : found.map(\.description).joined(separator: ", "))"
            )
        }
        // EK profile §3.2.9: the manufacturer is "id:" and the vendor ID in 8 hex digits.
        let hex = manufacturer.dropFirst(3)
        guard manufacturer.hasPrefix("id:"), hex.count == 8, hex.allSatisfy(\.isHexDigit) else {
            throw fail("expected tcpaTpmManufacturer in the form id:XXXXXXXX, found '\(manufacturer)'")
        }
        return TPMIdentity(manufacturer: manufacturer, model: model, version: version)
    }

    static func extendedKeyUsages(of certificate: Certificate) throws(WebAuthnError) -> [ASN1ObjectIdentifier] {
        guard let ext = certificate.extensions[oid: extendedKeyUsageOID] else { return [] }
        do {
            let node = try BER.parse(ext.value)
            guard case .constructed(let children) = node.content else { throw fail("expected Extended Key Usage to be a SEQUENCE") }
            var usages: [ASN1ObjectIdentifier] = []
            for child in children { usages.append(try ASN1ObjectIdentifier(berEncoded: child)) }
            return usages
        } catch let error as WebAuthnError {
            throw error
        } catch {
            throw fail("expected a well-formed Extended Key Usage extension, found bytes that do not parse (\(error))")
        }
    }
}
