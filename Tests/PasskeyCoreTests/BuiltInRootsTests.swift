import Crypto
import Foundation
import PasskeyCore
import SwiftASN1
import Testing
import X509

/// Every compiled-in root is the certificate its publisher publishes (the SHA-256 fingerprint
/// written here from the publisher's page, and next to the constant), is self-signed, and anchors the chains the
/// world sends today: Android RKP chains that end below Key Attestation CA1, and the FIDO MDS3 BLOB's chain through
/// GlobalSign Root R46.
@Suite("Built-in roots as published")
struct BuiltInRootsTests {
    static func sha256(_ certificate: Certificate) throws -> String {
        var serializer = DER.Serializer()
        try serializer.serialize(certificate)
        return SHA256.hash(data: serializer.serializedBytes).map { String(format: "%02X", $0) }.joined()
    }

    /// Each root with the fingerprint its publisher states.
    static let published: [(name: String, certificate: Certificate, sha256: String)] = [
        ("GlobalSign Root R46", BuiltInRoots.globalSignRootR46, "4FA3126D8D3A11D1C4855A4F807CBAD6CF919D3A5A88B03BEA2C6372D93C40C9"),
        ("GlobalSign Root CA - R3", BuiltInRoots.globalSignRootCAR3, "CBB522D7B7F127AD6A0113865BDF1CD4102E7D0759AF635A7CF4720DC963C53B"),
        ("Key Attestation CA1", BuiltInRoots.googleKeyAttestationCA1, "6D9DB4CE6C5C0B293166D08986E05774A8776CEB525D9E4329520DE12BA4BCC0"),
        (
            "Google Hardware Attestation Root 1", BuiltInRoots.googleHardwareAttestationRoots[0],
            "C1984A3EF45C1E2A918551DE10603C86F7051B2249C4891CAE3230EABD0C97D5"
        ),
        (
            "Google Hardware Attestation Root 2", BuiltInRoots.googleHardwareAttestationRoots[1],
            "1EF1A04B8BA58AB94589AC498C8982A783F24EA7307E0159A0C3A73B377D87CC"
        ),
        (
            "Google Hardware Attestation Root 3", BuiltInRoots.googleHardwareAttestationRoots[2],
            "AB6641178A36E179AA0C1CDDDF9A16EB45FA20943E2B8CD7C7C05C26CF8B487A"
        ),
        (
            "Google Hardware Attestation Root 4", BuiltInRoots.googleHardwareAttestationRoots[3],
            "CEDB1CB6DC896AE5EC797348BCE9286753C2B38EE71CE0FBE34A9A1248800DFC"
        ),
        ("GlobalSign Root CA", BuiltInRoots.globalSignSafetyNetRoots[0], "EBD41040E4BB3EC742C9E381D31EF2A41A48B6685C96E7CEF3C1DF6CD4331C99"),
        ("GlobalSign Root CA - R2", BuiltInRoots.globalSignSafetyNetRoots[1], "CA42DD41745FD0B81EB902362CF9D8BF719DA1BD1B1EFC946F5B4C99F42C1B9E"),
        ("Apple WebAuthn Root CA", BuiltInRoots.appleWebAuthnRootCA, "0915DD5C07A28DB549D1F677BB5A75D4BFBE9561A773424327762E9E02F9BB29"),
    ]

