import Crypto
import Foundation
import PasskeyAuthenticator
import PasskeyCore
import Testing
import X509

@Suite("Registration (WebAuthn L3 §7.1)")
struct RegistrationVerificationTests {
    func verify(_ registration: Fixtures.Registration, policy: VerificationPolicy = Fixtures.policy()) async throws -> VerifiedRegistration {
        try await RegistrationVerifier(policy: policy).verify(try registration.response(), challenge: Fixtures.challenge)
    }

    @Test("a valid none registration yields the credential record")
    func validNone() async throws {
        let r = Fixtures.Registration()
        let result = try await verify(r)
        #expect(result.credentialID == r.credentialID)
        #expect(result.format == "none")
        #expect(result.attestationType == .none)
        #expect(result.trusted == false)
        #expect(result.userVerified)
        #expect(result.aaguid == Fixtures.aaguid)
        #expect(result.publicKey.coseBytes == (try r.key.coseKey()))
        #expect(result.transports == ["internal"])
    }

    @Test("every credential algorithm the authenticator makes verifies", arguments: SoftwareAuthenticator.supportedAlgorithms)
    func algorithms(_ alg: COSEAlgorithm) async throws {
        var r = Fixtures.Registration()
        r.key = try CredentialPrivateKey.generate(alg)
        r.packedSelf()
        let result = try await verify(r)
        #expect(result.publicKey.algorithm == alg)
        #expect(result.attestationType == .self)
    }

    // §7.1 step 7
    @Test func wrongType() async throws {
        var r = Fixtures.Registration()
        r.clientDataJSON = Fixtures.clientData(type: "webauthn.get")
        await expectFailure(.typeMismatch) { try await verify(r) }
    }

    // §7.1 step 8
    @Test func wrongChallenge() async throws {
        var r = Fixtures.Registration()
        r.clientDataJSON = Fixtures.clientData(challenge: Challenge(bytes: [1, 2, 3]).base64URL)
        await expectFailure(.challengeMismatch) { try await verify(r) }
    }

    // §7.1 step 9
    @Test func wrongOrigin() async throws {
        var r = Fixtures.Registration()
        r.clientDataJSON = Fixtures.clientData(origin: "https://evil.example")
        await expectFailure(.originMismatch) { try await verify(r) }
    }

    @Test("an Android app origin is accepted when listed")
    func androidOrigin() async throws {
        let apk = "android:apk-key-hash:gx7sq_pxhxhrIQdLyfG0pxKwiJ7hOk2DJQ4xvKd438Q"
        var r = Fixtures.Registration()
        r.clientDataJSON = Fixtures.clientData(origin: apk)
        _ = try await verify(r, policy: Fixtures.policy { $0.origins.append(apk) })
        await expectFailure(.originMismatch) { try await verify(r) }
    }

    // §7.1 step 10
    @Test func crossOrigin() async throws {
        var r = Fixtures.Registration()
        r.clientDataJSON = Fixtures.clientData(crossOrigin: true)
        await expectFailure(.crossOriginNotAllowed) { try await verify(r) }
        _ = try await verify(r, policy: Fixtures.policy { $0.allowCrossOrigin = true })
    }

    // §7.1 step 11
    @Test func topOrigin() async throws {
        var r = Fixtures.Registration()
        r.clientDataJSON = Fixtures.clientData(crossOrigin: true, topOrigin: "https://shop.example")
        await expectFailure(.topOriginMismatch) { try await verify(r, policy: Fixtures.policy { $0.allowCrossOrigin = true }) }
        _ = try await verify(
            r,
            policy: Fixtures.policy {
                $0.allowCrossOrigin = true
                $0.topOrigins = ["https://shop.example"]
            })
    }

    // §7.1 step 14
    @Test func wrongRPIDHash() async throws {
        var r = Fixtures.Registration()
        r.rpID = "evil.example"
        await expectFailure(.rpIdHashMismatch) { try await verify(r) }
    }

    // §7.1 step 15
    @Test func userNotPresent() async throws {
        var r = Fixtures.Registration()
        r.flags = [.userVerified]
        await expectFailure(.userNotPresent) { try await verify(r) }
        _ = try await verify(r, policy: Fixtures.policy { $0.requireUserPresence = false })
    }

