import Crypto
import Foundation
import PasskeyAuthenticator
import PasskeyCore

/// Plays the browser for server tests: turns options JSON into WebAuthn L3 response JSON with the software
/// authenticator, the way `navigator.credentials` would for `origin`.
struct TestBrowser {
    var origin: String
    var authenticator = SoftwareAuthenticator()
    var credentials: [SoftwareCredential] = []
    /// The key algorithm new credentials get (ES256 unless a test asks for another, such as ML-DSA-65).
    var algorithm: COSEAlgorithm = .es256

    init(origin: String) { self.origin = origin }

    /// navigator.credentials.create(): builds clientDataJSON, asks the authenticator, returns RegistrationResponseJSON.
    /// `userPresent: false` answers as an authenticator does a conditional create (no UP flag); `credentialID` makes a
    /// new key under an ID of the caller's choosing, as a malicious authenticator may.
    mutating func create(
        _ options: JSONObject, origin: String? = nil, userVerified: Bool = true, userPresent: Bool = true, credentialID: [UInt8]? = nil
    ) throws -> [UInt8] {
        let challenge = try options.requiredString("challenge")
        let rpID = try options.requiredObject("rp").optionalString("id") ?? "localhost"
        let user = try options.requiredObject("user")
        let handle = try Base64URL.decode(try user.requiredString("id"))
        let clientData = ClientDataBuilder.json(type: "webauthn.create", challenge: challenge, origin: origin ?? self.origin)
        let made = try authenticator.makeCredential(
            rpID: rpID, userHandle: handle, clientDataHash: Array(SHA256.hash(data: clientData)), algorithm: algorithm, userVerified: userVerified,
            credentialID: credentialID, userPresent: userPresent)
        credentials.append(made.credential)
        return Self.serialize([
            "id": .string(Base64URL.encode(made.credential.id)), "rawId": .string(Base64URL.encode(made.credential.id)),
            "type": .string("public-key"),
            "response": .object(
                JSONObject([
                    "clientDataJSON": .string(Base64URL.encode(clientData)), "attestationObject": .string(Base64URL.encode(made.attestationObject)),
                    "transports": .array([.string("internal")]),
                ])),
            "authenticatorAttachment": .string("platform"), "clientExtensionResults": .object(JSONObject()),
        ])
    }

    /// navigator.credentials.get(): uses the first allowed credential it holds (any, for discoverable sign-in).
    mutating func get(_ options: JSONObject, credentialIndex: Int? = nil, origin: String? = nil, userVerified: Bool = true) throws -> [UInt8] {
        let challenge = try options.requiredString("challenge")
        let allowed = (options["allowCredentials"]?.arrayValue ?? []).compactMap { $0.objectValue?["id"]?.stringValue }
        let index =
            try credentialIndex ?? credentials.firstIndex(where: { allowed.isEmpty || allowed.contains(Base64URL.encode($0.id)) })
            ?? { throw TestBrowserError.noCredential }()
        let clientData = ClientDataBuilder.json(type: "webauthn.get", challenge: challenge, origin: origin ?? self.origin)
        let (authData, signature) = try authenticator.getAssertion(
            &credentials[index], clientDataHash: Array(SHA256.hash(data: clientData)), userVerified: userVerified)
        let credential = credentials[index]
        return Self.serialize([
            "id": .string(Base64URL.encode(credential.id)), "rawId": .string(Base64URL.encode(credential.id)), "type": .string("public-key"),
            "response": .object(
                JSONObject([
                    "clientDataJSON": .string(Base64URL.encode(clientData)), "authenticatorData": .string(Base64URL.encode(authData)),
                    "signature": .string(Base64URL.encode(signature)), "userHandle": .string(Base64URL.encode(credential.userHandle)),
                ])),
            "clientExtensionResults": .object(JSONObject()),
        ])
    }

    static func serialize(_ members: KeyValuePairs<String, JSONValue>) -> [UInt8] {
        Array(JSONValue.object(JSONObject(members)).serialized().utf8)
    }
}

enum TestBrowserError: Error { case noCredential }
