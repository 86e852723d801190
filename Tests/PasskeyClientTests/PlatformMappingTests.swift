import Crypto
import Foundation
import PasskeyAuthenticator
import PasskeyClient
import PasskeyCore
import Testing

/// The L3 JSON a platform adapter produces from the raw bytes iOS returns, checked by the verification core.
@Suite("Platform results to L3 JSON, from raw bytes")
struct PlatformMappingTests {
    static let rpID = "example.com"
    static let policy = VerificationPolicy(rpID: rpID, origins: ["https://example.com"])
    static let challenge: [UInt8] = Array(0..<32)
    /// A user handle with bytes that are not UTF-8: what goes wrong when apps treat it as a string.
    static let userID: [UInt8] = [0xff, 0x00, 0x80, 0x41, 0xfe, 0x10]

    /// clientDataJSON as iOS writes it: `/` escaped as `\/`, which JSON allows and a re-encoding would lose.
    static func iOSClientData(_ type: String) -> [UInt8] {
        Array(#"{"type":"\#(type)","challenge":"\#(Base64URL.encode(challenge))","origin":"https:\/\/example.com"}"#.utf8)
    }

    func register(_ authenticator: SoftwareAuthenticator) async throws -> (result: PlatformRegistrationResult, credential: SoftwareCredential) {
        let clientData = Self.iOSClientData("webauthn.create")
        let made = try await authenticator.authenticatorMakeCredential(
            MakeCredentialRequest(
                clientDataHash: Array(SHA256.hash(data: clientData)), rpID: Self.rpID, userHandle: Self.userID, userName: "ada",
                userDisplayName: "Ada"))
        let result = PlatformRegistrationResult(
            credentialID: made.credential.id, clientDataJSON: clientData, attestationObject: made.attestationObject,
            attachment: "platform", transports: ["hybrid", "internal"])
        return (result, made.credential)
    }

    @Test("registration: raw bytes pass through, authenticatorData/publicKey/publicKeyAlgorithm come from the attestation object")
    func registration() async throws {
        let authenticator = SoftwareAuthenticator()
        var (result, credential) = try await register(authenticator)
        result.largeBlobSupported = true
        result.prfEnabled = true
        result.residentKey = true
        let json = try result.json()
        let response = try #require(json["response"]?.objectValue)
        #expect(response["clientDataJSON"] == .string(Base64URL.encode(Self.iOSClientData("webauthn.create"))), "byte for byte, escapes kept")
        #expect(response["publicKeyAlgorithm"] == JSONValue(Int64(-7)))
        #expect(json["authenticatorAttachment"] == .string("platform"))
        #expect(response["transports"] == .array([.string("hybrid"), .string("internal")]))
        let extensions = try #require(json["clientExtensionResults"]?.objectValue)
        #expect(extensions["largeBlob"]?.objectValue?["supported"] == .bool(true))
        #expect(extensions["prf"]?.objectValue?["enabled"] == .bool(true))
        #expect(extensions["credProps"]?.objectValue?["rk"] == .bool(true))

        let parsed = try RegistrationResponse(json: json)
        let attestation = try AttestationObject(bytes: parsed.attestationObject)
        #expect(parsed.authenticatorData == attestation.authenticatorData.rawBytes)
        let key = try #require(attestation.authenticatorData.attestedCredential).publicKey()
        let spki = try Base64URL.decode(try #require(response["publicKey"]?.stringValue))
        guard case .p256(let p256) = key.key else {
            Issue.record("expected a P-256 credential key, found \(key.key.kindDescription)")
            return
        }
        #expect(spki == Array(p256.derRepresentation), "a DER SubjectPublicKeyInfo, as swift-crypto writes it")

        let verified = try await RegistrationVerifier(policy: Self.policy).verify(parsed, challenge: Challenge(bytes: Self.challenge))
        #expect(verified.credentialID == credential.id)
    }

    @Test("registration: an attestation object for another credential ID is refused")
    func registrationIDMismatch() async throws {
        var (result, _) = try await register(SoftwareAuthenticator())
        result.credentialID = [1, 2, 3]
        #expect(throws: PasskeyError.self) { try result.json() }
        result.attestationObject = [0xa0]
        #expect { try result.json() } throws: { ($0 as? PasskeyError)?.code == "invalidResponse" }
    }

    @Test("assertion: the raw user ID is encoded once; extension outputs; the core verifies it")
    func assertion() async throws {
        let authenticator = SoftwareAuthenticator()
        let (registration, credential) = try await register(authenticator)
        let verified = try await RegistrationVerifier(policy: Self.policy).verify(
            try RegistrationResponse(json: try registration.json()), challenge: Challenge(bytes: Self.challenge))

        let clientData = Self.iOSClientData("webauthn.get")
        let asserted = try await authenticator.authenticatorGetAssertion(
            GetAssertionRequest(clientDataHash: Array(SHA256.hash(data: clientData)), rpID: Self.rpID))
        var result = PlatformAssertionResult(
            credentialID: asserted.credential.id, clientDataJSON: clientData, authenticatorData: asserted.authenticatorData,
            signature: asserted.signature, userID: asserted.credential.userHandle, attachment: "platform")
        result.largeBlobRead = [1, 2, 3]
        result.prfFirst = Array(repeating: 7, count: 32)
        let json = result.json()
        let response = try #require(json["response"]?.objectValue)
        #expect(response["userHandle"] == .string(Base64URL.encode(Self.userID)), "base64url of the raw bytes, never of a string form")
        #expect(json["clientExtensionResults"]?.objectValue?["largeBlob"]?.objectValue?["blob"] == .string("AQID"))
        #expect(
            json["clientExtensionResults"]?.objectValue?["prf"]?.objectValue?["results"]?.objectValue?["first"]
                == .string(Base64URL.encode(Array(repeating: UInt8(7), count: 32))))

        let parsed = try AuthenticationResponse(json: json)
        #expect(parsed.userHandle == Self.userID && credential.userHandle == Self.userID)
        _ = try AuthenticationVerifier(policy: Self.policy).verify(
            parsed, challenge: Challenge(bytes: Self.challenge),
            credential: StoredCredential(id: verified.credentialID, publicKey: verified.publicKey, signCount: verified.signCount))

        result.userID = nil
        #expect(result.json()["response"]?.objectValue?["userHandle"] == nil, "no user handle: the member is left out")
    }
}
