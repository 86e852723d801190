import Crypto
import PasskeyAuthenticator
import PasskeyCore
import Testing

/// ML-DSA credentials (FIPS 204; COSE AKP keys, RFC 9964): captures from another implementation verify, keys made
/// here register and sign in, and every malformed AKP key is refused with a precise error.
@Suite("ML-DSA credentials")
struct MLDSATests {
    /// The error `body` throws, or nil (recorded as an issue) when it succeeds.
    func refusal<T>(_ body: () async throws -> T, sourceLocation: SourceLocation = #_sourceLocation) async -> WebAuthnError? {
        do {
            _ = try await body()
            Issue.record("expected a refusal, but it succeeded", sourceLocation: sourceLocation)
        } catch let error as WebAuthnError {
            return error
        } catch {
            Issue.record("expected a WebAuthnError, got \(error)", sourceLocation: sourceLocation)
        }
        return nil
    }

    func cose(_ pairs: [(Int64, CBORValue)]) -> [UInt8] {
        CBOREncoder.encode(.map(pairs.map { CBORPair(.int($0.0), $0.1) }))
    }

    func akp(alg: Int64, pub: [UInt8], extra: [(Int64, CBORValue)] = []) -> [UInt8] {
        cose([(1, .int(7)), (3, .int(alg)), (-1, .bytes(pub))] + extra)
    }

    static let capturePolicy = VerificationPolicy(rpID: MLDSACaptures.rpID, origins: [MLDSACaptures.origin])

    // MARK: Captures from webauthn.io (see MLDSACaptures for the source)

    @Test("registrations made at webauthn.io verify", arguments: [MLDSACaptures.mlDSA65Registration, MLDSACaptures.mlDSA87Registration])
    func capturedRegistration(_ capture: MLDSACaptures.Registration) async throws {
        let response = try RegistrationResponse(json: Array(capture.responseJSON.utf8))
        let result = try await RegistrationVerifier(policy: Self.capturePolicy).verify(response, challenge: Challenge(base64URL: capture.challenge))
        #expect(result.publicKey.algorithm.rawValue == capture.algorithm)
        #expect(result.format == "none")
        guard case .mlDSA(let pub) = result.publicKey.cose.parameters else {
            Issue.record("expected an ML-DSA key, found \(result.publicKey.cose.parameters)")
            return
        }
        #expect(pub.count == result.publicKey.algorithm.mlDSASizes?.publicKey)
    }

    @Test(
        "sign-ins made at webauthn.io verify, and one flipped signature bit is refused",
        arguments: [MLDSACaptures.mlDSA65SignIn, MLDSACaptures.mlDSA87SignIn])
    func capturedSignIn(_ capture: MLDSACaptures.SignIn) async throws {
        let response = try AuthenticationResponse(json: Array(capture.responseJSON.utf8))
        let key = try CredentialPublicKey(coseBytes: Base64URL.decode(capture.publicKey))
        #expect(key.algorithm.rawValue == capture.algorithm)
        #expect(response.signature.count == key.algorithm.mlDSASizes?.signature)
        let stored = StoredCredential(id: response.rawID, publicKey: key, signCount: capture.storedSignCount, userHandle: response.userHandle)
        let verifier = AuthenticationVerifier(policy: Self.capturePolicy)
        let result = try verifier.verify(response, challenge: Challenge(base64URL: capture.challenge), credential: stored)
        #expect(result.newSignCount == capture.storedSignCount + 1)

        for index in [0, response.signature.count / 2, response.signature.count - 1] {
            var signature = response.signature
            signature[index] ^= 0x01
            let tampered = AuthenticationResponse(
                rawID: response.rawID, clientDataJSON: response.clientDataJSON, authenticatorData: response.authenticatorData,
                signature: signature, userHandle: response.userHandle)
            let error = await refusal { try verifier.verify(tampered, challenge: Challenge(base64URL: capture.challenge), credential: stored) }
            #expect(error?.code == .invalidSignature)
        }
    }

