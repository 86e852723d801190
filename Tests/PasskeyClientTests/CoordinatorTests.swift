import Foundation
import PasskeyAuthenticator
import PasskeyClient
import PasskeyCore
import Testing

@Suite("PasskeyCoordinator: whole ceremonies with the software authenticator against a live server")
struct CoordinatorTests {
    @Test("register, sign in by name and discoverably, list, rename, remove (locally too), sign out")
    func accountLifecycle() async throws {
        try await LiveServer.run { baseURL in
            let (provider, store) = LiveServer.softwareProvider()
            let passkeys = PasskeyCoordinator(relyingParty: LiveServer.relyingParty(baseURL), provider: provider)

            let registered = try await passkeys.register(username: "grace", displayName: "Grace Hopper")
            #expect(await passkeys.session == registered.session)
            #expect(await store.allCredentials().map { Base64URL.encode($0.id) } == [registered.credential.id])
            #expect(registered.recoveryCodes.count == 10 && Set(registered.recoveryCodes).count == 10, "a new account's codes, once")

            let byName = try await passkeys.signIn(username: "grace")
            let discoverable = try await passkeys.signIn(mediation: .conditional)
            #expect(byName.user.name == "grace" && discoverable.user == byName.user)
            #expect(await passkeys.session == discoverable.session)

            #expect(try await passkeys.passkeys().map(\.id) == [registered.credential.id])
            #expect(try await passkeys.rename(registered.credential.id, to: "CLI key").name == "CLI key")
            await expectKind(.server(status: 409, message: "", code: "lastPasskey"), matchingStatusOnly: true) {
                try await passkeys.remove(registered.credential.id)
            }
            #expect(await store.allCredentials().count == 1, "a passkey the server keeps stays on the device")

            try await passkeys.deleteAccount()
            #expect(await passkeys.session == nil)
            #expect(await store.allCredentials().isEmpty, "the software provider forgets the deleted account's passkeys")
            await #expect(throws: PasskeyError.self) { _ = try await passkeys.passkeys() }
            await expectKind(.noCredentials) { try await passkeys.signIn() }
        }
    }

    @Test("a conditional registration asks the server for a conditional ceremony, which accepts the provider's answer without UP")
    func conditionalRegistration() async throws {
        try await LiveServer.run { baseURL in
            let (provider, store) = LiveServer.softwareProvider()
            let passkeys = PasskeyCoordinator(relyingParty: LiveServer.relyingParty(baseURL), provider: provider)
            let registered = try await passkeys.register(username: "hedy", mediation: .conditional)
            #expect(await store.allCredentials().map { Base64URL.encode($0.id) } == [registered.credential.id])
            // Without the options request saying so, the same answer (no UP) is refused and rolled back.
            let api = LiveServer.relyingParty(baseURL)
            let options = try await api.beginRegistration(.passkey(username: "ada"))
            let response = try await provider.create(options, mediation: .conditional)
            await #expect(throws: RelyingPartyClientError.self) { _ = try await api.finishRegistration(response) }
        }
    }

    @Test("a registration the server refuses is rolled back: no local key is left")
    func rollback() async throws {
        try await LiveServer.run(origins: ["https://elsewhere.example"]) { baseURL in
            let (provider, store) = LiveServer.softwareProvider()
            let passkeys = PasskeyCoordinator(relyingParty: LiveServer.relyingParty(baseURL), provider: provider)
            let error = await thrown { try await passkeys.register(username: "rollback") }
            guard case .server(400, _, "originMismatch")? = (error as? PasskeyError)?.kind else {
                Issue.record("expected the server's originMismatch, found \(String(describing: error))")
                return
            }
            #expect(await store.allCredentials().isEmpty)
            #expect(await passkeys.session == nil)
        }
    }

    @Test("typed failures: no passkey on the device, no session, an unknown passkey")
    func failures() async throws {
        try await LiveServer.run { baseURL in
            let (provider, _) = LiveServer.softwareProvider()
            let passkeys = PasskeyCoordinator(relyingParty: LiveServer.relyingParty(baseURL), provider: provider)
            await expectKind(.noCredentials) { try await passkeys.signIn() }
            await expectKind(.failed(reason: "notSignedIn")) { _ = try await passkeys.passkeys() }
            try await passkeys.register(username: "linus")
            await expectKind(.server(status: 404, message: "", code: nil), matchingStatusOnly: true) { try await passkeys.remove("AAAA") }
            // Registering the same name again without its session is refused by the server, and rolled back.
            let other = PasskeyCoordinator(relyingParty: LiveServer.relyingParty(baseURL), provider: provider)
            await expectKind(.server(status: 403, message: "", code: nil), matchingStatusOnly: true) { try await other.register(username: "linus") }
        }
    }

    func expectKind(
        _ expected: PasskeyError.Kind, matchingStatusOnly: Bool = false, _ body: () async throws -> Void,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        do {
            try await body()
            Issue.record("expected \(expected)", sourceLocation: sourceLocation)
        } catch let error as PasskeyError {
            if matchingStatusOnly, case .server(let status, let message, _) = error.kind, case .server(let expectedStatus, _, _) = expected {
                #expect(status == expectedStatus && !message.isEmpty, "\(error)", sourceLocation: sourceLocation)
            } else {
                #expect(error.kind == expected, "\(error)", sourceLocation: sourceLocation)
            }
        } catch {
            Issue.record("expected a PasskeyError, found \(error)", sourceLocation: sourceLocation)
        }
    }
}
