import Crypto
import Foundation
import PasskeyAuthenticator
import PasskeyCore
import Testing
import X509

/// An x5c chain must be sound on its own, anchor or not (WebAuthn L3 §7.1 step 22 with the
/// formats' x5c; FIDO conformance Server-ServerAuthenticatorAttestationResponse-Resp-5 F-6, F-7, F-9, F-10, F-12).
/// Each broken chain is refused with `certificateInvalid` both with no anchor and with the anchor it would chain to.
@Suite("x5c chain soundness")
struct X5CChainTests {
    static let past = TestCA.now.addingTimeInterval(-86_400 * 400)
    static let beforeNow = TestCA.now.addingTimeInterval(-86_400)
    static let afterNow = TestCA.now.addingTimeInterval(86_400)

    /// A packed attestation leaf meeting §8.2.1, issued by `ca` for the given validity.
    static func packedLeaf(
        _ ca: TestCA, key: P256.Signing.PrivateKey, from: Date = TestCA.validFrom, until: Date = TestCA.validUntil
    ) throws -> Certificate {
        try ca.issue(
            .init(key.publicKey),
            subject: try DistinguishedName {
                CountryName("SE")
                OrganizationName("Test Vendor")
                OrganizationalUnitName("Authenticator Attestation")
                CommonName("Test Authenticator")
            },
            extensions: try Certificate.Extensions { Critical(BasicConstraints.notCertificateAuthority) },
            validFrom: from, validUntil: until)
    }

    /// A packed registration signed by `key` with `chain` as x5c.
    static func packed(_ key: P256.Signing.PrivateKey, _ chain: [Certificate]) -> Fixtures.Registration {
        var r = Fixtures.Registration()
        r.packedX5c(attestationKey: key, chain: chain)
        return r
    }

    /// Refused with `certificateInvalid` without anchors and with `anchor`, the root the chain was built under.
    static func expectRefused(_ r: Fixtures.Registration, anchor: Certificate, sourceLocation: SourceLocation = #_sourceLocation) async {
        await expectFailure(.certificateInvalid, sourceLocation: sourceLocation) { try await verifyAttestation(r) }
        await expectFailure(.certificateInvalid, sourceLocation: sourceLocation) { try await verifyAttestation(r, anchors: [anchor]) }
    }

    @Test("the sound chain these cases break verifies, trusted with its anchor and untrusted without")
    func soundChain() async throws {
        let root = try TestCA(), intermediate = try TestCA("Test Intermediate"), key = P256.Signing.PrivateKey()
        let r = Self.packed(key, [try Self.packedLeaf(intermediate, key: key), try root.issueCA(intermediate)])
        #expect(try await verifyAttestation(r).trusted == false)
        #expect(try await verifyAttestation(r, anchors: [root.certificate]).trusted)
    }

    @Test("F-6: an expired leaf")
    func expiredLeaf() async throws {
        let root = try TestCA(), key = P256.Signing.PrivateKey()
        await Self.expectRefused(
            Self.packed(key, [try Self.packedLeaf(root, key: key, from: Self.past, until: Self.beforeNow)]), anchor: root.certificate)
    }

    @Test("F-7: a leaf not yet valid")
    func leafNotYetValid() async throws {
        let root = try TestCA(), key = P256.Signing.PrivateKey()
        await Self.expectRefused(Self.packed(key, [try Self.packedLeaf(root, key: key, from: Self.afterNow)]), anchor: root.certificate)
    }

    @Test("F-9: x5c[1] did not issue x5c[0], though both chain to the anchor")
    func wrongIssuer() async throws {
        let root = try TestCA(), intermediate = try TestCA("Test Intermediate"), key = P256.Signing.PrivateKey()
        // The leaf comes straight from the root; x5c[1] is an intermediate that never signed it.
        await Self.expectRefused(Self.packed(key, [try Self.packedLeaf(root, key: key), try root.issueCA(intermediate)]), anchor: root.certificate)
        // Same issuer name, different key: the name matches but the signature does not verify.
        let impostor = try TestCA("Test Intermediate"), leaf = try Self.packedLeaf(impostor, key: key)
        await Self.expectRefused(Self.packed(key, [leaf, try root.issueCA(intermediate)]), anchor: root.certificate)
    }

