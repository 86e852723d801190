import Foundation
import PasskeyAuthenticator
import PasskeyClient
import PasskeyCore
import PasskeySoftwareProvider
import Testing

/// The app gets tokens for its own API from the SDK, kept while fresh and tied to the session.
@Suite("Session tokens in the client SDK")
struct SessionTokenClientTests {
    @Test("apiToken: one request while the token is fresh, a new one for a new session, none without a session")
    func cached() async throws {
        try await LiveServer.run { baseURL in
            let (provider, _) = LiveServer.softwareProvider()
            let relyingParty = LiveServer.relyingParty(baseURL)
            let passkeys = PasskeyCoordinator(relyingParty: relyingParty, provider: provider)
            _ = try await passkeys.register(username: "tokens")

            let first = try await passkeys.apiToken()
            #expect(first.expiresIn == 300 && first.token.split(separator: ".").count == 3)
            #expect(try await passkeys.apiToken() == first, "kept while fresh")
            // Concurrent callers share the token.
            async let a = passkeys.apiToken()
            async let b = passkeys.apiToken()
            let (one, two) = try await (a, b)
            #expect(one == first && two == first)
            // A direct request always asks the server: a new token (another jti).
            let session = try #require(await passkeys.session)
            #expect(try await relyingParty.sessionToken(session: session).token != first.token)

            _ = try await passkeys.signIn(username: "tokens")
            let afterSignIn = try await passkeys.apiToken()
            #expect(afterSignIn.token != first.token, "a new session gets its own token")

            let signedIn = try #require(await passkeys.session)
            #expect(signedIn != session)
            try await passkeys.signOut()
            await #expect(throws: PasskeyError.self) { _ = try await passkeys.apiToken() }
            // The ended session gets nothing from the server either.
            await #expect(throws: RelyingPartyClientError.self) { _ = try await relyingParty.sessionToken(session: signedIn) }
        }
    }

    @Test("the bridge hands a page a token when the app gives it a source, and refuses otherwise")
    func bridge() async throws {
        let client = WebAuthnClient(origin: "https://app.example.com", authenticator: SoftwareAuthenticator())
        let message = Array(#"{"action":"sessionToken","options":{}}"#.utf8)
        let without = PasskeyBridge(provider: SoftwarePasskeyProvider(client: client), allowedOrigins: ["https://app.example.com"])
        let refused = await without.handle(message, from: "https://app.example.com").objectValue
        #expect(refused?["ok"] == .bool(false) && refused?["name"] == .string("NotSupportedError"))

        let with = PasskeyBridge(
            provider: SoftwarePasskeyProvider(client: client), allowedOrigins: ["https://app.example.com"],
            sessionTokens: { SessionToken(token: "a.b.c", expiresIn: 300) })
        let answered = await with.handle(message, from: "https://app.example.com").objectValue
        #expect(answered?["ok"] == .bool(true))
        #expect(answered?["data"]?.objectValue?["token"] == .string("a.b.c"))
        let stranger = await with.handle(message, from: "https://evil.example").objectValue
        #expect(stranger?["ok"] == .bool(false), "only allowed origins get a token")
    }
}
