import SwiftASN1
import X509

/// Packed attestation statement certificate requirements (WebAuthn L3 §8.2.1).
enum PackedCertificateRequirements {
    static let organizationalUnit = "Authenticator Attestation"

    static func verify(_ certificate: Certificate, aaguid: AAGUID) throws(WebAuthnError) {
        func fail(_ message: String) -> WebAuthnError {
            WebAuthnError(.certificateInvalid, "attestation certificate (packed, §8.2.1): \(message)")
        }
        // Version MUST be set to 3.
        guard certificate.version == .v3 else {
            throw fail("expected X.509 version 3, found \(certificate.version)")
        }
        // Subject: C (ISO 3166 code), O, OU = "Authenticator Attestation", CN.
        let subject = SubjectFields(certificate.subject)
        guard let country = subject.first(.RDNAttributeType.countryName), country.count == 2,
            country.allSatisfy({ $0.isASCII && $0.isLetter })
        else {
            throw fail("expected subject C to be a two-letter ISO 3166 country code, found \(subject.describe(.RDNAttributeType.countryName))")
        }
        guard let organization = subject.first(.RDNAttributeType.organizationName), !organization.isEmpty else {
            throw fail("expected a subject O naming the authenticator vendor, found \(subject.describe(.RDNAttributeType.organizationName))")
        }
        guard subject.first(.RDNAttributeType.organizationalUnitName) == organizationalUnit else {
            throw fail("expected subject OU '\(organizationalUnit)', found \(subject.describe(.RDNAttributeType.organizationalUnitName))")
        }
        guard let commonName = subject.first(.RDNAttributeType.commonName), !commonName.isEmpty else {
            throw fail("expected a subject CN, found \(subject.describe(.RDNAttributeType.commonName))")
        }
        // Basic Constraints: CA MUST be false (an absent extension means not a CA, RFC 5280 §4.2.1.9).
        if try BasicConstraintsReader.isCertificateAuthority(certificate) == true {
            throw fail("expected Basic Constraints CA=false, found CA=true")
        }
        // If present, the AAGUID extension must be non-critical and match authData.
        try AAGUIDExtension.verify(certificate, matches: aaguid, format: "packed")
    }
}

/// Subject attribute lookup by OID, for certificate requirement checks.
struct SubjectFields {
    private let attributes: [RelativeDistinguishedName.Attribute]

    init(_ name: DistinguishedName) {
        attributes = name.flatMap { Array($0) }
    }

    func first(_ type: ASN1ObjectIdentifier) -> String? {
        attributes.first(where: { $0.type == type }).flatMap { String($0.value) }
    }

    func describe(_ type: ASN1ObjectIdentifier) -> String {
        guard let value = attributes.first(where: { $0.type == type }) else { return "none" }
        return "'\(value.value)'"
    }
}
