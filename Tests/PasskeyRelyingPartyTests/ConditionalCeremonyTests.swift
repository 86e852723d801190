import Foundation
import PasskeyAuthenticator
import PasskeyCore
import PasskeyRelyingParty
import Testing

/// A conditional create is recorded in the ceremony itself (WebAuthn L3 §7.1 step 15 is decided by what the relying
/// party began, never by the response), so it must survive every way a ceremony is kept.
@Suite("Conditional create in the typed API")
struct ConditionalCeremonyTests {
    @Test("the ceremony records conditional, the client JSON carries mediation, and both survive Codable and sealing")
    func recorded() async throws {
        let passkeys = Passkeys(configuration: .test(), accounts: TestAccounts(), ceremonies: nil, sealingKey: .random())
        let start = try await passkeys.beginRegistration(for: NewPasskeyUser(name: "hedy"), conditional: true)
        #expect(start.ceremony.conditional)
        #expect(start.clientJSON["mediation"] == .string("conditional"))
        #expect(start.options.json["mediation"] == nil, "the publicKey options themselves stay WebAuthn's")
        let decoded = try JSONDecoder().decode(PendingCeremony.self, from: JSONEncoder().encode(start.ceremony))
        #expect(decoded == start.ceremony && decoded.conditional)

        let sealed = try #require(start.sealedCeremony)
        let registered = try await passkeys.finishRegistration(try await TestClient().create(start.options), ceremony: sealed)
        #expect(registered.ceremony.conditional, "the sealed ceremony opens with its conditional member")

        let ordinary = try await passkeys.beginRegistration(for: NewPasskeyUser(name: "hedy"))
        #expect(!ordinary.ceremony.conditional && ordinary.clientJSON["mediation"] == nil)
        let ordinaryJSON = String(decoding: try JSONEncoder().encode(ordinary.ceremony), as: UTF8.self)
        #expect(!ordinaryJSON.contains("conditional"), "an ordinary ceremony encodes as before the member existed")
    }

    @Test("the options request reads mediation: conditional, and refuses any other value")
    func optionsRequest() throws {
        #expect(try RegistrationOptionsRequest(json: JSONObject(["username": .string("a"), "mediation": .string("conditional")])).conditional)
        #expect(try !RegistrationOptionsRequest(json: JSONObject(["username": .string("a")])).conditional)
        for value in [JSONValue.string("optional"), .string("silent"), .bool(true)] {
            #expect(throws: RelyingPartyError.self) {
                try RegistrationOptionsRequest(json: JSONObject(["username": .string("a"), "mediation": value]))
            }
        }
    }
}
