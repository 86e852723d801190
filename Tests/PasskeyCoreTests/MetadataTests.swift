import Crypto
import Foundation
import PasskeyCore
import Testing
import X509

/// FIDO MDS3 BLOBs signed here by a test metadata root: verification of the BLOB, then its use at registration.
@Suite("FIDO metadata (MDS3)")
struct MetadataTests {
    struct Knobs {
        var status = "FIDO_CERTIFIED_L1"
        var corruptSignature = false
        var signerFromOtherRoot = false
    }

    /// A BLOB listing `Fixtures.aaguid` with `attestationRoot` as its root, signed by a signer under `root`.
    static func blob(_ k: Knobs = Knobs(), root: TestCA, attestationRoot: Certificate) throws -> (jwt: [UInt8], signer: Certificate) {
        let signerCA = try TestCA("Test MDS Signer")
        let issuer = k.signerFromOtherRoot ? try TestCA("Unrelated Root") : root
        let signer = try issuer.issue(.init(signerCA.key.publicKey), subject: signerCA.name)
        return (
            try signedBLOB(
                signerKey: signerCA.key, x5c: [signer], attestationRoot: attestationRoot, status: k.status, corruptSignature: k.corruptSignature),
            signer
        )
    }

    /// A BLOB listing `Fixtures.aaguid` (with `attestationRoot`, if any) signed by `signerKey`, with `x5c` as its header's chain.
    static func signedBLOB(
        signerKey: P256.Signing.PrivateKey, x5c: [Certificate], attestationRoot: Certificate? = nil, status: String = "FIDO_CERTIFIED_L1",
        corruptSignature: Bool = false, payload given: String? = nil
    ) throws -> [UInt8] {
        let chain = try x5c.map { "\"\(Data(try Fixtures.der($0)).base64EncodedString())\"" }.joined(separator: ",")
        let header = #"{"alg":"ES256","typ":"JWT","x5c":[\#(chain)]}"#
        let roots = try attestationRoot.map { "\"\(Data(try Fixtures.der($0)).base64EncodedString())\"" } ?? ""
        let payload = """
            {"legalHeader":"test","no":42,"nextUpdate":"2027-01-01","entries":[
              {"aaguid":"\(Fixtures.aaguid)","metadataStatement":{"description":"Test Key 5","icon":"data:image/png;base64,AA==",
               "attestationRootCertificates":[\(roots)]},
               "statusReports":[{"status":"\(status)","effectiveDate":"2024-01-01"}],"timeOfLastStatusChange":"2024-01-01"},
              {"attestationCertificateKeyIdentifiers":["0123456789abcdef0123456789abcdef01234567"],
               "statusReports":[{"status":"FIDO_CERTIFIED"}],"timeOfLastStatusChange":"2020-01-01"}]}
            """
        let input = Base64URL.encode(Array(header.utf8)) + "." + Base64URL.encode(Array((given ?? payload).utf8))
        var signature = Array(try signerKey.signature(for: Array(input.utf8)).rawRepresentation)
        if corruptSignature { signature[3] ^= 1 }
        return Array((input + "." + Base64URL.encode(signature) + "\n").utf8)
    }

    static func packedRegistration() throws -> (Fixtures.Registration, Fixtures.PKI) {
        let pki = try Fixtures.PKI()
        var r = Fixtures.Registration()
        r.packedX5c(attestationKey: pki.leafKey, chain: [pki.leaf])
        return (r, pki)
    }

    @Test("a BLOB signed under the configured root is indexed; its roots anchor registrations and name the model")
    func valid() async throws {
        let root = try TestCA("Test MDS Root")
        let (r, pki) = try Self.packedRegistration()
        let (jwt, _) = try Self.blob(root: root, attestationRoot: pki.root)
        let index = try await MetadataBLOB.verify(jwt, roots: [root.certificate], at: TestCA.now)
        #expect(index.serialNumber == 42 && index.nextUpdate == "2027-01-01" && index.entries.count == 2)
        #expect(index.entry(for: Fixtures.aaguid)?.description == "Test Key 5")

        let withoutMetadata = try await verifyAttestation(r)
        #expect(!withoutMetadata.trusted && withoutMetadata.authenticatorDescription == nil)
        let result = try await verifyAttestation(r, requireTrusted: true, metadata: index)
        #expect(result.trusted && result.authenticatorDescription == "Test Key 5")
    }

