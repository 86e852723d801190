import Foundation
import PasskeyAuthenticator
import PasskeyClient
import PasskeyCore
import Testing

@Suite("RelyingPartyClient over URLSession against a live server (docs/reference/http.md)")
struct RelyingPartyClientTests {
    @Test("every endpoint: options, results, session, list, rename, remove, sign out")
    func everyEndpoint() async throws {
        try await LiveServer.run { baseURL in
            let api = LiveServer.relyingParty(baseURL)
            let (provider, _) = LiveServer.softwareProvider()

            let creation = try await api.beginRegistration(.passkey(username: "ada", displayName: "Ada Lovelace"))
            #expect(creation["status"] == nil && creation["errorMessage"] == nil, "options come without the status members")
            #expect(creation["user"]?.objectValue?["name"] == .string("ada"))
            let registered = try await api.finishRegistration(try await provider.create(creation))
            #expect(registered.user.name == "ada" && registered.user.displayName == "Ada Lovelace")
            #expect(registered.user.handle.count >= 16, "the user handle is raw random bytes")
            #expect(registered.credential.backupEligible == false && registered.credential.format == "none")

            let request = try await api.beginAuthentication(AuthenticationOptionsRequest(username: "ada"))
            #expect(request["allowCredentials"]?.arrayValue?.count == 1)
            let signedIn = try await api.finishAuthentication(try await provider.get(request))
            #expect(signedIn.user == registered.user && signedIn.credentialID == registered.credential.id)

            #expect(try await api.currentUser(session: signedIn.session) == registered.user)
            let listed = try await api.passkeys(session: signedIn.session)
            #expect(listed.map(\.id) == [registered.credential.id])
            #expect(listed.first?.lastUsedAt != nil, "signing in records the use")

            let renamed = try await api.renamePasskey(id: registered.credential.id, to: "Work laptop", session: signedIn.session)
            #expect(renamed.name == "Work laptop" && renamed.id == registered.credential.id)

            // The only passkey cannot be removed on its own; the account can be deleted, which ends its sessions.
            await #expect {
                try await api.removePasskey(id: registered.credential.id, session: signedIn.session)
            } throws: { error in
                guard case .server(409, _, "lastPasskey", _) = error as? RelyingPartyClientError else { return false }
                return true
            }
            try await api.deleteAccount(session: registered.session)

            try await api.signOut(session: signedIn.session)
            await #expect {
                _ = try await api.currentUser(session: signedIn.session)
            } throws: { error in
                guard case .server(let status, let message, _, _) = error as? RelyingPartyClientError else { return false }
                return status == 401 && !message.isEmpty
            }
        }
    }

    @Test("a refusal carries the server's errorMessage and verification code")
    func serverErrorsSurface() async throws {
        try await LiveServer.run { baseURL in
            let api = LiveServer.relyingParty(baseURL)
            // The page origin is not one the server accepts: the result is refused with originMismatch.
            let (provider, _) = LiveServer.softwareProvider(origin: "http://localhost:9999")
            let creation = try await api.beginRegistration(.passkey(username: "mallory"))
            let response = try await provider.create(creation)
            let error = await thrown { try await api.finishRegistration(response) }
            guard case .server(let status, let message, let code, _)? = error as? RelyingPartyClientError else {
                Issue.record("expected the server's refusal, found \(String(describing: error))")
                return
            }
            #expect(status == 400 && code == "originMismatch")
            #expect(message.contains("origin"), "\(message)")
        }
    }

    @Test("a credential ID that is not base64url is refused before anything is sent")
    func pathInjection() async throws {
        let api = RelyingPartyClient(baseURL: "http://127.0.0.1:1", transport: URLSessionTransport(timeout: 2))
        for id in ["../session", "a/b", "AAAA==", ""] {
            let error = await thrown { try await api.removePasskey(id: id, session: "s") }
            guard case .invalidArgument? = error as? RelyingPartyClientError else {
                Issue.record("\(id): expected invalidArgument, found \(String(describing: error))")
                continue
            }
        }
    }

    @Test("an unreachable server is a network error")
    func unreachable() async throws {
        // Port 1 on loopback: nothing listens there, the connection is refused at once.
        let api = RelyingPartyClient(baseURL: "http://127.0.0.1:1/", transport: URLSessionTransport(timeout: 5))
        let error = await thrown { try await api.beginAuthentication() }
        guard let error, case .network? = error as? RelyingPartyClientError else {
            Issue.record("expected a network error, found \(String(describing: error))")
            return
        }
        #expect(PasskeyErrorClassifier.classify(error).kind == .network)
    }
}