    @Test("ML-DSA-44 is refused as unsupported, saying why, for a key and for a whole registration")
    func mlDSA44Refused() async throws {
        let signIn = MLDSACaptures.mlDSA44SignIn
        let keyError = await refusal { try CredentialPublicKey(coseBytes: Base64URL.decode(signIn.publicKey)) }
        #expect(keyError?.code == .unsupportedAlgorithm)
        #expect(keyError?.message.contains("ML-DSA-44 (-48) is not supported") == true)
        #expect(keyError?.message.contains("swift-crypto") == true)

        let capture = MLDSACaptures.mlDSA44Registration
        let response = try RegistrationResponse(json: Array(capture.responseJSON.utf8))
        let error = await refusal {
            try await RegistrationVerifier(policy: Self.capturePolicy).verify(response, challenge: Challenge(base64URL: capture.challenge))
        }
        #expect(error?.code == .unsupportedAlgorithm)
        #expect(error?.message.contains("ML-DSA-44") == true)
    }

    // MARK: Keys made by the software authenticator

    @Test(
        "a software credential registers (none and packed self), signs in, and a flipped bit is refused",
        arguments: [COSEAlgorithm.mlDSA65, .mlDSA87])
    func softwareCredential(_ alg: COSEAlgorithm) async throws {
        let key = try CredentialPrivateKey.generate(alg)
        for packed in [false, true] {
            var registration = Fixtures.Registration()
            registration.key = key
            if packed { registration.packedSelf() }
            let result = try await RegistrationVerifier(policy: Fixtures.policy()).verify(try registration.response(), challenge: Fixtures.challenge)
            #expect(result.publicKey.algorithm == alg)
            #expect(result.attestationType == (packed ? .self : .none))
        }

        // The seed round-trips: a key read back from its stored form signs for the same public key.
        let restored = try CredentialPrivateKey(serialized: try key.serialized(), algorithm: alg)
        #expect(try restored.coseKey() == key.coseKey())
        #expect(try key.serialized().count == 32)

        var assertion = Fixtures.Assertion(key: restored)
        let result = try AuthenticationVerifier(policy: Fixtures.policy()).verify(
            try assertion.response(), challenge: Fixtures.challenge, credential: try assertion.stored())
        #expect(result.newSignCount == 5)
        var signature = try assertion.response().signature
        #expect(signature.count == alg.mlDSASizes?.signature)
        signature[signature.count / 3] ^= 0x80
        assertion.signatureOverride = signature
        let error = await refusal {
            try AuthenticationVerifier(policy: Fixtures.policy()).verify(
                try assertion.response(), challenge: Fixtures.challenge, credential: try assertion.stored())
        }
        #expect(error?.code == .invalidSignature)
    }

    @Test("packed self attestation whose alg is not the credential's is refused")
    func packedSelfAlgorithmMismatch() async throws {
        var registration = Fixtures.Registration()
        registration.key = try CredentialPrivateKey.generate(.mlDSA65)
        registration.packedSelf(alg: .mlDSA87)
        let error = await refusal {
            try await RegistrationVerifier(policy: Fixtures.policy()).verify(try registration.response(), challenge: Fixtures.challenge)
        }
        #expect(error?.code == .invalidAttestationStatement)
        #expect(error?.message.contains("expected alg to equal the credential key's ML-DSA-65 (-49), found ML-DSA-87 (-50)") == true)
    }

    @Test("fido-u2f and packed with a certificate cannot carry an ML-DSA credential, and say so")
    func otherFormats() async throws {
        let pki = try Fixtures.PKI()
        var u2f = Fixtures.Registration()
        u2f.key = try CredentialPrivateKey.generate(.mlDSA65)
        u2f.aaguid = .zero
        u2f.format = "fido-u2f"
        u2f.statement = { _, _ in [CBORPair(.text("sig"), .bytes([0x30, 0])), CBORPair(.text("x5c"), .array([.bytes(try Fixtures.der(pki.leaf))]))] }
        let u2fError = await refusal {
            try await RegistrationVerifier(policy: Fixtures.policy()).verify(try u2f.response(), challenge: Fixtures.challenge)
        }
        #expect(u2fError?.code == .invalidAttestationStatement)
        #expect(
            u2fError?.message.contains("expected the credential public key to be EC P-256 (U2F supports no other), found an ML-DSA-65 key") == true)