    // §7.1 step 16
    @Test func userNotVerified() async throws {
        var r = Fixtures.Registration()
        r.flags = [.userPresent]
        await expectFailure(.userNotVerified) { try await verify(r, policy: Fixtures.policy { $0.requireUserVerification = true }) }
        _ = try await verify(r)
    }

    // §7.1 step 17
    @Test func backupStateWithoutEligibility() async throws {
        var r = Fixtures.Registration()
        r.flags = [.userPresent, .backupState]
        await expectFailure(.invalidBackupFlags) { try await verify(r) }
        r.flags = [.userPresent, .backupState, .backupEligible]
        let result = try await verify(r)
        #expect(result.backupEligible && result.backupState)
    }

    @Test("authenticator data without attested credential data is refused")
    func missingAttestedCredential() async throws {
        var r = Fixtures.Registration()
        let authData = AuthenticatorDataBuilder.build(rpID: Fixtures.rpID, flags: [.userPresent], signCount: 0)
        let object = CBOREncoder.encode(
            .map([CBORPair(.text("fmt"), .text("none")), CBORPair(.text("attStmt"), .map([])), CBORPair(.text("authData"), .bytes(authData))]))
        r.format = "none"
        let response = RegistrationResponse(rawID: r.credentialID, clientDataJSON: r.clientDataJSON, attestationObject: object)
        await expectFailure(.missingAttestedCredentialData) {
            try await RegistrationVerifier(policy: Fixtures.policy()).verify(response, challenge: Fixtures.challenge)
        }
    }

    @Test("rawId must be the credential ID the authenticator created")
    func credentialIDMismatch() async throws {
        var r = Fixtures.Registration()
        r.rawIDOverride = [9, 9, 9]
        await expectFailure(.credentialIdMismatch) { try await verify(r) }
    }

    // §7.1 step 20
    @Test func algorithmNotOffered() async throws {
        var r = Fixtures.Registration()
        r.key = try CredentialPrivateKey.generate(.edDSA)
        await expectFailure(.unsupportedAlgorithm) { try await verify(r, policy: Fixtures.policy { $0.algorithms = [.es256] }) }
    }

    @Test("a COSE key whose point is not on the curve is refused")
    func offCurveKey() async throws {
        var r = Fixtures.Registration()
        r.coseKeyOverride = CBOREncoder.encode(
            .map([
                CBORPair(.int(1), .int(2)), CBORPair(.int(3), .int(-7)), CBORPair(.int(-1), .int(1)),
                CBORPair(.int(-2), .bytes(Array(repeating: 1, count: 32))), CBORPair(.int(-3), .bytes(Array(repeating: 2, count: 32))),
            ]))
        await expectFailure(.invalidPublicKey) { try await verify(r) }
    }

    // §7.1 step 21
    @Test func unsupportedFormat() async throws {
        var r = Fixtures.Registration()
        r.format = "android-tpm"
        await expectFailure(.unsupportedFormat) { try await verify(r) }
        r.format = "Packed" // case-sensitive match
        await expectFailure(.unsupportedFormat) { try await verify(r) }
    }

    // §8.7
    @Test func noneWithStatement() async throws {
        var r = Fixtures.Registration()
        r.statement = { _, _ in [CBORPair(.text("sig"), .bytes([1]))] }
        await expectFailure(.invalidAttestationStatement) { try await verify(r) }
    }

    @Test("none attestation can be refused by policy")
    func noneNotAllowed() async throws {
        await expectFailure(.attestationTypeNotAllowed) {
            try await verify(Fixtures.Registration(), policy: Fixtures.policy { $0.attestation.allowNone = false })
        }
    }

    // §8.2, self attestation
    @Test func packedSelfWrongAlgorithm() async throws {
        var r = Fixtures.Registration()
        r.packedSelf(alg: .es384)
        await expectFailure(.invalidAttestationStatement) { try await verify(r) }
    }

    @Test func packedSelfBadSignature() async throws {
        var r = Fixtures.Registration()
        r.format = "packed"
        let other = CredentialPrivateKey.p256(P256.Signing.PrivateKey())
        r.statement = { authData, hash in [CBORPair(.text("alg"), .int(-7)), CBORPair(.text("sig"), .bytes(try other.sign(authData + hash)))] }
        await expectFailure(.invalidSignature) { try await verify(r) }
    }

