import Foundation
import HummingbirdTesting
import PasskeyCore
import PasskeyServer
import Testing

/// Conditional create (WebAuthn L3 §5.1.3 `mediation: "conditional"`, §7.1 step 15): a registration begun as
/// conditional may finish without the UP flag; no other may.
@Suite("Conditional create")
struct ConditionalCreateTests {
    static let conditional = JSONValue.string("conditional")

    @Test("UP=0 is accepted for a registration begun as conditional, and refused for an ordinary one", arguments: Backend.all)
    func userPresence(_ backend: Backend) async throws {
        try await TestServer.withServer(TestServer.configuration(backend.location())) { client in
            var browser = TestBrowser(origin: TestServer.origin)
            let username = uniqueName()
            let options = try await client.call(
                .post, "/attestation/options", json: JSONObject(["username": .string(username), "mediation": Self.conditional]))
            #expect(options.ok, "\(options.errorMessage)")
            #expect(options.object["mediation"] == Self.conditional, "the client is told to call create() with mediation")
            let accepted = try await client.call(.post, "/attestation/result", bytes: try browser.create(options.object, userPresent: false))
            #expect(accepted.ok, "\(accepted.errorMessage)")
            let signedIn = try await client.signIn(username, browser: &browser)
            #expect(signedIn.ok, "the passkey made without UP signs in (with UP) like any other: \(signedIn.errorMessage)")

            // The attack: a response without user presence to an ordinary ceremony, as a page that made a credential
            // without the user's gesture would send. The ceremony says it was not conditional, whatever the client says.
            let ordinary = try await client.call(.post, "/attestation/options", json: JSONObject(["username": .string(uniqueName())]))
            #expect(ordinary.object["mediation"] == nil)
            var claimed = ordinary.object
            claimed["mediation"] = Self.conditional
            let refused = try await client.call(.post, "/attestation/result", bytes: try browser.create(claimed, userPresent: false))
            #expect(!refused.ok && refused.code == "userNotPresent", "\(refused.object)")
        }
    }

    @Test("a conditional registration still meets the user-verification policy", arguments: Backend.all)
    func userVerification(_ backend: Backend) async throws {
        try await TestServer.withServer(TestServer.configuration(backend.location(), userVerification: .required)) { client in
            var browser = TestBrowser(origin: TestServer.origin)
            let options = try await client.call(
                .post, "/attestation/options", json: JSONObject(["username": .string(uniqueName()), "mediation": Self.conditional]))
            let refused = try await client.call(
                .post, "/attestation/result", bytes: try browser.create(options.object, userVerified: false, userPresent: false))
            #expect(!refused.ok && refused.code == "userNotVerified", "\(refused.object)")
            let again = try await client.call(
                .post, "/attestation/options", json: JSONObject(["username": .string(uniqueName()), "mediation": Self.conditional]))
            let accepted = try await client.call(
                .post, "/attestation/result", bytes: try browser.create(again.object, userVerified: true, userPresent: false))
            #expect(accepted.ok, "\(accepted.errorMessage)")
        }
    }

    @Test("mediation other than conditional is refused with 400", arguments: ["silent", "required", "Conditional", ""])
    func otherMediation(_ mediation: String) async throws {
        try await TestServer.withServer(TestServer.configuration(Backend.sqlite.location())) { client in
            let options = try await client.call(
                .post, "/attestation/options", json: JSONObject(["username": .string(uniqueName()), "mediation": .string(mediation)]))
            #expect(options.status == .badRequest && options.errorMessage.contains("mediation"), "\(options.object)")
        }
    }
}