        // packed with x5c: the statement's alg is the attestation certificate's, so an ML-DSA alg meets a P-256 key.
        var packed = Fixtures.Registration()
        packed.key = try CredentialPrivateKey.generate(.mlDSA87)
        packed.format = "packed"
        let signer = packed.key
        packed.statement = { authData, hash in
            [
                CBORPair(.text("alg"), .int(-50)), CBORPair(.text("sig"), .bytes(try signer.sign(authData + hash))),
                CBORPair(.text("x5c"), .array([.bytes(try Fixtures.der(pki.leaf))])),
            ]
        }
        let packedError = await refusal {
            try await RegistrationVerifier(policy: Fixtures.policy()).verify(try packed.response(), challenge: Fixtures.challenge)
        }
        #expect(packedError?.code == .invalidAttestationStatement)
        #expect(packedError?.message.contains("alg ML-DSA-87 (-50) does not fit the attestation certificate's key, an EC P-256 key") == true)
    }

    @Test("a relying party that did not offer ML-DSA refuses an ML-DSA credential")
    func notOffered() async throws {
        var registration = Fixtures.Registration()
        registration.key = try CredentialPrivateKey.generate(.mlDSA87)
        let policy = Fixtures.policy { $0.algorithms = [.es256, .mlDSA65] }
        let error = await refusal {
            try await RegistrationVerifier(policy: policy).verify(try registration.response(), challenge: Fixtures.challenge)
        }
        #expect(error?.code == .unsupportedAlgorithm)
    }

    @Test("a signature for the other parameter set, or of the wrong length, is refused without reaching the library")
    func crossParameterSet() throws {
        let k65 = try CredentialPrivateKey.generate(.mlDSA65)
        let k87 = try CredentialPrivateKey.generate(.mlDSA87)
        let message = Array("authenticatorData || clientDataHash".utf8)
        let key65 = try CredentialPublicKey(coseBytes: k65.coseKey())
        #expect(key65.isValidSignature(try k65.sign(message), over: message))
        #expect(!key65.isValidSignature(try k87.sign(message), over: message))
        #expect(!key65.isValidSignature([], over: message))
        #expect(!key65.isValidSignature(try k65.sign(message) + [0], over: message))
        #expect(!key65.key.supports(.mlDSA87))
        #expect(!key65.key.isValidSignature(try k65.sign(message), over: message, algorithm: .mlDSA87))
        #expect(!key65.key.supports(.es256))
    }

    // MARK: Malformed AKP keys

    @Test("public keys of any length but the parameter set's are refused, naming both lengths")
    func wrongLengths() async throws {
        for (alg, name, length) in [(Int64(-49), "ML-DSA-65", 1952), (-50, "ML-DSA-87", 2592)] {
            for found in [0, 32, length - 1, length + 1, alg == -49 ? 2592 : 1952] {
                let error = await refusal { try COSEKey(coseBytes: akp(alg: alg, pub: Array(repeating: 7, count: found))) }
                #expect(error?.code == .invalidPublicKey)
                #expect(error?.message == "credentialPublicKey: expected a \(length)-byte \(name) public key (FIPS 204), found \(found) bytes")
            }
        }
    }

    @Test("kty and alg must pair: AKP with a classical alg, and EC2, OKP or RSA with an ML-DSA alg")
    func ktyAlgPairs() async throws {
        let pub = Array(repeating: UInt8(1), count: 1952)
        let akpClassical = await refusal { try COSEKey(coseBytes: akp(alg: -7, pub: pub)) }
        #expect(akpClassical?.code == .invalidPublicKey)
        #expect(
            akpClassical?.message == "credentialPublicKey: expected alg ML-DSA-65 (-49) or ML-DSA-87 (-50) for an AKP (kty 7) key, found ES256 (-7)")

        let x = Array(repeating: UInt8(2), count: 32)
        let ec2 = await refusal { try COSEKey(coseBytes: cose([(1, .int(2)), (3, .int(-49)), (-1, .int(1)), (-2, .bytes(x)), (-3, .bytes(x))])) }
        #expect(ec2?.code == .invalidPublicKey)
        #expect(ec2?.message.contains("found ML-DSA-65 (-49)") == true)
        let okp = await refusal { try COSEKey(coseBytes: cose([(1, .int(1)), (3, .int(-50)), (-1, .int(6)), (-2, .bytes(x))])) }
        #expect(okp?.code == .invalidPublicKey)
        #expect(okp?.message.contains("found ML-DSA-87 (-50)") == true)
        let rsa = await refusal {
            try COSEKey(
                coseBytes: cose([(1, .int(3)), (3, .int(-49)), (-1, .bytes([1] + Array(repeating: 0, count: 256))), (-2, .bytes([1, 0, 1]))]))
        }
        #expect(rsa?.code == .invalidPublicKey)
        #expect(rsa?.message.contains("found ML-DSA-65 (-49)") == true)
    }

    @Test("extra labels, a private key, a missing or mistyped pub are refused")
    func extraAndMissingLabels() async throws {
        let pub = Array(repeating: UInt8(1), count: 1952)
        let cases: [([UInt8], String)] = [
            (
                akp(alg: -49, pub: pub, extra: [(2, .bytes([1, 2]))]),
                "expected only the labels kty (1), alg (3) and pub (-1) in an AKP key, found label 2"
            ),
            (
                akp(alg: -49, pub: pub, extra: [(-3, .bytes([1]))]),
                "expected only the labels kty (1), alg (3) and pub (-1) in an AKP key, found label -3"
            ),
            (
                akp(alg: -49, pub: pub, extra: [(-2, .bytes(Array(repeating: 0, count: 32)))]),
                "expected a public key, found the private parameter priv (-2)"
            ),
            (cose([(1, .int(7)), (3, .int(-49))]), "expected parameter pub (-1), found none"),
            (cose([(1, .int(7)), (3, .int(-49)), (-1, .text("pub"))]), "expected parameter pub (-1) to be a byte string, found a text string"),
            (
                CBOREncoder.encode(
                    .map([CBORPair(.int(1), .int(7)), CBORPair(.int(3), .int(-49)), CBORPair(.int(-1), .bytes(pub)), CBORPair(.text("x"), .int(0))])),
                "expected only the labels kty (1), alg (3) and pub (-1) in an AKP key, found a text string label"
            ),
        ]
        for (bytes, message) in cases {
            let error = await refusal { try COSEKey(coseBytes: bytes) }
            #expect(error?.code == .invalidPublicKey)
            #expect(error?.message == "credentialPublicKey: \(message)")
        }
    }

    @Test("a repeated label is refused by the CBOR reader before the key is read")
    func duplicateLabel() async throws {
        let pub = Array(repeating: UInt8(1), count: 1952)
        // Encoded by hand: the encoder has no way to write a map with a repeated key.
        let single = akp(alg: -49, pub: pub)
        var repeated = single
        repeated[0] = 0xA4 // a map of four pairs: the original three and pub again
        repeated += CBOREncoder.encode(.int(-1)) + CBOREncoder.encode(.bytes(pub))
        _ = try COSEKey(coseBytes: single)
        let error = await refusal { try COSEKey(coseBytes: repeated) }
        #expect(error?.code == .malformedInput)
        #expect(error?.message.contains("repeated key") == true)
    }

    @Test("a key of the right length but arbitrary bytes is read, and checks no signature", arguments: [UInt8(0x00), 0xFF])
    func libraryRefusal(_ fill: UInt8) async throws {
        // Every byte string of the right length decodes under FIPS 204 (pkDecode has no invalid inputs), so the
        // library accepts these; what matters is that checking a signature with such a key answers false.
        let key = try CredentialPublicKey(coseBytes: akp(alg: -49, pub: Array(repeating: fill, count: 1952)))
        let signature = try CredentialPrivateKey.generate(.mlDSA65).sign([1, 2, 3])
        #expect(!key.isValidSignature(signature, over: [1, 2, 3]))
    }

    // MARK: SubjectPublicKeyInfo

    @Test("SubjectPublicKeyInfo carries the FIPS 204 OIDs with absent parameters and the raw key", arguments: [COSEAlgorithm.mlDSA65, .mlDSA87])
    func subjectPublicKeyInfo(_ alg: COSEAlgorithm) throws {
        let key = try CredentialPrivateKey.generate(alg)
        let cose = try COSEKey(coseBytes: key.coseKey())
        guard case .mlDSA(let pub) = cose.parameters else {
            Issue.record("expected an ML-DSA key")
            return
        }
        // RFC 9881: SEQUENCE { SEQUENCE { OID 2.16.840.1.101.3.4.3.18 (or .19) }, BIT STRING { 0 unused bits, pk } }.
        let header: [UInt8] =
            alg == .mlDSA65
            ? [0x30, 0x82, 0x07, 0xB2, 0x30, 0x0B, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x03, 0x12, 0x03, 0x82, 0x07, 0xA1, 0x00]
            : [0x30, 0x82, 0x0A, 0x32, 0x30, 0x0B, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x03, 0x13, 0x03, 0x82, 0x0A, 0x21, 0x00]
        #expect(cose.subjectPublicKeyInfo() == header + pub)
    }
}
