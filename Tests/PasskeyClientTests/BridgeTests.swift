import PasskeyAuthenticator
import PasskeyClient
import PasskeyCore
import PasskeySoftwareProvider
import Testing

@Suite("Web-view bridge core (docs/reference/cli.md, passkeys bridge)")
struct BridgeTests {
    static let origin = "https://app.example.com"

    func bridge() -> PasskeyBridge {
        let client = WebAuthnClient(origin: Self.origin, authenticator: SoftwareAuthenticator())
        return PasskeyBridge(provider: SoftwarePasskeyProvider(client: client), allowedOrigins: [Self.origin])
    }

    func message(_ action: String, _ options: JSONObject) -> [UInt8] {
        Array(JSONValue.object(JSONObject(["action": .string(action), "options": .object(options)])).serialized().utf8)
    }

    static let creation = JSONObject([
        "rp": .object(JSONObject(["id": .string("example.com"), "name": .string("Example")])),
        "user": .object(JSONObject(["id": .string("AQID"), "name": .string("ada"), "displayName": .string("Ada")])),
        "challenge": .string("AAECAwQFBgcICQoLDA0ODw"),
        "pubKeyCredParams": .array([.object(JSONObject(["type": .string("public-key"), "alg": .number("-7")]))]),
        "authenticatorSelection": .object(JSONObject(["residentKey": .string("required")])),
    ])

    @Test("create then get answer ok with L3 JSON the core verifies")
    func roundTrip() async throws {
        let bridge = bridge()
        let created = await bridge.handle(message("create", Self.creation), from: Self.origin)
        #expect(created.objectValue?["ok"] == .bool(true))
        let data = try #require(created.objectValue?["data"]?.objectValue)
        let registration = try RegistrationResponse(json: data)
        let verified = try await RegistrationVerifier(policy: VerificationPolicy(rpID: "example.com", origins: [Self.origin]))
            .verify(registration, challenge: Challenge(base64URL: "AAECAwQFBgcICQoLDA0ODw"))
        let got = await bridge.handle(message("get", JSONObject(["challenge": .string("AAAA"), "rpId": .string("example.com")])), from: Self.origin)
        let assertion = try AuthenticationResponse(json: try #require(got.objectValue?["data"]?.objectValue))
        _ = try AuthenticationVerifier(policy: VerificationPolicy(rpID: "example.com", origins: [Self.origin]))
            .verify(
                assertion, challenge: Challenge(base64URL: "AAAA"),
                credential: StoredCredential(id: verified.credentialID, publicKey: verified.publicKey, signCount: verified.signCount))
    }

    @Test(
        "ML-DSA passkeys pass through untouched: options offering only ML-DSA, full-size key and signature",
        arguments: [COSEAlgorithm.mlDSA65, .mlDSA87])
    func mlDSA(_ alg: COSEAlgorithm) async throws {
        let bridge = bridge()
        var creation = Self.creation
        creation["pubKeyCredParams"] = .array([.object(JSONObject(["type": .string("public-key"), "alg": JSONValue(Int(alg.rawValue))]))])
        let created = await bridge.handle(message("create", creation), from: Self.origin)
        let data = try #require(created.objectValue?["data"]?.objectValue, "\(created)")
        let response = try #require(data["response"]?.objectValue)
        #expect(response["publicKeyAlgorithm"]?.int64Value == alg.rawValue)
        let sizes = try #require(alg.mlDSASizes)
        // getPublicKey(): SubjectPublicKeyInfo of 22 bytes of header and the whole FIPS 204 key.
        #expect(try Base64URL.decode(response["publicKey"]?.stringValue ?? "").count == 22 + sizes.publicKey)
        let verified = try await RegistrationVerifier(policy: VerificationPolicy(rpID: "example.com", origins: [Self.origin]))
            .verify(try RegistrationResponse(json: data), challenge: Challenge(base64URL: "AAECAwQFBgcICQoLDA0ODw"))
        #expect(verified.publicKey.algorithm == alg)

        let got = await bridge.handle(message("get", JSONObject(["challenge": .string("AAAA"), "rpId": .string("example.com")])), from: Self.origin)
        let assertion = try AuthenticationResponse(json: try #require(got.objectValue?["data"]?.objectValue))
        #expect(assertion.signature.count == sizes.signature)
        _ = try AuthenticationVerifier(policy: VerificationPolicy(rpID: "example.com", origins: [Self.origin]))
            .verify(
                assertion, challenge: Challenge(base64URL: "AAAA"),
                credential: StoredCredential(id: verified.credentialID, publicKey: verified.publicKey, signCount: verified.signCount))
    }

    @Test(
        "failures: unknown origin, malformed messages, unknown action, no credentials",
        arguments: [
            ("https://evil.example", #"{"action":"get","options":{}}"#, "SecurityError", "originNotAllowed"),
            (origin, "not json", "TypeError", "invalidMessage"),
            (origin, #"{"action":"get"}"#, "TypeError", "invalidMessage"),
            (origin, #"{"action":"delete","options":{}}"#, "TypeError", "invalidMessage"),
            (origin, #"{"action":"get","options":{"challenge":"AAAA","rpId":"example.com"}}"#, "NotAllowedError", "noCredentials"),
            (origin, #"{"action":"get","options":{"challenge":"AAAA","rpId":"other.com"}}"#, "SecurityError", "rpIdNotAllowed"),
        ])
    func failures(_ origin: String, _ text: String, _ name: String, _ code: String) async {
        let reply = await bridge().handle(Array(text.utf8), from: origin).objectValue
        #expect(reply?["ok"] == .bool(false))
        #expect(reply?["name"] == .string(name))
        #expect(reply?["code"] == .string(code))
        #expect(reply?["errMsg"]?.stringValue?.isEmpty == false)
    }

    @Test("mediation: conditional and immediate are passed on; anything else is an invalid message")
    func mediation() async throws {
        let bridge = bridge()
        _ = await bridge.handle(message("create", Self.creation), from: Self.origin)
        let autofill = #"{"action":"get","mediation":"conditional","options":{"challenge":"AAAA","rpId":"example.com"}}"#
        #expect(await bridge.handle(Array(autofill.utf8), from: Self.origin).objectValue?["ok"] == .bool(true))
        let wrong = #"{"action":"get","mediation":"silent","options":{"challenge":"AAAA"}}"#
        #expect(await bridge.handle(Array(wrong.utf8), from: Self.origin).objectValue?["code"] == .string("invalidMessage"))
    }

    @Test("passkeys-bridge.js ships as a resource and defines window.passkeys")
    func script() throws {
        let source = try PasskeyBridgeScript.source
        #expect(source.contains("window.passkeys = api") && source.contains("messageHandlers.passkeys"))
        #expect(source.contains("installCredentialsShim"))
    }
}
