import Crypto
import Foundation
import PasskeyCore
import Testing
import X509

/// An attestation certificate that is its own issuer (a "batch certificate", as Chromium's
/// WebDriver virtual authenticators and some security keys send) is basic attestation that is not trusted, not an
/// invalid chain. It is trusted only when the relying party's anchors hold that very certificate; it is refused with
/// `untrustedAttestation` when the policy requires trust or when FIDO metadata lists the model it claims to be.
@Suite("Self-signed attestation certificates")
struct SelfSignedAttestationTests {
    /// A packed attestation certificate meeting §8.2.1 (C, O, OU, CN; CA=false), signed by its own key.
    static func batchCertificate(_ key: P256.Signing.PrivateKey) throws -> Certificate {
        let name = try DistinguishedName {
            CountryName("US")
            OrganizationName("Chromium")
            OrganizationalUnitName("Authenticator Attestation")
            CommonName("Batch Certificate")
        }
        return try Certificate(
            version: .v3, serialNumber: .init(), publicKey: .init(key.publicKey), notValidBefore: TestCA.validFrom,
            notValidAfter: TestCA.validUntil, issuer: name, subject: name, signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions { Critical(BasicConstraints.notCertificateAuthority) },
            issuerPrivateKey: .init(key))
    }

    static func registration() throws -> (Fixtures.Registration, Certificate) {
        let key = P256.Signing.PrivateKey()
        let certificate = try batchCertificate(key)
        return (X5CChainTests.packed(key, [certificate]), certificate)
    }

    @Test("registers as basic attestation that is not trusted, with the reason named")
    func untrustedByDefault() async throws {
        let (r, _) = try Self.registration()
        let result = try await verifyAttestation(r)
        #expect(result.attestationType == .basic && !result.trusted)
        let other = try TestCA()
        #expect(try await verifyAttestation(r, anchors: [other.certificate]).trusted == false)
    }

    @Test("trusted when the relying party's anchors hold that exact certificate (its own trust anchor)")
    func itsOwnAnchor() async throws {
        let (r, certificate) = try Self.registration()
        #expect(try await verifyAttestation(r, anchors: [certificate]).trusted)
        #expect(try await verifyAttestation(r, anchors: [certificate], requireTrusted: true).trusted)
        // Another certificate with the same subject but another key is not that certificate.
        let impostor = try Self.batchCertificate(P256.Signing.PrivateKey())
        await expectFailure(.untrustedAttestation) { try await verifyAttestation(r, anchors: [impostor], requireTrusted: true) }
    }

    @Test("refused with untrustedAttestation when the policy requires trust")
    func requiredTrust() async throws {
        let (r, _) = try Self.registration()
        let error = await expectFailure(.untrustedAttestation) { try await verifyAttestation(r, requireTrusted: true) }
        #expect(error?.message.contains("self-signed") == true, "the message says why: \(String(describing: error))")
    }

    @Test("refused with untrustedAttestation when FIDO metadata lists the AAGUID it claims, with other roots")
    func metadataKnowsTheModel() async throws {
        let (r, _) = try Self.registration()
        let mdsRoot = try TestCA("Test MDS Root"), modelRoot = try TestCA("The Real Vendor Root")
        let (jwt, _) = try MetadataTests.blob(root: mdsRoot, attestationRoot: modelRoot.certificate)
        let index = try await MetadataBLOB.verify(jwt, roots: [mdsRoot.certificate], at: TestCA.now)
        #expect(index.entry(for: Fixtures.aaguid) != nil, "the BLOB lists the fixture's AAGUID")
        await expectFailure(.untrustedAttestation) { try await verifyAttestation(r, metadata: index) }
    }

    @Test("a chain trusted through another anchor does not pass as a model FIDO metadata lists with other roots")
    func metadataModelNeedsItsOwnRoots() async throws {
        let (r, pki) = try MetadataTests.packedRegistration()
        let mdsRoot = try TestCA("Test MDS Root"), modelRoot = try TestCA("The Real Vendor Root")
        let (jwt, _) = try MetadataTests.blob(root: mdsRoot, attestationRoot: modelRoot.certificate)
        let index = try await MetadataBLOB.verify(jwt, roots: [mdsRoot.certificate], at: TestCA.now)
        #expect(try await verifyAttestation(r, anchors: [pki.root]).trusted, "trusted by the relying party's own anchor")
        await expectFailure(.untrustedAttestation) { try await verifyAttestation(r, anchors: [pki.root], metadata: index) }
    }

    @Test("a self-signed certificate followed by another one is still refused, as is a root after the leaf (F-10)")
    func selfSignedThenMore() async throws {
        let key = P256.Signing.PrivateKey(), certificate = try Self.batchCertificate(key), root = try TestCA()
        await expectFailure(.certificateInvalid) { try await verifyAttestation(X5CChainTests.packed(key, [certificate, root.certificate])) }
        await expectFailure(.certificateInvalid) { try await verifyAttestation(X5CChainTests.packed(key, [certificate, certificate])) }
    }

    @Test("fido-u2f with a self-signed attestation certificate registers, untrusted")
    func u2fBatchCertificate() async throws {
        let (r, _) = try X5CChainTests.fidoU2F(selfSigned: true)
        let result = try await verifyAttestation(r)
        #expect(result.attestationType == .basic && !result.trusted && result.format == "fido-u2f")
        await expectFailure(.untrustedAttestation) { try await verifyAttestation(r, requireTrusted: true) }
    }

    @Test("an expired self-signed attestation certificate is refused as invalid")
    func expired() async throws {
        let (r, _) = try Self.registration()
        await expectFailure(.certificateInvalid) { try await verifyAttestation(r, at: TestCA.validUntil.addingTimeInterval(1)) }
    }
}
