import Foundation
import HummingbirdTesting
import PasskeyAuthenticator
import PasskeyHummingbird
import Testing

@Suite("Example app, attack: taking over an account by its username")
struct AccountTakeoverTests {
    @Test("registering a taken username without that account's session is refused and reveals nothing of the account")
    func takenUsername() async throws {
        try await ExampleServer.run { client in
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

    @Test("look-alike names are the taken name, a name mixing scripts is refused, and the owner's own spelling adds a passkey")
    func lookalikeNames() async throws {
        try await ExampleServer.run { client in
            var owner = Browser(client)
            #expect(try await owner.register("coe").ok)
            var stranger = Browser(client)
            // Capitals, full width, and the name spelled wholly in Cyrillic letters.
            for lookalike in ["Coe", "COE", "ｃｏｅ", "\u{0441}\u{043E}\u{0435}"] {
                let attempt = try await stranger.registrationOptions(lookalike)
                #expect(attempt.status == .forbidden && attempt.code == "usernameTaken", "\(lookalike): \(attempt.status) \(attempt.text)")
            }
            let mixed = try await stranger.registrationOptions("c\u{043E}ex")
            #expect(mixed.status == .badRequest && mixed.code == "usernameMixesScripts", "\(mixed.status) \(mixed.text)")
            // Signed in, Coe types their name in capitals: a second passkey for their account, not a new account.
            let more = try await owner.registrationOptions("COE")
            #expect(more.ok, "\(more.text)")
            #expect(more.object["user"]?.objectValue?["name"]?.stringValue == "coe", "listed under the stored name")
            // A sign-in by a look-alike spelling is the account's.
            var returning = Browser(client, authenticator: owner.webAuthn.authenticator)
            #expect(try await returning.signIn("CОE").ok)
        }
    }

    @Test("a registration begun with a session that has since ended cannot be finished")
    func endedSession() async throws {
        try await ExampleServer.run { client in
            var owner = Browser(client)
            #expect(try await owner.register("ada").ok)
            // A thief with Ada's cookie begins adding a passkey and keeps the options for later.
            var thief = Browser(client)
            thief.cookie = owner.cookie
            let kept = try await thief.registrationOptions("ada")
            #expect(kept.ok, "\(kept.text)")
            // Ada signs out, which ends that session.
            #expect(try await owner.send(.delete, "/session").ok)

            let late = try await thief.finishRegistration(kept)
            #expect(late.status == .forbidden && late.code == "sessionEnded", "\(late.status) \(late.text)")
            #expect(late.headers[.setCookie] == nil && late.object["session"] == nil, "no session for the thief")
            // The thief's passkey was not stored: it cannot sign in to Ada's account.
            let options = try await thief.signInOptions(nil)
            let attempt = try await thief.post("/passkeys/assertion/result", try await thief.assertion(options))
            #expect(attempt.code == "unknownCredential", "\(attempt.text)")
        }
    }
}