    @Test("every built-in root has its published fingerprint and is self-signed")
    func fingerprints() throws {
        #expect(Self.published.count == 10, "a root added to BuiltInRoots gets a line here")
        for root in Self.published {
            #expect(try Self.sha256(root.certificate) == root.sha256, "\(root.name)")
            #expect(root.certificate.issuer == root.certificate.subject, "\(root.name) is self-issued")
            #expect(
                root.certificate.publicKey.isValidSignature(root.certificate.signature, for: root.certificate),
                "\(root.name) verifies with its own key")
        }
        #expect(
            BuiltInRoots.fidoMetadataServiceRoots.map(\.subject) == [BuiltInRoots.globalSignRootR46.subject, BuiltInRoots.globalSignRootCAR3.subject])
        #expect(AndroidKeyAttestation().builtInRoots.contains(BuiltInRoots.googleKeyAttestationCA1))
    }

    /// An instant inside both Pixel 9a chains' validity (their device intermediates live two weeks).
    static let pixelTime = Date(timeIntervalSince1970: 1_772_323_200) // 2026-03-01T00:00:00Z

    static func pixelChains() throws -> [(name: String, chain: [Certificate])] {
        let ca3 = try PublishedCertificates.certificate(PublishedCertificates.droidCA3)
        let ca2 = try PublishedCertificates.certificate(PublishedCertificates.droidCA2)
        return [
            (
                "TEE",
                [
                    try PublishedCertificates.certificate(PublishedCertificates.teeLeaf),
                    try PublishedCertificates.certificate(PublishedCertificates.teeIntermediate), ca3, ca2,
                ]
            ),
            (
                "StrongBox",
                [
                    try PublishedCertificates.certificate(PublishedCertificates.strongBoxLeaf),
                    try PublishedCertificates.certificate(PublishedCertificates.strongBoxIntermediate), ca3, ca2,
                ]
            ),
        ]
    }

    @Test("a Pixel 9a's RKP chains, which end below Key Attestation CA1, are trusted by android-key's built-in roots")
    func rkpChains() async throws {
        for (name, chain) in try Self.pixelChains() {
            #expect(chain.last?.issuer == BuiltInRoots.googleKeyAttestationCA1.subject, "\(name) ends below CA1")
            let verdict = await AttestationTrust.evaluate(trustPath: chain, anchors: AndroidKeyAttestation().builtInRoots, at: Self.pixelTime)
            #expect(verdict.trusted, "\(name): \(verdict.reason ?? "")")
            // Without CA1 (the RSA roots alone, as before) the same chain leads nowhere.
            let rsaOnly = await AttestationTrust.evaluate(trustPath: chain, anchors: BuiltInRoots.googleHardwareAttestationRoots, at: Self.pixelTime)
            #expect(!rsaOnly.trusted, "\(name)")
            // Validity is checked: today these short-lived intermediates have expired.
            let later = await AttestationTrust.evaluate(
                trustPath: chain, anchors: AndroidKeyAttestation().builtInRoots, at: Date(timeIntervalSince1970: 1_795_000_000))
            #expect(!later.trusted, "\(name) after its intermediates expired")
        }
    }

    @Test("the FIDO MDS3 signing intermediate since 2026-08-21 chains to the built-in GlobalSign Root R46, not to R3")
    func mdsIntermediate() async throws {
        let intermediate = try PublishedCertificates.certificate(PublishedCertificates.globalSignGCCR46EVTLSCA2025)
        #expect(intermediate.issuer == BuiltInRoots.globalSignRootR46.subject)
        #expect(BuiltInRoots.globalSignRootR46.publicKey.isValidSignature(intermediate.signature, for: intermediate))
        let now = Date(timeIntervalSince1970: 1_795_000_000) // 2026-11-18
        // The intermediate is a CA certificate: judge it as the last link of a chain under each set of roots.
        let withR46 = await AttestationTrust.evaluate(trustPath: [intermediate], anchors: BuiltInRoots.fidoMetadataServiceRoots, at: now)
        #expect(withR46.trusted, "\(withR46.reason ?? "")")
        let r3Only = await AttestationTrust.evaluate(trustPath: [intermediate], anchors: [BuiltInRoots.globalSignRootCAR3], at: now)
        #expect(!r3Only.trusted, "the old default, R3 alone, does not anchor today's BLOB")
    }

    @Test("a BLOB signed under a root that an older root cross-signs verifies with either root configured")
    func crossSignedRoot() async throws {
        // Generated stand-ins for R3 (old), R46 (new) and R46 cross-signed by R3, since the real cross certificate is
        // not published as a file: the path must be built through the cross certificate when only the old root is
        // trusted, and end at the new root when it is.
        let old = try TestCA("Old Root"), new = try TestCA("New Root"), intermediateCA = try TestCA("EV Intermediate"),
            signerCA = try TestCA("MDS Signer")
        let cross = try old.issueCA(new)
        let intermediate = try new.issueCA(intermediateCA)
        let signer = try intermediateCA.issue(.init(signerCA.key.publicKey), subject: signerCA.name)
        let jwt = try MetadataTests.signedBLOB(signerKey: signerCA.key, x5c: [signer, intermediate, cross])
        #expect(try await MetadataBLOB.verify(jwt, roots: [old.certificate], at: TestCA.now).serialNumber == 42)
        #expect(try await MetadataBLOB.verify(jwt, roots: [new.certificate], at: TestCA.now).serialNumber == 42)
        #expect(try await MetadataBLOB.verify(jwt, roots: [new.certificate, old.certificate], at: TestCA.now).serialNumber == 42)
        await expectFailure(.metadataInvalid) { try await MetadataBLOB.verify(jwt, roots: [try TestCA("Unrelated").certificate], at: TestCA.now) }
    }

    @Test("under the built-in metadata roots, only a certificate for mds.fidoalliance.org may sign a BLOB")
    func signerPinnedUnderPublicRoots() async throws {
        // A generated root stands in for a public one: configured beside the built-in roots, as a relying party that
        // adds its own root to FIDO's would, it must meet the same rule (a chain under GlobalSign's real roots cannot
        // be made here).
        let root = try TestCA("Public TLS Root")
        func blob(signedFor name: String) throws -> [UInt8] {
            let signerCA = try TestCA(name)
            let signer = try root.issue(.init(signerCA.key.publicKey), subject: signerCA.name)
            return try MetadataTests.signedBLOB(signerKey: signerCA.key, x5c: [signer])
        }
        let roots = [root.certificate] + BuiltInRoots.fidoMetadataServiceRoots
        await expectFailure(.metadataInvalid) { try await MetadataBLOB.verify(try blob(signedFor: "shop.example.com"), roots: roots, at: TestCA.now) }
        #expect(try await MetadataBLOB.verify(try blob(signedFor: "mds.fidoalliance.org"), roots: roots, at: TestCA.now).serialNumber == 42)
        // A private root alone (the FIDO conformance tool's, a test's) names its own signer.
        #expect(try await MetadataBLOB.verify(try blob(signedFor: "shop.example.com"), roots: [root.certificate], at: TestCA.now).serialNumber == 42)
    }
}
