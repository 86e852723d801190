import Crypto
import Foundation
import PasskeyCore
import SwiftASN1
import Testing
import X509

/// `tpm` (WebAuthn L3 §8.3) with an AIK chain generated here, one negative per verification step and requirement.
@Suite("tpm attestation (§8.3)")
struct TPMAttestationTests {
    static let aikUsage: ASN1ObjectIdentifier = [2, 23, 133, 8, 3]

    /// Knobs for one TPM statement; defaults give a valid one.
    struct Knobs {
        var magic: UInt32 = 0xFF54_4347
        var type: UInt16 = 0x8017
        var corruptExtraData = false
        var corruptName = false
        var otherPubAreaKey = false
        var corruptSignature = false
        var subject: DistinguishedName = DistinguishedName()
        var includeSAN = true
        var includeEKU = true
        var isCA = false
        var aaguidExtension: AAGUID? = nil
        var version = "2.0"
    }

    static func be16(_ v: UInt16) -> [UInt8] { [UInt8(v >> 8), UInt8(v & 0xFF)] }
    static func be32(_ v: UInt32) -> [UInt8] { (0..<4).reversed().map { UInt8((v >> (8 * UInt32($0))) & 0xFF) } }
    static func sized(_ b: [UInt8]) -> [UInt8] { be16(UInt16(b.count)) + b }

    /// TPMT_PUBLIC for an ECC P-256 key, nameAlg SHA-256.
    static func pubArea(_ key: P256.Signing.PublicKey) -> [UInt8] {
        let point = Array(key.x963Representation)
        return be16(0x0023) + be16(0x000B) + be32(0x0006_0472) + sized([]) + be16(0x0010) + be16(0x0010)
            + be16(0x0003) + be16(0x0010) + sized(Array(point[1...32])) + sized(Array(point[33...64]))
    }

    static func registration(_ k: Knobs = Knobs()) throws -> (Fixtures.Registration, TestCA) {
        let ca = try TestCA("Test TPM Root")
        let aikKey = P256.Signing.PrivateKey()
        var extensions = Certificate.Extensions()
        try extensions.append(
            Certificate.Extension(k.isCA ? BasicConstraints.isCertificateAuthority(maxPathLength: nil) : .notCertificateAuthority, critical: true))
        if k.includeSAN {
            let tpm = DistinguishedName([
                RelativeDistinguishedName([RelativeDistinguishedName.Attribute(type: [2, 23, 133, 2, 1], utf8String: "id:FFFFF1D0")]),
                RelativeDistinguishedName([RelativeDistinguishedName.Attribute(type: [2, 23, 133, 2, 2], utf8String: "Test TPM")]),
                RelativeDistinguishedName([RelativeDistinguishedName.Attribute(type: [2, 23, 133, 2, 3], utf8String: "id:00020000")]),
            ])
            try extensions.append(Certificate.Extension(SubjectAlternativeNames([.directoryName(tpm)]), critical: true))
        }
        if k.includeEKU { try extensions.append(Certificate.Extension(try ExtendedKeyUsage([.init(oid: aikUsage)]), critical: false)) }
        if let aaguid = k.aaguidExtension {
            try extensions.append(DERBytes.extensionValue([1, 3, 6, 1, 4, 1, 45724, 1, 1, 4], DERBytes.tlv(0x04, aaguid.bytes)))
        }
        let aik = try ca.issue(.init(aikKey.publicKey), subject: k.subject, extensions: extensions)

        var r = Fixtures.Registration()
        guard case .p256(let credentialKey) = r.key else { throw TestSetupError("fixture key is not P-256") }
        r.format = "tpm"
        r.statement = { authData, hash in
            let pub = pubArea(k.otherPubAreaKey ? P256.Signing.PrivateKey().publicKey : credentialKey.publicKey)
            var extraData = Array(SHA256.hash(data: authData + hash))
            if k.corruptExtraData { extraData[0] ^= 1 }
            var name = be16(0x000B) + Array(SHA256.hash(data: pub))
            if k.corruptName { name[5] ^= 1 }
            let certInfo =
                be32(k.magic) + be16(k.type) + sized([0x00, 0x0B] + Array(repeating: 7, count: 32)) + sized(extraData)
                + Array(repeating: 0, count: 17) + Array(repeating: 0, count: 8) + sized(name) + sized([])
            var sig = Array(try aikKey.signature(for: certInfo).derRepresentation)
            if k.corruptSignature { sig[sig.count - 1] ^= 1 }
            return [
                CBORPair(.text("ver"), .text(k.version)), CBORPair(.text("alg"), .int(-7)),
                CBORPair(.text("x5c"), .array([.bytes(try Fixtures.der(aik))])), CBORPair(.text("sig"), .bytes(sig)),
                CBORPair(.text("certInfo"), .bytes(certInfo)), CBORPair(.text("pubArea"), .bytes(pub)),
            ]
        }
        return (r, ca)
    }

