import PasskeyAuthenticator
import PasskeyClient
import PasskeyCore
import Testing

@Suite("Platform requests built from L3 options (what the iOS adapter copies)")
struct PlatformRequestTests {
    static func options(_ text: String) throws -> JSONObject { try JSONParser.parseObject(Array(text.utf8), what: "options") }

    static let creation =
        #"{"rp":{"name":"Example"},"user":{"id":"_wCAQf4Q","name":"ada","displayName":"Ada"},"challenge":"AAECAwQ","pubKeyCredParams":[{"type":"public-key","alg":-8},{"type":"public-key","alg":-7}]"#

    @Test("registration: raw user ID, default RP ID, both providers, algorithms in the server's order")
    func registration() throws {
        let request = try PlatformRegistrationRequest(
            options: Self.options(Self.creation + "}"), defaultRelyingPartyID: "example.com", mediation: .modal)
        #expect(request.options.userHandle == [0xff, 0x00, 0x80, 0x41, 0xfe, 0x10], "the bytes of user.id, not its text")
        #expect(request.relyingPartyID == "example.com" && request.options.challengeBytes == [0, 1, 2, 3, 4])
        #expect(request.authenticators == [.platform, .securityKey])
        #expect(
            request.options.algorithms == [.edDSA, .es256] && request.options.attestation == "none"
                && request.options.residentKeyRequirement == .discouraged)
        #expect(!request.conditional && request.options.largeBlob == nil && request.options.prf == nil)
    }

    @Test("registration: attachment, exclusions with transports, extensions, conditional create")
    func registrationOptions() throws {
        let text =
            Self.creation
            + #","authenticatorSelection":{"authenticatorAttachment":"cross-platform","residentKey":"required","userVerification":"required"},"attestation":"direct","excludeCredentials":[{"type":"public-key","id":"AQID","transports":["usb"]}],"extensions":{"largeBlob":{"support":"required"},"prf":{"eval":{"first":"AAAA"}},"credProps":true}}"#
        let request = try PlatformRegistrationRequest(options: Self.options(text), defaultRelyingPartyID: "example.com", mediation: .modal)
        #expect(
            request.authenticators == [.securityKey] && request.options.residentKeyRequirement == .required
                && request.options.userVerification == .required)
        #expect(
            request.options.attestation == "direct"
                && request.options.excludeCredentials == [CredentialDescriptor(id: [1, 2, 3], transports: ["usb"])])
        #expect(request.options.largeBlob == .required && request.options.prf?.eval?.first == [0, 0, 0] && request.options.credPropsRequested)

        let conditional = try PlatformRegistrationRequest(
            options: Self.options(Self.creation + "}"), defaultRelyingPartyID: "example.com", mediation: .conditional)
        #expect(conditional.conditional && conditional.authenticators == [.platform])
        #expect(throws: PasskeyError.self) {
            try PlatformRegistrationRequest(options: Self.options(text), defaultRelyingPartyID: "example.com", mediation: .conditional)
        }
    }

    @Test(
        "registration: options a platform cannot honour are refused with typed errors",
        arguments: [
            (
                #"{"rp":{},"user":{"id":"AQ","name":"a"},"challenge":"AA","pubKeyCredParams":[{"type":"public-key","alg":-8}],"authenticatorSelection":{"authenticatorAttachment":"platform"}}"#,
                "unsupportedAlgorithm"
            ),
            (#"{"rp":{},"user":{"id":"AQ==","name":"a"},"challenge":"AA"}"#, "invalidOptions"),
            (#"{"rp":{},"user":{"id":"AQ","name":"a"},"challenge":"AA","extensions":{"largeBlob":{"read":true}}}"#, "invalidOptions"),
            (#"{"rp":{},"user":{"id":"AQ","name":"a"},"challenge":"AA","extensions":{"prf":{"evalByCredential":{}}}}"#, "invalidOptions"),
        ])
    func registrationRefusals(_ text: String, _ code: String) throws {
        #expect { try PlatformRegistrationRequest(options: Self.options(text), defaultRelyingPartyID: "example.com", mediation: .modal) } throws: {
            ($0 as? PasskeyError)?.code == code
        }
    }

    @Test(
        "assertion: which providers a request goes to",
        arguments: [
            ("[]", PasskeyMediation.modal, [PlatformAuthenticator.platform, .securityKey]),
            ("[]", .conditional, [.platform]),
            ("[]", .immediate, [.platform]),
            (#"[{"type":"public-key","id":"AQ","transports":["usb","nfc"]}]"#, .modal, [.securityKey]),
            (#"[{"type":"public-key","id":"AQ","transports":["internal","hybrid"]}]"#, .modal, [.platform]),
            (#"[{"type":"public-key","id":"AQ","transports":["internal"]},{"type":"public-key","id":"Ag"}]"#, .modal, [.platform, .securityKey]),
        ])
    func assertionProviders(_ allow: String, _ mediation: PasskeyMediation, _ expected: [PlatformAuthenticator]) throws {
        let options = try Self.options(#"{"challenge":"AAEC","allowCredentials":\#(allow)}"#)
        let request = try PlatformAssertionRequest(options: options, defaultRelyingPartyID: "example.com", mediation: mediation)
        #expect(request.authenticators == expected)
        #expect(request.relyingPartyID == "example.com" && request.options.challengeBytes == [0, 1, 2])
    }

    @Test("assertion: largeBlob and prf inputs, and their refusals")
    func assertionExtensions() throws {
        let read = try PlatformAssertionRequest(
            options: Self.options(#"{"challenge":"AA","rpId":"rp.example","extensions":{"largeBlob":{"read":true}}}"#), defaultRelyingPartyID: "x",
            mediation: .modal)
        #expect(read.options.largeBlob == .read && read.relyingPartyID == "rp.example")
        let write = try PlatformAssertionRequest(
            options: Self.options(#"{"challenge":"AA","extensions":{"largeBlob":{"write":"AQID"}}}"#), defaultRelyingPartyID: "x", mediation: .modal)
        #expect(write.options.largeBlob == .write([1, 2, 3]))
        let prf = try PlatformAssertionRequest(
            options: Self.options(
                #"{"challenge":"AA","allowCredentials":[{"type":"public-key","id":"AQ"}],"extensions":{"prf":{"eval":{"first":"AA","second":"AQ"},"evalByCredential":{"AQ":{"first":"Ag"}}}}}"#
            ), defaultRelyingPartyID: "x", mediation: .modal)
        #expect(prf.options.prf?.eval?.second == [1] && prf.options.prf?.evalByCredential[[1]]?.first == [2])
        for refused in [
            #"{"challenge":"AA","extensions":{"largeBlob":{"read":true,"write":"AQ"}}}"#,
            #"{"challenge":"AA","extensions":{"largeBlob":{"support":"required"}}}"#,
            #"{"challenge":"AA","extensions":{"prf":{"evalByCredential":{"AQ":{"first":"AA"}}}}}"#,
            #"{"challenge":"AA","allowCredentials":[{"type":"public-key","id":"Ag"}],"extensions":{"prf":{"evalByCredential":{"AQ":{"first":"AA"}}}}}"#,
            #"{"challenge":"AA","extensions":{"prf":{"eval":{"first":"AA=="}}}}"#,
        ] {
            #expect(throws: PasskeyError.self, "\(refused)") {
                try PlatformAssertionRequest(options: Self.options(refused), defaultRelyingPartyID: "x", mediation: .modal)
            }
        }
    }
}
