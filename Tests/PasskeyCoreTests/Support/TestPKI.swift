import Crypto
import Foundation
import PasskeyCore
import SwiftASN1
import X509

/// A test certificate authority that issues certificates with any subject and extensions, so each attestation
/// format's certificate requirements can be met, and broken, one at a time.
struct TestCA {
    let key = P256.Signing.PrivateKey()
    let name: DistinguishedName
    let certificate: Certificate
    static let validFrom = Fixtures.PKI.validFrom
    static let validUntil = Fixtures.PKI.validUntil
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    init(_ commonName: String = "Test Root") throws {
        name = try DistinguishedName {
            OrganizationName("Test")
            CommonName(commonName)
        }
        certificate = try Certificate(
            version: .v3, serialNumber: .init(), publicKey: .init(key.publicKey), notValidBefore: Self.validFrom,
            notValidAfter: Self.validUntil, issuer: name, subject: name, signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: nil))
                Critical(KeyUsage(keyCertSign: true, cRLSign: true))
            },
            issuerPrivateKey: .init(key))
    }

    func issue(
        _ publicKey: Certificate.PublicKey, subject: DistinguishedName, extensions: Certificate.Extensions = Certificate.Extensions(),
        version: Certificate.Version = .v3, validFrom: Date = validFrom, validUntil: Date = validUntil
    ) throws -> Certificate {
        try Certificate(
            version: version, serialNumber: .init(), publicKey: publicKey, notValidBefore: validFrom,
            notValidAfter: validUntil, issuer: name, subject: subject, signatureAlgorithm: .ecdsaWithSHA256,
            extensions: extensions, issuerPrivateKey: .init(key))
    }

    /// A CA certificate for `other`, signed by this one (an intermediate).
    func issueCA(_ other: TestCA, validFrom: Date = validFrom, validUntil: Date = validUntil) throws -> Certificate {
        try issue(
            .init(other.key.publicKey), subject: other.name,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: nil))
                Critical(KeyUsage(keyCertSign: true, cRLSign: true))
            }, validFrom: validFrom, validUntil: validUntil)
    }

    /// A DER CRL (RFC 5280 §5.1) by this CA revoking `serials`.
    func crl(revoking serials: [Certificate.SerialNumber], thisUpdate: Date = validFrom, nextUpdate: Date = validUntil) throws -> [UInt8] {
        let ecdsaWithSHA256 = DERBytes.tlv(0x30, DERBytes.tlv(0x06, [0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x04, 0x03, 0x02]))
        var serializer = DER.Serializer()
        try serializer.serialize(name)
        let revoked = serials.map { DERBytes.tlv(0x30, DERBytes.tlv(0x02, Array($0.bytes)) + DERBytes.utcTime(thisUpdate)) }.reduce([], +)
        let tbs = DERBytes.tlv(
            0x30,
            DERBytes.tlv(0x02, [1]) + ecdsaWithSHA256 + serializer.serializedBytes
                + DERBytes.utcTime(thisUpdate) + DERBytes.utcTime(nextUpdate) + (serials.isEmpty ? [] : DERBytes.tlv(0x30, revoked)))
        let signature = try key.signature(for: tbs).derRepresentation
        return DERBytes.tlv(0x30, tbs + ecdsaWithSHA256 + DERBytes.tlv(0x03, [0] + Array(signature)))
    }
}

/// Hand-built DER for structures swift-certificates has no builder for (Android key descriptions, Apple nonces, CRLs).
enum DERBytes {
    static func length(_ count: Int) -> [UInt8] {
        if count < 0x80 { return [UInt8(count)] }
        var bytes: [UInt8] = []
        var n = count
        while n > 0 {
            bytes.insert(UInt8(n & 0xFF), at: 0)
            n >>= 8
        }
        return [0x80 | UInt8(bytes.count)] + bytes
    }

    static func tlv(_ tag: UInt8, _ content: [UInt8]) -> [UInt8] { [tag] + length(content.count) + content }

    /// A context-specific constructed tag [number] EXPLICIT around `content`, in high-tag-number form when needed.
    static func explicit(_ number: Int, _ content: [UInt8]) -> [UInt8] {
        if number < 31 { return tlv(0xA0 | UInt8(number), content) }
        var digits: [UInt8] = [UInt8(number & 0x7F)]
        var n = number >> 7
        while n > 0 {
            digits.insert(0x80 | UInt8(n & 0x7F), at: 0)
            n >>= 7
        }
        return [0xBF] + digits + length(content.count) + content
    }

    static func integer(_ value: Int) -> [UInt8] {
        var bytes = [UInt8(value & 0xFF)]
        var n = value >> 8
        while n > 0 {
            bytes.insert(UInt8(n & 0xFF), at: 0)
            n >>= 8
        }
        if bytes[0] & 0x80 != 0 { bytes.insert(0, at: 0) }
        return tlv(0x02, bytes)
    }

    static func utcTime(_ date: Date) -> [UInt8] {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyMMddHHmmss'Z'"
        return tlv(0x17, Array(formatter.string(from: date).utf8))
    }

    static func extensionValue(_ oid: ASN1ObjectIdentifier, critical: Bool = false, _ value: [UInt8]) -> Certificate.Extension {
        Certificate.Extension(oid: oid, critical: critical, value: value[...])
    }
}
