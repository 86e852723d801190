import Crypto
import PasskeyAuthenticator
import PasskeyCore
import PasskeyRelyingParty
import Testing

/// `finishRegistration` refuses a credential ID that is registered already, to anyone (WebAuthn L3
/// §7.1 step 26), so an app that upserts credentials by ID cannot have a victim's passkey replaced.
@Suite("A registered credential ID is not registered again")
struct CredentialIDReuseTests {
    /// The attacker's authenticator answering `options` with a new key under a credential ID of its choosing.
    static func registration(_ options: PublicKeyCredentialCreationOptionsJSON, credentialID: [UInt8]) throws -> [UInt8] {
        let clientData = ClientDataBuilder.json(type: "webauthn.create", challenge: Base64URL.encode(options.challenge), origin: TestClient.origin)
        let made = try SoftwareAuthenticator().makeCredential(
            rpID: options.rp.id ?? "example.com", userHandle: options.user.id, clientDataHash: Array(SHA256.hash(data: clientData)),
            credentialID: credentialID)
        let json = try CredentialResponseJSON.registration(
            credentialID: credentialID, clientDataJSON: clientData, attestationObject: made.attestationObject, transports: ["internal"],
            authenticatorAttachment: "platform")
        return Array(JSONValue.object(json).serialized().utf8)
    }

    @Test("Ada's public credential ID under the attacker's key is refused with credentialAlreadyRegistered; a fresh ID registers")
    func reusedID() async throws {
        let passkeys = Passkeys(configuration: .test(), accounts: TestAccounts())
        let ada = try await PasskeysCeremonyTests().register("ada", passkeys, TestClient())
        // Anyone reads Ada's credential IDs from a sign-in begun with her name.
        let listed = try #require(try await passkeys.beginAuthentication(username: "ada").options.allowCredentials.first?.id)
        #expect(listed == ada.credential.id)

        let start = try await passkeys.beginRegistration(for: NewPasskeyUser(name: "mallory"))
        let forged = try Self.registration(start.options, credentialID: listed)
        #expect(await refusal { try await passkeys.finishRegistration(forged) }?.code == "credentialAlreadyRegistered")
        #expect(passkeys.accounts.stored(id: listed)?.publicKey == ada.credential.publicKey)

        let fresh = try await passkeys.beginRegistration(for: NewPasskeyUser(name: "mallory"))
        let registered = try await passkeys.finishRegistration(try Self.registration(fresh.options, credentialID: SecureRandom.bytes(32)))
        #expect(registered.credential.id != listed)
    }
}
