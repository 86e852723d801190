import PasskeyAuthenticator
import PasskeyCore
import Testing

@Suite("WebAuthn client (L3 §5.1.3, §5.1.4)")
struct WebAuthnClientTests {
    static func creation(rpID: String?, challenge: String = "AAECAwQFBgcICQoLDA0ODw", extra: JSONObject = JSONObject()) -> JSONObject {
        var rp = JSONObject(["name": .string("Example")])
        if let rpID { rp["id"] = .string(rpID) }
        var options = JSONObject([
            "rp": .object(rp), "user": .object(JSONObject(["id": .string("AQID"), "name": .string("ada"), "displayName": .string("Ada")])),
            "challenge": .string(challenge),
            "pubKeyCredParams": .array([.object(JSONObject(["type": .string("public-key"), "alg": .number("-7")]))]),
        ])
        for member in extra.members { options[member.key] = member.value }
        return options
    }

    func expectClientError(_ name: WebAuthnClientError.Name, _ code: WebAuthnClientError.Code, _ body: () async throws -> Void) async {
        do {
            try await body()
            Issue.record("expected \(name.rawValue) \(code.rawValue)")
        } catch let error as WebAuthnClientError {
            #expect(error.name == name && error.code == code, "\(error)")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test(
        "the RP ID must be the origin's host or a registrable suffix of it",
        arguments: [
            ("https://login.example.com", "example.com", true), ("https://example.com", "example.com", true),
            ("https://login.example.com", "login.example.com", true), ("https://example.com", "login.example.com", false),
            ("https://badexample.com", "example.com", false), ("https://example.com", "com", false),
            ("http://localhost:8080", "localhost", true), ("http://127.0.0.1:8080", "127.0.0.1", true), ("http://127.0.0.1:8080", "localhost", false),
        ])
    func rpID(_ origin: String, _ rpID: String, _ allowed: Bool) async throws {
        let client = WebAuthnClient(origin: origin, authenticator: SoftwareAuthenticator())
        if allowed {
            let response = try await client.create(Self.creation(rpID: rpID))
            #expect(response["type"] == .string("public-key"))
        } else {
            await expectClientError(.security, .rpIdNotAllowed) { _ = try await client.create(Self.creation(rpID: rpID)) }
        }
    }

    @Test("insecure origins are refused")
    func insecureOrigin() async {
        let client = WebAuthnClient(origin: "http://example.com", authenticator: SoftwareAuthenticator())
        await expectClientError(.security, .insecureOrigin) { _ = try await client.create(Self.creation(rpID: nil)) }
    }

    @Test("the registration response is L3 JSON that the core verifies, with authenticatorData, publicKey and publicKeyAlgorithm")
    func responseShape() async throws {
        let client = WebAuthnClient(origin: "https://example.com", authenticator: SoftwareAuthenticator())
        let json = try await client.create(
            Self.creation(rpID: "example.com", extra: JSONObject(["extensions": .object(JSONObject(["credProps": .bool(true)]))])))
        let response = try #require(json["response"]?.objectValue)
        for member in ["clientDataJSON", "attestationObject", "authenticatorData", "publicKey", "publicKeyAlgorithm", "transports"] {
            #expect(response[member] != nil, "missing \(member)")
        }
        #expect(
            json["clientExtensionResults"]?.objectValue?["credProps"]?.objectValue?["rk"] == .bool(false)
                || json["clientExtensionResults"]?.objectValue?["credProps"]?.objectValue?["rk"] == .bool(true))
        let parsed = try RegistrationResponse(json: Array(JSONValue.object(json).serialized().utf8))
        let verified = try await RegistrationVerifier(policy: VerificationPolicy(rpID: "example.com", origins: ["https://example.com"]))
            .verify(parsed, challenge: Challenge(base64URL: "AAECAwQFBgcICQoLDA0ODw"))
        #expect(verified.publicKey.algorithm == .es256)
    }

    @Test("malformed options are a TypeError")
    func malformedOptions() async {
        let client = WebAuthnClient(origin: "https://example.com", authenticator: SoftwareAuthenticator())
        var options = Self.creation(rpID: "example.com")
        options["user"] = .object(JSONObject(["id": .string(""), "name": .string("x")]))
        await expectClientError(.typeError, .invalidOptions) { _ = try await client.create(options) }
        await expectClientError(.typeError, .invalidOptions) { _ = try await client.get(JSONObject(["challenge": .number("5")])) }
    }

    @Test("a user verifier that never answers hits the timeout")
    func timeout() async {
        let slow = SoftwareAuthenticator(
            userVerifier: ClosureVerifier { _ in
                try? await Task.sleep(for: .seconds(30))
                return .verified
            })
        let client = WebAuthnClient(origin: "https://example.com", authenticator: slow)
        await expectClientError(.notAllowed, .timeout) {
            _ = try await client.create(Self.creation(rpID: "example.com", extra: JSONObject(["timeout": .number("1000")])))
        }
    }
}
