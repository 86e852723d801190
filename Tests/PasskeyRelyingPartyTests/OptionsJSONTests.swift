import Foundation
import PasskeyCore
import PasskeyRelyingParty
import Testing

/// The typed L3 options values read and write exactly the JSON a browser's `parse…FromJSON()` takes.
@Suite("Typed options JSON")
struct OptionsJSONTests {
    static let creation =
        #"{"rp":{"name":"Example","id":"example.com"},"user":{"id":"AQID","name":"ada","displayName":"Ada"},"challenge":"AAECAwQFBgcICQoLDA0ODw","pubKeyCredParams":[{"type":"public-key","alg":-7},{"type":"public-key","alg":-8}],"timeout":300000,"excludeCredentials":[{"type":"public-key","id":"BAU","transports":["internal","hybrid"]}],"authenticatorSelection":{"userVerification":"required","x-vendor":{"a":[1,2.5e3]},"residentKey":"preferred"},"hints":["client-device","hybrid"],"attestation":"direct","attestationFormats":["packed","tpm"],"extensions":{"credProps":true,"x-other":null}}"#

    static let request =
        #"{"challenge":"AAECAwQFBgcICQoLDA0ODw","timeout":60000,"rpId":"example.com","allowCredentials":[{"type":"public-key","id":"BAU"}],"userVerification":"discouraged","hints":["security-key"],"extensions":{"largeBlob":{"read":true}}}"#

    @Test("every member round-trips byte for byte, echoed objects keeping their order and unknown members")
    func roundTrip() throws {
        let creation = try PublicKeyCredentialCreationOptionsJSON(jsonBytes: Array(Self.creation.utf8))
        #expect(creation.jsonText == Self.creation)
        #expect(creation.authenticatorSelection?.userVerification == .required)
        #expect(creation.authenticatorSelection?.residentKey == .preferred)
        #expect(creation.hints == [.clientDevice, .hybrid])
        #expect(creation.pubKeyCredParams.map(\.alg) == [.es256, .edDSA])
        #expect(creation.extensions?.credProps == true)
        let request = try PublicKeyCredentialRequestOptionsJSON(jsonBytes: Array(Self.request.utf8))
        #expect(request.jsonText == Self.request)
        #expect(request.userVerification == .discouraged)
        #expect(request.allowCredentials.first?.id == [4, 5])
    }

    @Test("Codable goes through the same JSON: JSONEncoder output reads back to an equal value")
    func codable() throws {
        let creation = try PublicKeyCredentialCreationOptionsJSON(jsonBytes: Array(Self.creation.utf8))
        let decoded = try JSONDecoder().decode(PublicKeyCredentialCreationOptionsJSON.self, from: JSONEncoder().encode(creation))
        #expect(decoded.challenge == creation.challenge)
        #expect(decoded.user == creation.user)
        #expect(decoded.excludeCredentials == creation.excludeCredentials)
        #expect(decoded.authenticatorSelection?.userVerification == .required)
        let request = try PublicKeyCredentialRequestOptionsJSON(jsonBytes: Array(Self.request.utf8))
        #expect(try JSONDecoder().decode(PublicKeyCredentialRequestOptionsJSON.self, from: JSONEncoder().encode(request)) == request)
    }

    @Test("setting userVerification replaces the member where it stands")
    func userVerificationInPlace() throws {
        var selection = try AuthenticatorSelectionCriteria(
            json: JSONParser.parseObject(Array(#"{"userVerification":"discouraged","residentKey":"required"}"#.utf8)))
        selection.userVerification = .required
        #expect(JSONValue.object(selection.json).serialized() == #"{"userVerification":"required","residentKey":"required"}"#)
    }

    @Test(
        "wrong types, padded or non-url base64 and unknown enumeration values are refused with the member's path",
        arguments: [
            (#"{"challenge":"AAEC","allowCredentials":[{"type":"public-key","id":"AA=="}]}"#, "credential descriptor.id"),
            (#"{"challenge":"AA+/"}"#, "challenge"),
            (#"{"challenge":"AAEC","timeout":"60"}"#, "timeout"),
            (#"{"challenge":"AAEC","userVerification":"sometimes"}"#, "userVerification"),
            (#"{"challenge":"AAEC","hints":["phone"]}"#, "hints[0]"),
            (#"{"challenge":"AAEC","allowCredentials":{}}"#, "allowCredentials"),
            (#"{"challenge":"AAEC","extensions":{"credProps":"yes"}}"#, "extensions.credProps"),
        ])
    func refusals(text: String, member: String) throws {
        do {
            _ = try PublicKeyCredentialRequestOptionsJSON(jsonBytes: Array(text.utf8))
            Issue.record("accepted \(text)")
        } catch {
            #expect(error.message.hasPrefix(member), "\(error.message)")
        }
    }

    @Test("trailing bytes and duplicate members are refused")
    func strictText() {
        #expect(throws: WebAuthnError.self) { try PublicKeyCredentialRequestOptionsJSON(jsonBytes: Array(#"{"challenge":"AAEC"} x"#.utf8)) }
        #expect(throws: WebAuthnError.self) {
            try PublicKeyCredentialRequestOptionsJSON(jsonBytes: Array(#"{"challenge":"AAEC","challenge":"AAED"}"#.utf8))
        }
    }
}
