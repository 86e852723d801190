import Crypto
import PasskeyAuthenticator
import PasskeyCore
import Testing

@Suite("Authentication (WebAuthn L3 §7.2)")
struct AuthenticationVerificationTests {
    func verify(
        _ a: Fixtures.Assertion, stored: StoredCredential? = nil, policy: VerificationPolicy = Fixtures.policy(),
        allow: [[UInt8]] = [], userHandleRequired: Bool = false
    ) throws -> VerifiedAuthentication {
        try AuthenticationVerifier(policy: policy).verify(
            try a.response(), challenge: Fixtures.challenge, credential: try stored ?? a.stored(),
            allowCredentials: allow, userHandleRequired: userHandleRequired)
    }

    @Test("every algorithm verifies", arguments: [COSEAlgorithm.es256, .edDSA, .rs256, .ps256, .mlDSA65, .mlDSA87])
    func algorithms(_ alg: COSEAlgorithm) async throws {
        let a = Fixtures.Assertion(key: try CredentialPrivateKey.generate(alg))
        let result = try verify(a)
        #expect(result.newSignCount == 5)
        #expect(result.userVerified)
    }

    // §7.2 step 5
    @Test func notInAllowCredentials() async throws {
        let a = Fixtures.Assertion(key: .p256(P256.Signing.PrivateKey()))
        await expectFailure(.credentialNotAllowed) { try verify(a, allow: [[1, 2, 3]]) }
        _ = try verify(a, allow: [[1, 2, 3], a.credentialID])
    }

    // §7.2 step 6
    @Test func credentialIdentity() async throws {
        var a = Fixtures.Assertion(key: .p256(P256.Signing.PrivateKey()))
        let stored = try a.stored()
        a.credentialID = [0x22]
        await expectFailure(.credentialIdMismatch) { try verify(a, stored: stored) }
    }

    @Test func userHandleOfAnotherUser() async throws {
        var a = Fixtures.Assertion(key: .p256(P256.Signing.PrivateKey()))
        a.userHandle = [1, 2, 3]
        await expectFailure(.userHandleMismatch) { try verify(a) }
    }

    @Test("discoverable sign-in needs the user handle")
    func userHandleRequired() async throws {
        var a = Fixtures.Assertion(key: .p256(P256.Signing.PrivateKey()))
        a.userHandle = nil
        _ = try verify(a)
        await expectFailure(.userHandleMismatch) { try verify(a, userHandleRequired: true) }
    }

    // §7.2 steps 10–14
    @Test func clientDataRules() async throws {
        var a = Fixtures.Assertion(key: .p256(P256.Signing.PrivateKey()))
        a.clientDataJSON = Fixtures.clientData(type: "webauthn.create")
        await expectFailure(.typeMismatch) { try verify(a) }
        a.clientDataJSON = Fixtures.clientData(type: "webauthn.get", challenge: "AAAA")
        await expectFailure(.challengeMismatch) { try verify(a) }
        a.clientDataJSON = Fixtures.clientData(type: "webauthn.get", origin: "https://example.com:8443")
        await expectFailure(.originMismatch) { try verify(a) }
        a.clientDataJSON = Fixtures.clientData(type: "webauthn.get", crossOrigin: true)
        await expectFailure(.crossOriginNotAllowed) { try verify(a) }
        a.clientDataJSON = Fixtures.clientData(type: "webauthn.get", crossOrigin: true, topOrigin: "https://frame.example")
        await expectFailure(.topOriginMismatch) { try verify(a, policy: Fixtures.policy { $0.allowCrossOrigin = true }) }
    }

    // §7.2 step 15
    @Test func rpIDHash() async throws {
        var a = Fixtures.Assertion(key: .p256(P256.Signing.PrivateKey()))
        a.rpID = "sub.example.com"
        await expectFailure(.rpIdHashMismatch) { try verify(a) }
    }

    // §7.2 steps 16–18
    @Test func flags() async throws {
        var a = Fixtures.Assertion(key: .p256(P256.Signing.PrivateKey()))
        a.flags = [.userVerified]
        await expectFailure(.userNotPresent) { try verify(a) }
        a.flags = [.userPresent]
        await expectFailure(.userNotVerified) { try verify(a, policy: Fixtures.policy { $0.requireUserVerification = true }) }
        a.flags = [.userPresent, .backupState]
        await expectFailure(.invalidBackupFlags) { try verify(a) }
    }

