import Crypto
import PasskeyAuthenticator
import PasskeyCore
import Testing

@Suite("COSE keys")
struct COSEKeyTests {
    func key(_ pairs: [(Int64, CBORValue)]) -> [UInt8] {
        CBOREncoder.encode(.map(pairs.map { CBORPair(.int($0.0), $0.1) }))
    }

    func p256Pairs(alg: Int64 = -7, crv: Int64 = 1) -> [(Int64, CBORValue)] {
        let point = Array(P256.Signing.PrivateKey().publicKey.x963Representation)
        return [(1, .int(2)), (3, .int(alg)), (-1, .int(crv)), (-2, .bytes(Array(point[1..<33]))), (-3, .bytes(Array(point[33..<65])))]
    }

    @Test("keys made by the authenticator parse, with their algorithms", arguments: SoftwareAuthenticator.supportedAlgorithms)
    func valid(_ alg: COSEAlgorithm) throws {
        let parsed = try CredentialPublicKey(coseBytes: CredentialPrivateKey.generate(alg).coseKey())
        #expect(parsed.algorithm == alg)
    }

    @Test func algMustMatchCurve() {
        #expect(throws: WebAuthnError.self) { try CredentialPublicKey(coseBytes: key(p256Pairs(alg: -35))) }
        #expect(throws: WebAuthnError.self) { try CredentialPublicKey(coseBytes: key(p256Pairs(alg: -8))) }
        #expect(throws: WebAuthnError.self) { try CredentialPublicKey(coseBytes: key(p256Pairs(crv: 6))) }
    }

    @Test func unknownAlgorithmAndKeyType() async {
        await expectFailure(.unsupportedAlgorithm) { try CredentialPublicKey(coseBytes: key(p256Pairs(alg: -260))) }
        var pairs = p256Pairs()
        pairs[0] = (1, .int(4))
        await expectFailure(.unsupportedAlgorithm) { try CredentialPublicKey(coseBytes: key(pairs)) }
    }

    @Test func missingAlg() async {
        var pairs = p256Pairs()
        pairs.remove(at: 1)
        await expectFailure(.invalidPublicKey) { try CredentialPublicKey(coseBytes: key(pairs)) }
    }

    @Test func privateParametersAreRefused() async {
        await expectFailure(.invalidPublicKey) {
            try CredentialPublicKey(coseBytes: key(p256Pairs() + [(-4, .bytes(Array(repeating: 1, count: 32)))]))
        }
    }

    @Test func compressedPointsAndWrongLengths() async {
        var pairs = p256Pairs()
        pairs[4] = (-3, .bool(true))
        await expectFailure(.invalidPublicKey) { try CredentialPublicKey(coseBytes: key(pairs)) }
        pairs = p256Pairs()
        pairs[3] = (-2, .bytes(Array(repeating: 1, count: 31)))
        await expectFailure(.invalidPublicKey) { try CredentialPublicKey(coseBytes: key(pairs)) }
    }

    @Test("RSA keys under 2048 bits are refused")
    func smallRSA() async {
        let modulus = [UInt8](repeating: 0xC5, count: 128) // 1024 bits
        await expectFailure(.invalidPublicKey) {
            try CredentialPublicKey(coseBytes: key([(1, .int(3)), (3, .int(-257)), (-1, .bytes(modulus)), (-2, .bytes([1, 0, 1]))]))
        }
    }

    @Test("an Ed25519 key must be 32 bytes")
    func ed25519Length() async {
        await expectFailure(.invalidPublicKey) {
            try CredentialPublicKey(coseBytes: key([(1, .int(1)), (3, .int(-8)), (-1, .int(6)), (-2, .bytes([1, 2, 3]))]))
        }
    }
}

@Suite("Authenticator data (§6.1)")
struct AuthenticatorDataTests {
    @Test("parses flags, counter and attested credential data exactly")
    func parse() throws {
        let key = try CredentialPrivateKey.generate(.es256).coseKey()
        let bytes = AuthenticatorDataBuilder.build(
            rpID: "example.com", flags: [.userPresent, .backupEligible], signCount: 0x01020304, attestedCredential: (.zero, [9, 8, 7], key))
        let data = try AuthenticatorData(bytes: bytes)
        #expect(data.flags.names == ["UP", "BE", "AT"])
        #expect(data.signCount == 0x01020304)
        #expect(data.attestedCredential?.credentialID == [9, 8, 7])
        #expect(data.attestedCredential?.publicKeyBytes == key)
    }

    @Test func truncated() async {
        await expectFailure(.malformedInput) { try AuthenticatorData(bytes: Array(repeating: 0, count: 36)) }
    }

    @Test func trailingBytes() async {
        let bytes = AuthenticatorDataBuilder.build(rpID: "example.com", flags: [.userPresent], signCount: 1) + [0]
        await expectFailure(.malformedInput) { try AuthenticatorData(bytes: bytes) }
    }

    @Test("AT set but no credential, ED set but no extensions")
    func flagsPromiseMissingData() async {
        var bytes = AuthenticatorDataBuilder.build(rpID: "example.com", flags: [.userPresent], signCount: 1)
        bytes[32] |= AuthenticatorFlags.attestedCredentialData.rawValue
        await expectFailure(.malformedInput) { try AuthenticatorData(bytes: bytes) }
        bytes[32] = AuthenticatorFlags([.userPresent, .extensionData]).rawValue
        await expectFailure(.malformedInput) { try AuthenticatorData(bytes: bytes) }
    }