    @Test("a BLOB with a bad signature, or signed under another root, is refused")
    func refusedBLOBs() async throws {
        let root = try TestCA("Test MDS Root")
        let pki = try Fixtures.PKI()
        let (badSignature, _) = try Self.blob(Knobs(corruptSignature: true), root: root, attestationRoot: pki.root)
        await expectFailure(.metadataInvalid) { try await MetadataBLOB.verify(badSignature, roots: [root.certificate], at: TestCA.now) }
        let (otherRoot, _) = try Self.blob(Knobs(signerFromOtherRoot: true), root: root, attestationRoot: pki.root)
        await expectFailure(.metadataInvalid) { try await MetadataBLOB.verify(otherRoot, roots: [root.certificate], at: TestCA.now) }
        // The default root is FIDO's; a test BLOB does not chain to it.
        let (valid, _) = try Self.blob(root: root, attestationRoot: pki.root)
        await expectFailure(.metadataInvalid) { try await MetadataBLOB.verify(valid, at: TestCA.now) }
        await expectFailure(.metadataInvalid) { try await MetadataBLOB.verify(Array("not a jwt".utf8), roots: [root.certificate], at: TestCA.now) }
    }

    @Test("a CRL that revokes the signing certificate refuses the BLOB; a current clean CRL does not")
    func revocation() async throws {
        let root = try TestCA("Test MDS Root")
        let pki = try Fixtures.PKI()
        let (jwt, signer) = try Self.blob(root: root, attestationRoot: pki.root)
        let revoking = try CertificateRevocationList(bytes: root.crl(revoking: [signer.serialNumber]))
        await expectFailure(.metadataInvalid) { try await MetadataBLOB.verify(jwt, roots: [root.certificate], crls: [revoking], at: TestCA.now) }
        let clean = try CertificateRevocationList(bytes: root.crl(revoking: []))
        _ = try await MetadataBLOB.verify(jwt, roots: [root.certificate], crls: [clean], at: TestCA.now)
        let stale = try CertificateRevocationList(bytes: root.crl(revoking: [], nextUpdate: TestCA.now.addingTimeInterval(-1)))
        await expectFailure(.metadataInvalid) { try await MetadataBLOB.verify(jwt, roots: [root.certificate], crls: [stale], at: TestCA.now) }
        let forged = try CertificateRevocationList(bytes: try TestCA("Test MDS Root").crl(revoking: []))
        await expectFailure(.metadataInvalid) { try await MetadataBLOB.verify(jwt, roots: [root.certificate], crls: [forged], at: TestCA.now) }
    }

    @Test(
        "models reported compromised, revoked or bypassing UV are refused at registration",
        arguments: [
            "ATTESTATION_KEY_COMPROMISE", "USER_VERIFICATION_BYPASS", "USER_KEY_REMOTE_COMPROMISE", "USER_KEY_PHYSICAL_COMPROMISE", "REVOKED",
        ])
    func refusedStatus(_ status: String) async throws {
        let root = try TestCA("Test MDS Root")
        let (r, pki) = try Self.packedRegistration()
        let (jwt, _) = try Self.blob(Knobs(status: status), root: root, attestationRoot: pki.root)
        let index = try await MetadataBLOB.verify(jwt, roots: [root.certificate], at: TestCA.now)
        await expectFailure(.authenticatorCompromised) { try await verifyAttestation(r, metadata: index) }
    }

    @Test("U2F models are found by attestation certificate key identifier")
    func keyIdentifier() async throws {
        let pki = try Fixtures.PKI()
        let id = MetadataIndex.keyIdentifier(of: pki.leaf)
        #expect(id.count == 40 && id == id.lowercased())
    }
}
