import PasskeyAuthenticator
import PasskeyCore
import Testing

/// CTAP2.1 §6.1.2 / §6.2.2: user presence is evidence that the user consented; a user who says no stops the
/// ceremony with CTAP2_ERR_OPERATION_DENIED, which a WebAuthn client reports as NotAllowedError (L3 §6.3.2 step 6,
/// §6.3.3 step 7).
@Suite("Software authenticator: consent means consent")
struct ConsentTests {
    /// An authenticator with a consent prompt but no user verification method, whose user says no.
    struct DecliningWithoutUV: UserVerifier {
        var canVerify: Bool { false }
        func verifyUser(for purpose: VerificationPurpose) async -> UserConsent { .declined }
    }

    static let verifiers: [any UserVerifier] = [DecliningWithoutUV(), NeverVerify()]

    /// A declined request is NotAllowedError (`cancelled`); one that requires UV from a verifier without it is
    /// refused before the user is asked (`userVerificationUnavailable`).
    func expectNotAllowed(
        _ code: WebAuthnClientError.Code = .cancelled, _ body: () async throws -> Void, sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        do {
            try await body()
            Issue.record("expected NotAllowedError: the user declined", sourceLocation: sourceLocation)
        } catch let error as WebAuthnClientError {
            #expect(error.name == .notAllowed && error.code == code, "\(error)", sourceLocation: sourceLocation)
        } catch {
            Issue.record("expected a WebAuthnClientError, found \(error)", sourceLocation: sourceLocation)
        }
    }

    @Test(
        "a declining verifier stops create(): NotAllowedError and nothing stored, whatever userVerification asks",
        arguments: [0, 1], ["required", "preferred", "discouraged"])
    func createDeclined(_ verifier: Int, _ userVerification: String) async throws {
        let store = InMemoryCredentialStore()
        let client = WebAuthnClient(
            origin: "https://example.com", authenticator: SoftwareAuthenticator(store: store, userVerifier: Self.verifiers[verifier]))
        let options = WebAuthnClientTests.creation(
            rpID: "example.com",
            extra: JSONObject([
                "authenticatorSelection": .object(JSONObject(["userVerification": .string(userVerification)]))
            ]))
        let unavailable = userVerification == "required" && !Self.verifiers[verifier].canVerify
        await expectNotAllowed(unavailable ? .userVerificationUnavailable : .cancelled) { _ = try await client.create(options) }
        #expect(await store.allCredentials().isEmpty)
    }

    @Test(
        "a declining verifier stops get(): NotAllowedError, no signature, the stored counter unchanged",
        arguments: [0, 1], ["preferred", "discouraged"])
    func getDeclined(_ verifier: Int, _ userVerification: String) async throws {
        let store = InMemoryCredentialStore()
        let consenting = WebAuthnClient(origin: "https://example.com", authenticator: SoftwareAuthenticator(store: store))
        _ = try await consenting.create(WebAuthnClientTests.creation(rpID: "example.com"))
        let before = try #require(await store.allCredentials().first)

        let request = JSONObject([
            "challenge": .string("AAECAwQFBgcICQoLDA0ODw"), "rpId": .string("example.com"), "userVerification": .string(userVerification),
            "allowCredentials": .array([.object(JSONObject(["type": .string("public-key"), "id": .string(Base64URL.encode(before.id))]))]),
        ])

        let declining = WebAuthnClient(
            origin: "https://example.com", authenticator: SoftwareAuthenticator(store: store, userVerifier: Self.verifiers[verifier]))
        await expectNotAllowed { _ = try await declining.get(request) }
        #expect(await store.credential(id: before.id)?.signCount == before.signCount)
        // The same request with consent signs and advances the counter: the refusal above was the user's answer.
        _ = try await consenting.get(request)
        #expect(await store.credential(id: before.id)?.signCount == before.signCount + 1)
    }
}