    @Test func packedUnknownMember() async throws {
        var r = Fixtures.Registration()
        let key = r.key
        r.format = "packed"
        r.statement = { a, h in
            [CBORPair(.text("alg"), .int(-7)), CBORPair(.text("sig"), .bytes(try key.sign(a + h))), CBORPair(.text("ecdaaKeyId"), .bytes([1]))]
        }
        await expectFailure(.invalidAttestationStatement) { try await verify(r) }
    }

    @Test("self attestation can be refused by policy")
    func selfNotAllowed() async throws {
        var r = Fixtures.Registration()
        r.packedSelf()
        await expectFailure(.attestationTypeNotAllowed) { try await verify(r, policy: Fixtures.policy { $0.attestation.allowSelf = false }) }
    }

    // §8.2, x5c
    @Test("packed x5c: trusted when the chain ends in an anchor, untrusted otherwise")
    func packedX5cTrust() async throws {
        let pki = try Fixtures.PKI()
        var r = Fixtures.Registration()
        r.packedX5c(attestationKey: pki.leafKey, chain: [pki.leaf])
        let at = Date(timeIntervalSince1970: 1_800_000_000)
        let untrusted = try await verify(r, policy: Fixtures.policy { $0.clock = { at } })
        #expect(untrusted.attestationType == .basic)
        #expect(untrusted.trusted == false)
        let trusted = try await verify(
            r,
            policy: Fixtures.policy {
                $0.attestation.trustAnchors = [pki.root]
                $0.clock = { at }
            })
        #expect(trusted.trusted)
        #expect(trusted.trustPath.count == 1)
        let other = try Fixtures.PKI()
        await expectFailure(.untrustedAttestation) {
            try await verify(
                r,
                policy: Fixtures.policy {
                    $0.attestation = AttestationPolicy(trustAnchors: [other.root], requireTrustedAttestation: true)
                    $0.clock = { at }
                })
        }
    }

    @Test("packed x5c: a chain expired at the given instant is refused, anchored or not (X5CChainTests has the rest)")
    func packedX5cExpired() async throws {
        let pki = try Fixtures.PKI()
        var r = Fixtures.Registration()
        r.packedX5c(attestationKey: pki.leafKey, chain: [pki.leaf])
        let late = Date(timeIntervalSince1970: 2_000_000_000)
        await expectFailure(.certificateInvalid) {
            try await verify(
                r,
                policy: Fixtures.policy {
                    $0.attestation.trustAnchors = [pki.root]
                    $0.clock = { late }
                })
        }
        await expectFailure(.certificateInvalid) {
            try await verify(
                r,
                policy: Fixtures.policy {
                    $0.attestation = AttestationPolicy(trustAnchors: [pki.root], requireTrustedAttestation: true)
                    $0.clock = { late }
                })
        }
    }

    @Test("require trusted attestation refuses none and self")
    func requireTrustedRefusesSelf() async throws {
        var r = Fixtures.Registration()
        r.packedSelf()
        await expectFailure(.untrustedAttestation) {
            try await verify(r, policy: Fixtures.policy { $0.attestation.requireTrustedAttestation = true })
        }
    }

    @Test func packedX5cBadSignature() async throws {
        let pki = try Fixtures.PKI()
        var r = Fixtures.Registration()
        r.packedX5c(attestationKey: P256.Signing.PrivateKey(), chain: [pki.leaf])
        await expectFailure(.invalidSignature) { try await verify(r) }
    }

    // §8.2.1 requirements, one negative each
    @Test func certificateOU() async throws {
        let pki = try Fixtures.PKI(organizationalUnit: "Engineering")
        var r = Fixtures.Registration()
        r.packedX5c(attestationKey: pki.leafKey, chain: [pki.leaf])
        await expectFailure(.certificateInvalid) { try await verify(r) }
    }

    @Test func certificateCountry() async throws {
        let pki = try Fixtures.PKI(country: "Sweden")
        var r = Fixtures.Registration()
        r.packedX5c(attestationKey: pki.leafKey, chain: [pki.leaf])
        await expectFailure(.certificateInvalid) { try await verify(r) }
    }

