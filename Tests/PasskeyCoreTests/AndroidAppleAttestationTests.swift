import Crypto
import Foundation
import PasskeyAuthenticator
import PasskeyCore
import SwiftASN1
import Testing
import X509

/// `android-key` (§8.4) and `apple` (§8.8): certificates for the credential key, built here.
@Suite("android-key (§8.4) and apple (§8.8) attestation")
struct AndroidAppleAttestationTests {
    // MARK: android-key

    struct KeyDescription {
        var challenge: [UInt8]? = nil // nil: the real clientDataHash
        var teeOrigin: Int? = 0
        var teePurposes: [Int] = [2]
        var softwareOrigin: Int? = nil
        var softwarePurposes: [Int] = []
        var allApplications = false

        func list(origin: Int?, purposes: [Int], allApplications: Bool) -> [UInt8] {
            var content: [UInt8] = []
            if !purposes.isEmpty { content += DERBytes.explicit(1, DERBytes.tlv(0x31, purposes.flatMap(DERBytes.integer))) }
            if allApplications { content += DERBytes.explicit(600, [0x05, 0x00]) }
            if let origin { content += DERBytes.explicit(702, DERBytes.integer(origin)) }
            return DERBytes.tlv(0x30, content)
        }

        func der(clientDataHash: [UInt8]) -> [UInt8] {
            DERBytes.tlv(
                0x30,
                DERBytes.integer(4) + DERBytes.tlv(0x0A, [1]) + DERBytes.integer(41) + DERBytes.tlv(0x0A, [1])
                    + DERBytes.tlv(0x04, challenge ?? clientDataHash) + DERBytes.tlv(0x04, [])
                    + list(origin: softwareOrigin, purposes: softwarePurposes, allApplications: false)
                    + list(origin: teeOrigin, purposes: teePurposes, allApplications: allApplications))
        }
    }

    static func androidKey(_ description: KeyDescription = KeyDescription(), certifyOtherKey: Bool = false) throws -> (Fixtures.Registration, TestCA)
    {
        let ca = try TestCA("Test Android Root")
        var r = Fixtures.Registration()
        let credentialKey = try r.certificatePublicKey
        let clientDataHash = Array(SHA256.hash(data: r.clientDataJSON))
        var extensions = Certificate.Extensions()
        try extensions.append(DERBytes.extensionValue(AndroidKeyDescription.oid, description.der(clientDataHash: clientDataHash)))
        let otherKey = P256.Signing.PrivateKey()
        let leaf = try ca.issue(
            certifyOtherKey ? .init(otherKey.publicKey) : credentialKey,
            subject: try DistinguishedName { CommonName("Android Keystore Key") }, extensions: extensions)
        // With another key certified, that key signs, so only the key binding (step 3) is wrong.
        let key = certifyOtherKey ? CredentialPrivateKey.p256(otherKey) : r.key
        r.format = "android-key"
        r.statement = { authData, hash in
            [
                CBORPair(.text("alg"), .int(-7)), CBORPair(.text("sig"), .bytes(try key.sign(authData + hash))),
                CBORPair(.text("x5c"), .array([.bytes(try Fixtures.der(leaf)), .bytes(try Fixtures.der(ca.certificate))])),
            ]
        }
        return (r, ca)
    }

    @Test("a valid android-key attestation is Basic and chains to its root; Google's roots are built in")
    func androidKeyValid() async throws {
        let (r, ca) = try Self.androidKey()
        let result = try await verifyAttestation(r, anchors: [ca.certificate], requireTrusted: true)
        #expect(result.format == "android-key" && result.attestationType == .basic && result.trusted)
        #expect(AndroidKeyAttestation().builtInRoots.count == 5)
    }

    @Test("android-key: challenge, key binding, allApplications, origin and purpose are each checked")
    func androidKeyNegatives() async throws {
        for (description, code) in [
            (KeyDescription(challenge: Array(repeating: 1, count: 32)), WebAuthnError.Code.invalidAttestationStatement),
            (KeyDescription(allApplications: true), .invalidAttestationStatement),
            (KeyDescription(teeOrigin: 2), .invalidAttestationStatement),
            (KeyDescription(teePurposes: [3]), .invalidAttestationStatement),
            (KeyDescription(teePurposes: [2, 3]), .invalidAttestationStatement),
        ] {
            await expectAttestationFailure(code, try Self.androidKey(description))
        }
        await expectAttestationFailure(.invalidAttestationStatement, try Self.androidKey(certifyOtherKey: true))
    }

    @Test("android-key: software-enforced origin and purpose count only when the policy allows")
    func androidKeySoftwareEnforced() async throws {
        let (r, ca) = try Self.androidKey(KeyDescription(teeOrigin: nil, teePurposes: [], softwareOrigin: 0, softwarePurposes: [2]))
        await expectAttestationFailure(.invalidAttestationStatement, (r, ca))
        let lenient = AttestationFormats.standard(androidKey: AndroidKeyAttestation(acceptSoftwareEnforced: true))
        let result = try await verifyAttestation(r, anchors: [ca.certificate], formats: lenient)
        #expect(result.format == "android-key")
    }

    // MARK: apple

    static func apple(nonce: [UInt8]? = nil, certifyOtherKey: Bool = false, withExtension: Bool = true) throws -> (Fixtures.Registration, TestCA) {
        let ca = try TestCA("Test Apple Root")
        var r = Fixtures.Registration()
        let credentialKey = try r.certificatePublicKey
        let clientDataJSON = r.clientDataJSON
        r.format = "apple"
        r.statement = { authData, hash in
            let expected = Array(SHA256.hash(data: authData + hash))
            var extensions = Certificate.Extensions()
            if withExtension {
                let value = DERBytes.tlv(0x30, DERBytes.explicit(1, DERBytes.tlv(0x04, nonce ?? expected)))
                try extensions.append(DERBytes.extensionValue([1, 2, 840, 113_635, 100, 8, 2], value))
            }
            _ = clientDataJSON
            let leaf = try ca.issue(
                certifyOtherKey ? .init(P256.Signing.PrivateKey().publicKey) : credentialKey,
                subject: try DistinguishedName { CommonName("credCert") }, extensions: extensions)
            return [CBORPair(.text("x5c"), .array([.bytes(try Fixtures.der(leaf))]))]
        }
        return (r, ca)
    }

    @Test("a valid apple attestation is AnonCA; the Apple WebAuthn Root CA is built in")
    func appleValid() async throws {
        let (r, ca) = try Self.apple()
        let result = try await verifyAttestation(r, anchors: [ca.certificate], requireTrusted: true)
        #expect(result.attestationType == .anonCA && result.trusted)
        #expect(AppleAttestation().builtInRoots.map(\.subject.description) == ["ST=California,O=Apple Inc.,CN=Apple WebAuthn Root CA"])
    }

    @Test("apple: the nonce extension and the key binding are each checked")
    func appleNegatives() async throws {
        await expectAttestationFailure(.invalidAttestationStatement, try Self.apple(nonce: Array(repeating: 9, count: 32)))
        await expectAttestationFailure(.invalidAttestationStatement, try Self.apple(certifyOtherKey: true))
        await expectAttestationFailure(.certificateInvalid, try Self.apple(withExtension: false))
    }
}
