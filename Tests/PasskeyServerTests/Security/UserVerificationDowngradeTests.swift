import Foundation
import HummingbirdTesting
import PasskeyCore
import PasskeyServer
import Testing

/// The threat "UV downgrade": the operator's policy is a floor; a request may raise it, never lower it, and the
/// response is judged by the policy the ceremony was begun with.
@Suite("Attack: lowering user verification")
struct UserVerificationDowngradeTests {
    @Test("with --user-verification required, a request for discouraged still gets and needs UV", arguments: Backend.all)
    func requiredHolds(_ backend: Backend) async throws {
        try await TestServer.withServer(TestServer.configuration(backend.location(), userVerification: .required)) { client in
            var browser = TestBrowser(origin: TestServer.origin)
            let username = uniqueName()
            let lowered = JSONObject(["userVerification": .string("discouraged"), "residentKey": .string("required")])
            let creation = try await client.call(
                .post, "/attestation/options", json: JSONObject(["username": .string(username), "authenticatorSelection": .object(lowered)]))
            #expect(creation.object["authenticatorSelection"]?.objectValue?["userVerification"] == .string("required"))
            #expect(creation.object["authenticatorSelection"]?.objectValue?["residentKey"] == .string("required"), "the rest is echoed")
            let withoutUV = try await client.call(.post, "/attestation/result", bytes: try browser.create(creation.object, userVerified: false))
            #expect(withoutUV.code == "userNotVerified", "\(withoutUV.errorMessage)")

            let plain = try await client.call(.post, "/attestation/options", json: JSONObject(["username": .string(username)]))
            #expect(
                plain.object["authenticatorSelection"]?.objectValue?["userVerification"] == .string("required"),
                "the policy is stated when stricter than the default")
            #expect(try await client.call(.post, "/attestation/result", bytes: try browser.create(plain.object)).ok)

            let request = try await client.call(
                .post, "/assertion/options", json: JSONObject(["username": .string(username), "userVerification": .string("discouraged")]))
            #expect(request.object["userVerification"] == .string("required"))
            let assertion = try await client.call(.post, "/assertion/result", bytes: try browser.get(request.object, userVerified: false))
            #expect(assertion.code == "userNotVerified")
        }
    }

    @Test("with the default (preferred), a request may raise to required and is then held to it", arguments: Backend.all)
    func requestRaises(_ backend: Backend) async throws {
        try await TestServer.withServer(TestServer.configuration(backend.location())) { client in
            var browser = TestBrowser(origin: TestServer.origin)
            let username = uniqueName()
            _ = try await client.register(username, browser: &browser)
            let lowered = try await client.call(
                .post, "/assertion/options", json: JSONObject(["username": .string(username), "userVerification": .string("discouraged")]))
            #expect(lowered.object["userVerification"] == .string("preferred"), "a request cannot go below the server's policy")
            let raised = try await client.call(
                .post, "/assertion/options", json: JSONObject(["username": .string(username), "userVerification": .string("required")]))
            #expect(raised.object["userVerification"] == .string("required"))
            #expect(
                try await client.call(.post, "/assertion/result", bytes: try browser.get(raised.object, userVerified: false)).code
                    == "userNotVerified")
        }
    }
}
