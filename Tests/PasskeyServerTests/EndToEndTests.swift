import Foundation
import HummingbirdTesting
import PasskeyAuthenticator
import PasskeyCore
import PasskeyServer
import Testing

/// Server + WebAuthnClient + SoftwareAuthenticator, over loopback HTTP: every flow the way a real client runs it.
@Suite("End to end: WebAuthn client and software authenticator against the server")
struct EndToEndTests {
    func client(
        _ store: InMemoryCredentialStore = InMemoryCredentialStore(), verifier: any UserVerifier = AlwaysVerify(), origin: String = TestServer.origin
    ) -> WebAuthnClient {
        WebAuthnClient(origin: origin, authenticator: SoftwareAuthenticator(store: store, userVerifier: verifier))
    }

    func body(_ object: JSONObject) -> [UInt8] { Array(JSONValue.object(object).serialized().utf8) }

    func expectClientError(
        _ name: WebAuthnClientError.Name, _ code: WebAuthnClientError.Code, sourceLocation: SourceLocation = #_sourceLocation,
        _ work: () async throws -> Void
    ) async {
        do {
            try await work()
            Issue.record("expected \(name.rawValue) (\(code.rawValue))", sourceLocation: sourceLocation)
        } catch let error as WebAuthnClientError {
            #expect(error.name == name && error.code == code, "\(error)", sourceLocation: sourceLocation)
        } catch {
            Issue.record("expected a WebAuthnClientError, got \(error)", sourceLocation: sourceLocation)
        }
    }

    @Test("register, sign in by username, sign in with a discoverable passkey, then unbind", arguments: Backend.all)
    func fullLifecycle(_ backend: Backend) async throws {
        try await TestServer.withServer(TestServer.configuration(backend.location())) { http in
            let store = InMemoryCredentialStore()
            let webauthn = client(store)
            let username = uniqueName("e2e")
            let options = try await http.call(
                .post, "/attestation/options",
                json: JSONObject(["username": .string(username), "authenticatorSelection": .object(JSONObject(["residentKey": .string("required")]))])
            )
            let registered = try await http.call(.post, "/attestation/result", bytes: body(try await webauthn.create(options.object)))
            #expect(registered.ok, "\(registered.errorMessage)")

            let byName = try await http.call(.post, "/assertion/options", json: JSONObject(["username": .string(username)]))
            let signedIn = try await http.call(.post, "/assertion/result", bytes: body(try await webauthn.get(byName.object)))
            #expect(signedIn.ok, "\(signedIn.errorMessage)")

            let discoverable = try await http.call(.post, "/assertion/options", json: JSONObject())
            let signedIn2 = try await http.call(.post, "/assertion/result", bytes: body(try await webauthn.get(discoverable.object)))
            #expect(signedIn2.object["user"]?.objectValue?["name"] == .string(username))

            // Unbind: remove on the server (the only passkey goes with its account), then locally.
            let session = try #require(signedIn2.object["session"]?.stringValue)
            let id = try #require(await store.credentials(rpID: "localhost").first?.id)
            #expect(try await http.call(.delete, "/credentials/\(Base64URL.encode(id))", session: session).status == .conflict)
            #expect(try await http.call(.delete, "/account", session: session).ok)
            #expect(await store.delete(id: id))
            let afterUnbind = try await http.call(.post, "/assertion/options", json: JSONObject())
            await expectClientError(.notAllowed, .noCredentials) { _ = try await webauthn.get(afterUnbind.object) }
        }
    }

    @Test("the server's excludeCredentials stop a second passkey on the same authenticator")
    func excludedCredential() async throws {
        try await TestServer.withServer(TestServer.configuration(Backend.sqlite.location())) { http in
            let webauthn = client()
            let username = uniqueName()
            let first = try await http.call(.post, "/attestation/options", json: JSONObject(["username": .string(username)]))
            let session = try #require(
                try await http.call(.post, "/attestation/result", bytes: body(try await webauthn.create(first.object))).object["session"]?.stringValue
            )
            let second = try await http.call(.post, "/attestation/options", json: JSONObject(["username": .string(username)]), session: session)
            await expectClientError(.invalidState, .excludedCredentialMatched) { _ = try await webauthn.create(second.object) }
        }
    }

    @Test("a client at another origin is refused by the client itself (SecurityError), before any signature")
    func wrongOrigin() async throws {
        try await TestServer.withServer(TestServer.configuration(Backend.sqlite.location())) { http in
            let phishing = client(origin: "https://login.evil.example")
            let options = try await http.call(.post, "/attestation/options", json: JSONObject(["username": .string(uniqueName())]))
            await expectClientError(.security, .rpIdNotAllowed) { _ = try await phishing.create(options.object) }
        }
    }

    @Test("the user refusing verification fails the ceremony with NotAllowedError; a UV-less authenticator fails 'required'")
    func userVerificationRefused() async throws {
        try await TestServer.withServer(TestServer.configuration(Backend.sqlite.location())) { http in
            let options = try await http.call(.post, "/attestation/options", json: JSONObject(["username": .string(uniqueName())]))
            await expectClientError(.notAllowed, .cancelled) { _ = try await client(verifier: NeverVerify()).create(options.object) }
            let store = InMemoryCredentialStore()
            let presenceOnly = client(store, verifier: NoUserVerification())
            let username = uniqueName()
            let registration = try await http.call(.post, "/attestation/options", json: JSONObject(["username": .string(username)]))
            #expect(try await http.call(.post, "/attestation/result", bytes: body(try await presenceOnly.create(registration.object))).ok)
            let required = try await http.call(
                .post, "/assertion/options", json: JSONObject(["username": .string(username), "userVerification": .string("required")]))
            await expectClientError(.notAllowed, .userVerificationUnavailable) { _ = try await presenceOnly.get(required.object) }
        }
    }
}
