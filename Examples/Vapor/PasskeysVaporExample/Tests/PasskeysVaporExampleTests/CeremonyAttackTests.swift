import Foundation
import PasskeyAuthenticator
import PasskeyVapor
import Testing

@Suite("Vapor example, attack: replayed and misdirected sign-ins")
struct CeremonyAttackTests {
    @Test("an assertion result sent again is refused as an unknown ceremony and starts no session", arguments: Backend.available)
    func replayedAssertion(_ backend: Backend) async throws {
        try await ExampleServer.run(backend) { client in
            var ada = Browser(client)
            #expect(try await ada.register("ada").ok)
            let options = try await ada.signInOptions("ada")
            let assertion = try await ada.assertion(options)

            var first = Browser(client)
            #expect(try await first.post("/passkeys/assertion/result", assertion).ok)
            var replay = Browser(client)
            let again = try await replay.post("/passkeys/assertion/result", assertion)
            #expect(again.status == .badRequest && again.code == "unknownCeremony", "\(again.status) \(again.text)")
            #expect(again.headers.first(name: .setCookie) == nil && replay.cookie == nil)
            #expect(try await replay.me() == nil)
        }
    }

    @Test("a sign-in begun for Ada cannot be finished with Bob's passkey, and the answer names only what Bob sent", arguments: Backend.available)
    func otherUsersPasskey(_ backend: Backend) async throws {
        try await ExampleServer.run(backend) { client in
            var ada = Browser(client)
            var bob = Browser(client)
            #expect(try await ada.register("ada").ok)
            #expect(try await bob.register("bob").ok)
            bob.cookie = nil

            // Bob's client ignores allowCredentials (Ada's passkeys) and signs Ada's challenge with his own passkey.
            var options = try await bob.signInOptions("ada")
            #expect(options.object["allowCredentials"]?.arrayValue?.count == 1)
            var stripped = options.object
            stripped["allowCredentials"] = .array([])
            options = Answer(status: options.status, headers: options.headers, object: stripped, text: options.text)
            let forged = try await bob.assertion(options)

            let answer = try await bob.post("/passkeys/assertion/result", forged)
            #expect(answer.status == .badRequest && answer.code == "unknownCredential", "\(answer.status) \(answer.text)")
            #expect(answer.object["credentialId"] == forged["rawId"], "the echo is the ID Bob sent")
            #expect(answer.headers.first(name: .setCookie) == nil && bob.cookie == nil)
            #expect(try await bob.me() == nil)
        }
    }
}