    @Test("F-10: the root itself inside x5c")
    func rootIncluded() async throws {
        let root = try TestCA(), key = P256.Signing.PrivateKey()
        await Self.expectRefused(Self.packed(key, [try Self.packedLeaf(root, key: key), root.certificate]), anchor: root.certificate)
    }

    @Test("F-12: an expired intermediate")
    func expiredIntermediate() async throws {
        let root = try TestCA(), intermediate = try TestCA("Test Intermediate"), key = P256.Signing.PrivateKey()
        let expired = try root.issueCA(intermediate, validFrom: Self.past, validUntil: Self.beforeNow)
        await Self.expectRefused(Self.packed(key, [try Self.packedLeaf(intermediate, key: key), expired]), anchor: root.certificate)
    }

    @Test("the same check guards fido-u2f, tpm, android-key and apple: each refuses its chain once expired")
    func everyFormat() async throws {
        let later = TestCA.validUntil.addingTimeInterval(1)
        let made = [
            try TPMAttestationTests.registration(), try AndroidAppleAttestationTests.androidKey(), try AndroidAppleAttestationTests.apple(),
            try Self.fidoU2F(),
        ]
        for (registration, ca) in made {
            #expect(try await verifyAttestation(registration, anchors: [ca.certificate]).trusted, "\(registration.format) is sound at TestCA.now")
            await expectFailure(.certificateInvalid) { try await verifyAttestation(registration, at: later) }
            await expectFailure(.certificateInvalid) { try await verifyAttestation(registration, anchors: [ca.certificate], at: later) }
        }
    }

    @Test("android-key alone may end x5c in its root, as Android Keystore sends it")
    func androidKeyRoot() async throws {
        let (r, ca) = try AndroidAppleAttestationTests.androidKey()
        #expect(try await verifyAttestation(r).trusted == false)
        #expect(try await verifyAttestation(r, anchors: [ca.certificate]).trusted)
    }

    /// fido-u2f with a §8.6 registration over the fixture's credential, x5c = [leaf from a TestCA].
    /// With `selfSigned`, x5c[0] is signed by its own key instead (a batch certificate that is its own issuer).
    static func fidoU2F(aaguid: AAGUID = .zero, selfSigned: Bool = false) throws -> (Fixtures.Registration, TestCA) {
        let ca = try TestCA("Test U2F Root"), attestationKey = P256.Signing.PrivateKey()
        let subject = try DistinguishedName { CommonName("U2F Attestation") }
        let leaf =
            selfSigned
            ? try Certificate(
                version: .v3, serialNumber: .init(), publicKey: .init(attestationKey.publicKey), notValidBefore: TestCA.validFrom,
                notValidAfter: TestCA.validUntil, issuer: subject, subject: subject, signatureAlgorithm: .ecdsaWithSHA256,
                extensions: Certificate.Extensions(), issuerPrivateKey: .init(attestationKey))
            : try ca.issue(.init(attestationKey.publicKey), subject: subject)
        var r = Fixtures.Registration()
        r.aaguid = aaguid
        r.format = "fido-u2f"
        let id = r.credentialID, key = r.key
        r.statement = { authData, hash in
            guard case .p256(let credentialKey) = key else { throw TestSetupError("fixture key is not P-256") }
            let signed: [UInt8] = [0] + Array(authData[0..<32]) + hash + id + Array(credentialKey.publicKey.x963Representation)
            return [
                CBORPair(.text("sig"), .bytes(try CredentialPrivateKey.p256(attestationKey).sign(signed))),
                CBORPair(.text("x5c"), .array([.bytes(try Fixtures.der(leaf))])),
            ]
        }
        return (r, ca)
    }

    @Test("fido-u2f: the AAGUID must be all zeroes (U2F devices have none; FIDO Resp-8 F-1)")
    func u2fAAGUID() async throws {
        let (zero, ca) = try Self.fidoU2F()
        #expect(try await verifyAttestation(zero, anchors: [ca.certificate]).aaguid == .zero)
        let (nonZero, otherCA) = try Self.fidoU2F(aaguid: Fixtures.aaguid)
        await expectFailure(.aaguidMismatch) { try await verifyAttestation(nonZero) }
        await expectFailure(.aaguidMismatch) { try await verifyAttestation(nonZero, anchors: [otherCA.certificate]) }
    }
}
