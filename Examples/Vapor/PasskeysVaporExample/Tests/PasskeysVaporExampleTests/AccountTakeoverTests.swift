import Foundation
import PasskeyAuthenticator
import PasskeyVapor
import Testing

@Suite("Vapor example, attack: taking over an account by its username")
struct AccountTakeoverTests {
    @Test("registering a taken username without that account's session is refused and reveals nothing of the account", arguments: Backend.available)
    func takenUsername(_ backend: Backend) async throws {
        try await ExampleServer.run(backend) { client in
            var victim = Browser(client)
            let registered = try await victim.register("ada")
            let handle = try #require(registered.object["user"]?.objectValue?["id"]?.stringValue)

            // No session at all, and then the session of another account.
            var stranger = Browser(client)
            let anonymous = try await stranger.registrationOptions("ada")
            #expect(try await stranger.register("mallory").ok)
            let otherAccount = try await stranger.registrationOptions("ada")
            for attempt in [anonymous, otherAccount] {
                #expect(attempt.status == .forbidden && attempt.code == "usernameTaken", "\(attempt.status) \(attempt.text)")
                #expect(attempt.object["user"] == nil && attempt.object["challenge"] == nil, "no options: \(attempt.text)")
                #expect(!attempt.text.contains(handle), "the account's user handle is not given out")
            }
            // Ada's account still has exactly her passkey: she signs in with it, the stranger's browser cannot.
            var returning = Browser(client, authenticator: victim.webAuthn.authenticator)
            #expect(try await returning.signIn("ada").ok)
            let options = try await stranger.signInOptions("ada")
            await #expect(throws: WebAuthnClientError.self, "the stranger's authenticator holds none of Ada's passkeys") {
                try await stranger.assertion(options)
            }
        }
    }

    @Test("a registration begun with a session that has since ended cannot be finished", arguments: Backend.available)
    func endedSession(_ backend: Backend) async throws {
        try await ExampleServer.run(backend) { client in
            var owner = Browser(client)
            #expect(try await owner.register("ada").ok)
            // A thief with Ada's cookie begins adding a passkey and keeps the options for later.
            var thief = Browser(client)
            thief.cookie = owner.cookie
            let kept = try await thief.registrationOptions("ada")
            #expect(kept.ok, "\(kept.text)")
            // Ada signs out, which ends that session.
            #expect(try await owner.send(.DELETE, "/session").ok)

            let late = try await thief.finishRegistration(kept)
            #expect(late.status == .forbidden && late.code == "sessionEnded", "\(late.status) \(late.text)")
            #expect(try await thief.me() == nil, "no session for the thief")
            // The thief's passkey was not stored: it cannot sign in to Ada's account.
            let options = try await thief.signInOptions(nil)
            let attempt = try await thief.post("/passkeys/assertion/result", try await thief.assertion(options))
            #expect(attempt.code == "unknownCredential", "\(attempt.text)")
        }
    }

    @Test("signing in issues a new session ID: a session cookie planted before the sign-in is not signed in after it")
    func sessionFixation() async throws {
        try await ExampleServer.run { client in
            var ada = Browser(client)
            #expect(try await ada.register("ada").ok)
            #expect(try await ada.send(.DELETE, "/session").ok)
            // Mallory keeps a live session of her own (her own account) and plants its cookie in Ada's browser.
            var mallory = Browser(client)
            #expect(try await mallory.register("mallory").ok)
            let planted = try #require(mallory.cookie)
            var fixed = Browser(client, authenticator: ada.webAuthn.authenticator)
            fixed.cookie = planted
            #expect(try await fixed.signIn("ada").ok)
            #expect(fixed.cookie != planted, "a fresh session ID after the sign-in")
            var attacker = Browser(client)
            attacker.cookie = planted
            #expect(try await attacker.me() != "ada", "the planted ID does not become Ada's session")
        }
    }
}
