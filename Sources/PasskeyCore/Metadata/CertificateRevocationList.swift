public import Foundation
import SwiftASN1
public import X509

/// An X.509 certificate revocation list (RFC 5280 §5), parsed from DER and checked against the certificate that
/// issued it, for the metadata BLOB's signing chain (FIDO MDS3 §3.2 step 3).
public struct CertificateRevocationList: Sendable {
    /// The CA that issued the list; its certificate must have signed it.
    public let issuer: DistinguishedName
    /// When the list was issued.
    public let thisUpdate: Date
    /// When the next list is due; a list past it is stale. Nil when the issuer did not say.
    public let nextUpdate: Date?
    /// Revoked serial numbers, as big-endian magnitude bytes without leading zeros.
    public let revokedSerialNumbers: Set<[UInt8]>
    private let tbsBytes: [UInt8]
    private let signatureAlgorithm: Certificate.SignatureAlgorithm?
    private let signatureOID: ASN1ObjectIdentifier
    private let signature: [UInt8]

    static func fail(_ message: String) -> WebAuthnError { WebAuthnError(.metadataInvalid, "CRL: \(message)") }

    /// Parses one DER CRL, or the first CRL of a PEM file ("-----BEGIN X509 CRL-----").
    public init(bytes: [UInt8]) throws(WebAuthnError) {
        var der = bytes
        if let text = String(bytes: bytes, encoding: .utf8), text.contains("-----BEGIN X509 CRL-----") {
            guard let document = try? PEMDocument(pemString: text), document.discriminator == "X509 CRL" else {
                throw Self.fail("expected a PEM 'X509 CRL' block, found one that does not decode")
            }
            der = document.derBytes
        }
        do {
            let root = try DER.parse(der)
            guard root.identifier == .sequence, case .constructed(let top) = root.content else {
                throw Self.fail("expected CertificateList to be a SEQUENCE")
            }
            var parts = top.makeIterator()
            guard let tbs = parts.next(), let algorithm = parts.next(), let signatureNode = parts.next(), parts.next() == nil else {
                throw Self.fail("expected CertificateList { tbsCertList, signatureAlgorithm, signatureValue }")
            }
            tbsBytes = Array(tbs.encodedBytes)
            guard case .constructed(let algorithmParts) = algorithm.content, let oidNode = algorithmParts.first(where: { _ in true }) else {
                throw Self.fail("expected an AlgorithmIdentifier")
            }
            signatureOID = try ASN1ObjectIdentifier(derEncoded: oidNode)
            signatureAlgorithm = Self.algorithms[signatureOID]
            signature = Array(try ASN1BitString(derEncoded: signatureNode).bytes)

            guard case .constructed(let fieldsCollection) = tbs.content else { throw Self.fail("expected tbsCertList to be a SEQUENCE") }
            var fields = Array(fieldsCollection)[...]
            if fields.first?.identifier == .integer { fields = fields.dropFirst() } // version v2
            guard fields.count >= 3 else { throw Self.fail("expected signature, issuer and thisUpdate in tbsCertList") }
            fields = fields.dropFirst() // signature AlgorithmIdentifier, repeated inside the signed part
            issuer = try DistinguishedName(derEncoded: fields.removeFirst())
            thisUpdate = try Self.date(fields.removeFirst())
            if let next = fields.first, next.identifier == .utcTime || next.identifier == .generalizedTime {
                nextUpdate = try Self.date(next)
                fields = fields.dropFirst()
            } else {
                nextUpdate = nil
            }
            var revoked = Set<[UInt8]>()
            if let list = fields.first, list.identifier == .sequence, case .constructed(let entries) = list.content {
                for entry in entries {
                    guard case .constructed(let entryParts) = entry.content, let serial = entryParts.first(where: { _ in true }),
                        serial.identifier == .integer, case .primitive(let raw) = serial.content
                    else {
                        throw Self.fail("expected each revoked entry to start with the certificate's serial number")
                    }
                    revoked.insert(Array(raw.drop(while: { $0 == 0 })))
                }
            }
            revokedSerialNumbers = revoked
        } catch let error as WebAuthnError {
            throw error
        } catch {
            throw Self.fail("expected a DER CertificateList, found bytes that do not parse (\(error))")
        }
    }

    /// Verifies this CRL with the certificate in `chain` that issued it, checks it is current at `time`, and
    /// fails if it revokes any certificate of `chain` that the same issuer signed.
    public func check(chain: [Certificate], at time: Date) throws(WebAuthnError) {
        guard let issuerCertificate = chain.first(where: { $0.subject == issuer }) else {
            throw Self.fail("expected its issuer '\(issuer)' to be a certificate of the metadata signing chain, found none")
        }
        guard let signatureAlgorithm else { throw Self.fail("expected a known signature algorithm, found \(signatureOID)") }
        guard issuerCertificate.publicKey.isValidSignature(signature, for: tbsBytes, signatureAlgorithm: signatureAlgorithm) else {
            throw Self.fail("expected a valid signature by '\(issuer)', found one that does not verify")
        }
        guard thisUpdate <= time else { throw Self.fail("expected thisUpdate (\(thisUpdate)) not after the verification time \(time)") }
        if let nextUpdate, nextUpdate < time {
            throw Self.fail("expected a current CRL, found one whose nextUpdate (\(nextUpdate)) has passed; fetch a new one")
        }
        for certificate in chain where certificate.issuer == issuer {
            let serial = Array(certificate.serialNumber.bytes.drop(while: { $0 == 0 }))
            if revokedSerialNumbers.contains(serial) {
                throw WebAuthnError(
                    .metadataInvalid,
                    "metadata BLOB: the certificate '\(certificate.subject)' (serial \(certificate.serialNumber)) is revoked by the CRL of '\(issuer)'"
                )
            }
        }
    }

    static let algorithms: [ASN1ObjectIdentifier: Certificate.SignatureAlgorithm] = [
        [1, 2, 840, 10045, 4, 3, 2]: .ecdsaWithSHA256,
        [1, 2, 840, 10045, 4, 3, 3]: .ecdsaWithSHA384,
        [1, 2, 840, 10045, 4, 3, 4]: .ecdsaWithSHA512,
        [1, 2, 840, 113_549, 1, 1, 11]: .sha256WithRSAEncryption,
        [1, 2, 840, 113_549, 1, 1, 12]: .sha384WithRSAEncryption,
        [1, 2, 840, 113_549, 1, 1, 13]: .sha512WithRSAEncryption,
        [1, 3, 101, 112]: .ed25519,
    ]

    static func date(_ node: ASN1Node) throws -> Date {
        let components: (Int, Int, Int, Int, Int, Int)
        if node.identifier == .utcTime {
            let t = try UTCTime(derEncoded: node)
            components = (t.year, t.month, t.day, t.hours, t.minutes, t.seconds)
        } else {
            let t = try GeneralizedTime(derEncoded: node)
            components = (t.year, t.month, t.day, t.hours, t.minutes, t.seconds)
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        guard
            let date = calendar.date(
                from: DateComponents(
                    year: components.0, month: components.1, day: components.2,
                    hour: components.3, minute: components.4, second: components.5))
        else {
            throw fail("expected a valid date, found \(components)")
        }
        return date
    }
}