    @Test func certificateIsCA() async throws {
        let pki = try Fixtures.PKI(leafIsCA: true)
        var r = Fixtures.Registration()
        r.packedX5c(attestationKey: pki.leafKey, chain: [pki.leaf])
        await expectFailure(.certificateInvalid) { try await verify(r) }
    }

    @Test func certificateVersion() async throws {
        let pki = try Fixtures.PKI(version: .v1)
        var r = Fixtures.Registration()
        r.packedX5c(attestationKey: pki.leafKey, chain: [pki.leaf])
        await expectFailure(.certificateInvalid) { try await verify(r) }
    }

    @Test func aaguidExtension() async throws {
        let matching = try Fixtures.PKI(aaguidExtension: Fixtures.aaguid.bytes)
        var r = Fixtures.Registration()
        r.packedX5c(attestationKey: matching.leafKey, chain: [matching.leaf])
        _ = try await verify(r)

        let mismatched = try Fixtures.PKI(aaguidExtension: Array(repeating: 7, count: 16))
        r.packedX5c(attestationKey: mismatched.leafKey, chain: [mismatched.leaf])
        await expectFailure(.aaguidMismatch) { try await verify(r) }

        let critical = try Fixtures.PKI(aaguidExtension: Fixtures.aaguid.bytes, aaguidCritical: true)
        r.packedX5c(attestationKey: critical.leafKey, chain: [critical.leaf])
        await expectFailure(.certificateInvalid) { try await verify(r) }
    }

    // §8.6
    @Test("fido-u2f: valid, bad signature, two certificates, non-P-256 credential")
    func fidoU2F() async throws {
        let pki = try Fixtures.PKI()
        func u2f(_ r: inout Fixtures.Registration, signer: P256.Signing.PrivateKey, chain: [Certificate]) {
            r.format = "fido-u2f"
            let id = r.credentialID
            let key = r.key
            r.statement = { authData, hash in
                guard case .p256(let k) = key else { return [] }
                let data: [UInt8] = [0] + Array(authData[0..<32]) + hash + id + Array(k.publicKey.x963Representation)
                return [
                    CBORPair(.text("sig"), .bytes(try CredentialPrivateKey.p256(signer).sign(data))),
                    CBORPair(.text("x5c"), .array(try chain.map { .bytes(try Fixtures.der($0)) })),
                ]
            }
        }
        var r = Fixtures.Registration()
        r.aaguid = .zero
        u2f(&r, signer: pki.leafKey, chain: [pki.leaf])
        let result = try await verify(r)
        #expect(result.format == "fido-u2f")
        #expect(result.attestationType == .basic)

        u2f(&r, signer: P256.Signing.PrivateKey(), chain: [pki.leaf])
        await expectFailure(.invalidSignature) { try await verify(r) }

        u2f(&r, signer: pki.leafKey, chain: [pki.leaf, pki.root])
        await expectFailure(.invalidAttestationStatement) { try await verify(r) }

        var ed = Fixtures.Registration()
        ed.key = try CredentialPrivateKey.generate(.edDSA)
        ed.aaguid = .zero
        ed.format = "fido-u2f"
        ed.statement = { _, _ in [CBORPair(.text("sig"), .bytes([0x30, 0])), CBORPair(.text("x5c"), .array([.bytes(try Fixtures.der(pki.leaf))]))] }
        await expectFailure(.invalidAttestationStatement) { try await verify(ed) }
    }

    @Test("the L3 authenticatorData copy must equal the one in the attestation object")
    func inconsistentCopies() async throws {
        let r = Fixtures.Registration()
        let original = try r.response()
        let response = RegistrationResponse(
            rawID: original.rawID, clientDataJSON: original.clientDataJSON, attestationObject: original.attestationObject,
            authenticatorData: [1, 2, 3])
        await expectFailure(.malformedInput) {
            try await RegistrationVerifier(policy: Fixtures.policy()).verify(response, challenge: Fixtures.challenge)
        }
    }

    @Test("authenticator extension outputs (ED) are parsed, not rejected")
    func extensionsMap() async throws {
        var r = Fixtures.Registration()
        r.extensions = .map([CBORPair(.text("credProtect"), .unsigned(2))])
        let result = try await verify(r)
        #expect(result.authenticatorData.extensions != nil)
    }
}