    // §7.2 step 19
    @Test func backupEligibilityIsFixed() async throws {
        var a = Fixtures.Assertion(key: .p256(P256.Signing.PrivateKey()))
        a.flags = [.userPresent, .backupEligible]
        await expectFailure(.backupEligibilityChanged) { try verify(a, stored: try a.stored(backupEligible: false)) }
        a.flags = [.userPresent]
        await expectFailure(.backupEligibilityChanged) { try verify(a, stored: try a.stored(backupEligible: true)) }
        a.flags = [.userPresent, .backupEligible, .backupState]
        let result = try verify(a, stored: try a.stored(backupEligible: true))
        #expect(result.backupState)
    }

    // §7.2 step 21
    @Test func signature() async throws {
        var a = Fixtures.Assertion(key: .p256(P256.Signing.PrivateKey()))
        let stored = try a.stored()
        a.key = .p256(P256.Signing.PrivateKey())
        await expectFailure(.invalidSignature) { try verify(a, stored: stored) }
        a.signatureOverride = [0x30, 0x00]
        await expectFailure(.invalidSignature) { try verify(a, stored: stored) }
        a.signatureOverride = []
        await expectFailure(.invalidSignature) { try verify(a, stored: stored) }
    }

    @Test("a signature over different client data fails")
    func signatureBindsClientData() async throws {
        let a = Fixtures.Assertion(key: .p256(P256.Signing.PrivateKey()))
        let good = try a.response()
        let forged = AuthenticationResponse(
            rawID: good.rawID, clientDataJSON: Fixtures.clientData(type: "webauthn.get") + [0x20], authenticatorData: good.authenticatorData,
            signature: good.signature, userHandle: good.userHandle)
        await expectFailure(.invalidSignature) {
            try AuthenticationVerifier(policy: Fixtures.policy()).verify(forged, challenge: Fixtures.challenge, credential: try a.stored())
        }
    }

    // §7.2 step 22
    @Test("sign counter: regression fails, growth passes, zero on both sides passes")
    func signCount() async throws {
        var a = Fixtures.Assertion(key: .p256(P256.Signing.PrivateKey()))
        a.signCount = 4
        await expectFailure(.signCountRegression) { try verify(a, stored: try a.stored(signCount: 4)) }
        a.signCount = 3
        await expectFailure(.signCountRegression) { try verify(a, stored: try a.stored(signCount: 4)) }
        a.signCount = 0
        await expectFailure(.signCountRegression) { try verify(a, stored: try a.stored(signCount: 4)) }
        _ = try verify(a, stored: try a.stored(signCount: 0))
        a.signCount = 9
        #expect(try verify(a, stored: try a.stored(signCount: 4)).newSignCount == 9)
    }

    @Test("the software authenticator's assertions verify end to end")
    func softwareAuthenticator() async throws {
        let authenticator = SoftwareAuthenticator(usesSignCounter: false, backedUp: true)
        var made = try authenticator.makeCredential(
            rpID: Fixtures.rpID, userHandle: Fixtures.userHandle, clientDataHash: Array(repeating: 0, count: 32))
        let clientData = Fixtures.clientData(type: "webauthn.get")
        let (authData, signature) = try authenticator.getAssertion(&made.credential, clientDataHash: Array(SHA256.hash(data: clientData)))
        let response = AuthenticationResponse(
            rawID: made.credential.id, clientDataJSON: clientData, authenticatorData: authData, signature: signature,
            userHandle: made.credential.userHandle)
        let stored = StoredCredential(
            id: made.credential.id, publicKey: try CredentialPublicKey(coseBytes: try made.credential.privateKey.coseKey()), signCount: 0,
            backupEligible: true, userHandle: Fixtures.userHandle)
        let result = try AuthenticationVerifier(policy: Fixtures.policy()).verify(
            response, challenge: Fixtures.challenge, credential: stored, userHandleRequired: true)
        #expect(result.newSignCount == 0)
        #expect(result.backupEligible && result.backupState)
    }
}