    @Test("a valid TPM attestation is AttCA and chains to its root")
    func valid() async throws {
        let (r, ca) = try Self.registration()
        let result = try await verifyAttestation(r, anchors: [ca.certificate], requireTrusted: true)
        #expect(result.format == "tpm" && result.attestationType == .attCA && result.trusted)
        let untrusted = try await verifyAttestation(r)
        #expect(!untrusted.trusted)
    }

    @Test("certInfo: magic, type, extraData and attested name are each checked (§8.3 step 5)")
    func certInfo() async throws {
        await expectAttestationFailure(.invalidAttestationStatement, try Self.registration(Knobs(magic: 0x1234_5678)))
        await expectAttestationFailure(.invalidAttestationStatement, try Self.registration(Knobs(type: 0x8018)))
        await expectAttestationFailure(.invalidAttestationStatement, try Self.registration(Knobs(corruptExtraData: true)))
        await expectAttestationFailure(.invalidAttestationStatement, try Self.registration(Knobs(corruptName: true)))
    }

    @Test("pubArea must describe the credential key (§8.3 step 2)")
    func pubAreaKey() async throws {
        await expectAttestationFailure(.invalidAttestationStatement, try Self.registration(Knobs(otherPubAreaKey: true)))
    }

    @Test("sig must verify over certInfo with the AIK (§8.3 step 4)")
    func signature() async throws { await expectAttestationFailure(.invalidSignature, try Self.registration(Knobs(corruptSignature: true))) }

    @Test("ver must be 2.0")
    func version() async throws { await expectAttestationFailure(.invalidAttestationStatement, try Self.registration(Knobs(version: "1.2"))) }

    @Test("AIK certificate requirements (§8.3.1): empty subject, TPM SAN, AIK EKU, CA false, AAGUID")
    func certificateRequirements() async throws {
        await expectAttestationFailure(.certificateInvalid, try Self.registration(Knobs(subject: try DistinguishedName { CommonName("not empty") })))
        await expectAttestationFailure(.certificateInvalid, try Self.registration(Knobs(includeSAN: false)))
        await expectAttestationFailure(.certificateInvalid, try Self.registration(Knobs(includeEKU: false)))
        await expectAttestationFailure(.certificateInvalid, try Self.registration(Knobs(isCA: true)))
        await expectAttestationFailure(
            .aaguidMismatch, try Self.registration(Knobs(aaguidExtension: AAGUID(string: "00000000-0000-0000-0000-000000000001"))))
        let (r, ca) = try Self.registration(Knobs(aaguidExtension: Fixtures.aaguid))
        _ = try await verifyAttestation(r, anchors: [ca.certificate], requireTrusted: true)
    }

    @Test("TPM structures refuse truncation and trailing bytes")
    func strictStructures() throws {
        let pub = Self.pubArea(P256.Signing.PrivateKey().publicKey)
        _ = try TPMTPublic(bytes: pub)
        #expect(throws: WebAuthnError.self) { try TPMTPublic(bytes: pub + [0]) }
        #expect(throws: WebAuthnError.self) { try TPMTPublic(bytes: Array(pub.dropLast())) }
        for cut in stride(from: 0, to: pub.count, by: 7) {
            #expect(throws: WebAuthnError.self) { try TPMTPublic(bytes: Array(pub.prefix(cut))) }
        }
    }
}