    @Test("a credential ID over 1023 bytes is refused (§7.1 step 25)")
    func longCredentialID() async throws {
        let key = try CredentialPrivateKey.generate(.es256).coseKey()
        let bytes = AuthenticatorDataBuilder.build(
            rpID: "example.com", flags: [.userPresent], signCount: 0, attestedCredential: (.zero, Array(repeating: 1, count: 1024), key))
        await expectFailure(.credentialIdTooLong) { try AuthenticatorData(bytes: bytes) }
    }

    @Test("a declared credential ID length beyond the data is refused")
    func lyingLength() async throws {
        var bytes = AuthenticatorDataBuilder.build(
            rpID: "example.com", flags: [.userPresent], signCount: 0,
            attestedCredential: (.zero, [1, 2], try CredentialPrivateKey.generate(.es256).coseKey()))
        bytes[53] = 0x03
        bytes[54] = 0xFF
        await expectFailure(.malformedInput) { try AuthenticatorData(bytes: bytes) }
    }
}

@Suite("Client data (§5.8.1)")
struct ClientDataTests {
    func parse(_ json: String) throws(WebAuthnError) -> CollectedClientData { try CollectedClientData(bytes: Array(json.utf8)) }

    @Test("reads members with escaped slashes and ignores unknown ones")
    func members() throws {
        let c = try parse(
            #"{"type":"webauthn.get","challenge":"abc","origin":"https:\/\/example.com","crossOrigin":false,"other_keys_can_be_added_here":"x"}"#)
        #expect(c.origin == "https://example.com")
        #expect(c.crossOrigin == false)
    }

    @Test(
        "required members and their types",
        arguments: [
            #"{"challenge":"a","origin":"o"}"#, #"{"type":1,"challenge":"a","origin":"o"}"#, #"{"type":"t","origin":"o"}"#,
            #"{"type":"t","challenge":"a"}"#, #"{"type":"t","challenge":"a","origin":"o","crossOrigin":"yes"}"#, #"["type"]"#,
        ])
    func refusals(_ json: String) async {
        await expectFailure(.malformedInput) { try parse(json) }
    }

    @Test("tokenBinding: the three statuses and the legacy string are accepted; anything else is refused")
    func tokenBinding() async throws {
        let base = #""type":"t","challenge":"a","origin":"o""#
        #expect(try parse("{\(base),\"tokenBinding\":{\"status\":\"present\",\"id\":\"abc\"}}").tokenBinding == .present(id: "abc"))
        #expect(try parse("{\(base),\"tokenBinding\":{\"status\":\"supported\"}}").tokenBinding == .supported)
        #expect(try parse("{\(base),\"tokenBinding\":{\"status\":\"not-supported\"}}").tokenBinding == .notSupported)
        #expect(try parse("{\(base),\"tokenBinding\":\"unused\"}").tokenBinding == .legacy("unused"))
        for bad in [#"{"status":"present"}"#, #"{"status":"maybe"}"#, #"{}"#, #"{"status":1}"#, #""whatever""#, "7", "null"] {
            await expectFailure(.invalidTokenBinding) { try parse("{\(base),\"tokenBinding\":\(bad)}") }
        }
    }
}

@Suite("Response JSON (L3 §5.1)")
struct ResponseJSONTests {
    static let valid =
        #"{"id":"AQID","rawId":"AQID","type":"public-key","response":{"clientDataJSON":"e30","authenticatorData":"AA","signature":"AA","userHandle":null},"authenticatorAttachment":null,"clientExtensionResults":{}}"#

    @Test func decodes() throws {
        let response = try AuthenticationResponse(json: Array(Self.valid.utf8))
        #expect(response.rawID == [1, 2, 3])
        #expect(response.userHandle == nil)
    }

    @Test(
        "refuses wrong types, mismatched ids, a wrong credential type and both extension spellings",
        arguments: [
            (#""type":"public-key""#, #""type":"password""#, WebAuthnError.Code.credentialTypeMismatch),
            (#""rawId":"AQID""#, #""rawId":"AQIE""#, .credentialIdMismatch),
            (#""rawId":"AQID""#, #""rawId":1"#, .malformedInput),
            (#""signature":"AA""#, #""signature":"AA==""#, .malformedInput),
            (#""clientExtensionResults":{}"#, #""clientExtensionResults":{},"getClientExtensionResults":{}"#, .malformedInput),
            (#""clientExtensionResults":{}"#, #""clientExtensionResults":[]"#, .malformedInput),
        ])
    func refusals(_ from: String, _ to: String, _ code: WebAuthnError.Code) async {
        let json = Self.valid.replacingOccurrences(of: from, with: to)
        await expectFailure(code) { try AuthenticationResponse(json: Array(json.utf8)) }
    }

    @Test("the older getClientExtensionResults spelling is accepted")
    func legacyExtensionsName() throws {
        let json = Self.valid.replacingOccurrences(of: "clientExtensionResults", with: "getClientExtensionResults")
        _ = try AuthenticationResponse(json: Array(json.utf8))
    }
}
