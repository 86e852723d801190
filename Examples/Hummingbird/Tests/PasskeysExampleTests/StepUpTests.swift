import Foundation
import HummingbirdTesting
import PasskeyAuthenticator
import PasskeyHummingbird
import PasskeyRouteTesting
import PasskeysExample
import Testing

@Suite("Example app, attack: a stolen session adds the thief's passkey")
struct StepUpTests {
    @Test("past the window a session alone cannot add a passkey (403 reverificationRequired); after a step-up it can")
    func addingNeedsStepUp() async throws {
        // The scenarios' window, on a clock the test moves past it: no sleep, and no step inside the window that a
        // busy machine could stretch past it.
        let clock = ScenarioClock()
        let configure = { (configuration: inout ExampleConfiguration) in
            configuration.reverificationWindow = RouteScenarios.shortReverificationWindow
            configuration.clock = clock.now
        }
        try await ExampleServer.run(configure: configure) { client in
            var owner = ScenarioBrowser(client)
            #expect(try await owner.register("ada").ok)
            // Right after sign-up, the sign-in itself is the verification.
            var laptop = ScenarioBrowser(client, authenticator: SoftwareAuthenticator())
            laptop.cookie = owner.cookie
            #expect(try await laptop.register("ada").ok, "a fresh sign-in counts")

            RouteScenarios.movePastReverificationWindow(clock)
            var thief = ScenarioBrowser(client, authenticator: SoftwareAuthenticator())
            thief.cookie = owner.cookie
            let refused = try await thief.registrationOptions("ada")
            #expect(refused.status == 403 && refused.code == "reverificationRequired", "\(refused.text)")

            // The step-up: this user's passkeys only, user verification required, no new session.
            let options = try await owner.post("/passkeys/session/verify/options", JSONObject())
            #expect(options.ok && options.object["userVerification"] == .string("required"), "\(options.text)")
            #expect(options.object["allowCredentials"]?.arrayValue?.count == 2)
            let cookieBefore = owner.cookie
            let verified = try await owner.post("/passkeys/session/verify/result", try await owner.assertion(options))
            #expect(verified.ok && verified.object["verifiedAt"]?.stringValue != nil, "\(verified.text)")
            #expect(verified.header("Set-Cookie") == nil && owner.cookie == cookieBefore, "no new session")
            var tablet = ScenarioBrowser(client, authenticator: SoftwareAuthenticator())
            tablet.cookie = owner.cookie
            #expect(try await tablet.register("ada").ok, "verified: the same session may add a passkey")
        }
    }

    @Test("a step-up needs a session, and a response to another sign-in verifies nothing")
    func stepUpCeremony() async throws {
        try await ExampleServer.run { client in
            var nobody = ScenarioBrowser(client)
            let anonymous = try await nobody.post("/passkeys/session/verify/options", JSONObject())
            #expect(anonymous.status == 401, "\(anonymous.text)")

            var owner = ScenarioBrowser(client)
            #expect(try await owner.register("ada").ok)
            let signIn = try await owner.signInOptions("ada")
            let plain = try await owner.post("/passkeys/session/verify/result", try await owner.assertion(signIn))
            #expect(plain.code == "ceremonyUserMismatch", "\(plain.text)")
            // A step-up's response posted to the sign-in finish starts no session.
            let stepUp = try await owner.post("/passkeys/session/verify/options", JSONObject())
            var other = ScenarioBrowser(client, authenticator: owner.webAuthn.authenticator)
            let asSignIn = try await other.post("/passkeys/assertion/result", try await owner.assertion(stepUp))
            #expect(asSignIn.code == "ceremonyUserMismatch" && other.cookie == nil, "\(asSignIn.text)")
        }
    }
}
