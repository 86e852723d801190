import Foundation
import PasskeyCore
import Testing
import X509

/// Allow and deny lists by AAGUID, judged on an AAGUID a trusted attestation proves where the
/// policy requires proof (the default for allow lists).
@Suite("Authenticator policy by AAGUID")
struct AuthenticatorPolicyTests {
    static func verify(
        _ registration: Fixtures.Registration, _ authenticators: AuthenticatorPolicy, anchors: [Certificate] = []
    ) async throws -> VerifiedRegistration {
        let policy = Fixtures.policy {
            $0.clock = { TestCA.now }
            $0.attestation = AttestationPolicy(trustAnchors: anchors, authenticators: authenticators)
        }
        return try await RegistrationVerifier(policy: policy).verify(registration.response(), challenge: Fixtures.challenge)
    }

    static let other = AAGUID(string: "11111111-2222-3333-4444-555555555555")!

    @Test("a denied model is refused whatever it attests with; other models pass")
    func denied() async throws {
        let none = Fixtures.Registration()
        await expectFailure(.authenticatorNotAllowed) { try await Self.verify(none, AuthenticatorPolicy(denied: [Fixtures.aaguid])) }
        let (trusted, pki) = try MetadataTests.packedRegistration()
        await expectFailure(.authenticatorNotAllowed) {
            try await Self.verify(trusted, AuthenticatorPolicy(denied: [Fixtures.aaguid]), anchors: [pki.root])
        }
        #expect(try await Self.verify(none, AuthenticatorPolicy(denied: [Self.other])).aaguid == Fixtures.aaguid)
    }

    @Test("an allowed model must prove its AAGUID with an attestation bound to it; none and untrusted chains prove nothing")
    func allowedNeedsProof() async throws {
        let allow = AuthenticatorPolicy(allowed: [Fixtures.aaguid])
        let none = Fixtures.Registration()
        let error = await expectFailure(.authenticatorNotAllowed) { try await Self.verify(none, allow) }
        #expect(error?.message.contains("proves no model") == true)
        let (packed, pki) = try MetadataTests.packedRegistration()
        await expectFailure(.authenticatorNotAllowed) { try await Self.verify(packed, allow) }
        // Bound by the certificate's own AAGUID extension, under an anchor the relying party trusts.
        let named = try Fixtures.PKI(aaguidExtension: Fixtures.aaguid.bytes)
        var certified = Fixtures.Registration()
        certified.packedX5c(attestationKey: named.leafKey, chain: [named.leaf])
        let result = try await Self.verify(certified, allow, anchors: [named.root])
        #expect(result.trusted && result.aaguid == Fixtures.aaguid)
        // Bound by FIDO metadata, which lists the AAGUID with this root.
        let mdsRoot = try TestCA("Test MDS Root")
        let (jwt, _) = try MetadataTests.blob(root: mdsRoot, attestationRoot: pki.root)
        let metadata = try await MetadataBLOB.verify(jwt, roots: [mdsRoot.certificate], at: TestCA.now)
        let policy = Fixtures.policy {
            $0.clock = { TestCA.now }
            $0.attestation = AttestationPolicy(metadata: metadata, authenticators: allow)
        }
        #expect(try await RegistrationVerifier(policy: policy).verify(packed.response(), challenge: Fixtures.challenge).trusted)
    }

    @Test(
        "a chain trusted for another reason proves no model: the relying party's own root without the AAGUID extension, or android-key's Google root")
    func trustedButUnbound() async throws {
        let allow = AuthenticatorPolicy(allowed: [Fixtures.aaguid])
        let (packed, pki) = try MetadataTests.packedRegistration()
        #expect(try await Self.verify(packed, .any, anchors: [pki.root]).trusted, "the chain is trusted")
        let error = await expectFailure(.authenticatorNotAllowed) { try await Self.verify(packed, allow, anchors: [pki.root]) }
        #expect(error?.message.contains("not bound to the AAGUID") == true)
        // Any Android app can attest a Keystore key under Google's root with whatever AAGUID it writes.
        let (android, ca) = try AndroidAppleAttestationTests.androidKey()
        #expect(try await Self.verify(android, .any, anchors: [ca.certificate]).trusted)
        await expectFailure(.authenticatorNotAllowed) { try await Self.verify(android, allow, anchors: [ca.certificate]) }
    }

    @Test("without proof required, the claim alone admits; a model not on the list is refused either way")
    func allowedOnClaim() async throws {
        let none = Fixtures.Registration()
        #expect(try await Self.verify(none, AuthenticatorPolicy(allowed: [Fixtures.aaguid], requireProof: false)).attestationType == .none)
        await expectFailure(.authenticatorNotAllowed) { try await Self.verify(none, AuthenticatorPolicy(allowed: [Self.other], requireProof: false)) }
        let (packed, pki) = try MetadataTests.packedRegistration()
        await expectFailure(.authenticatorNotAllowed) {
            try await Self.verify(packed, AuthenticatorPolicy(allowed: [Self.other]), anchors: [pki.root])
        }
    }
}
