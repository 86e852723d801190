import Foundation
import PasskeyCore
import PasskeyRelyingParty
import Testing

/// A sign-in begun for one user (a signed-in user confirming an action) is finished only for that
/// user, and a response to anyone else's sign-in confirms nothing there.
@Suite("Sign-ins bound to the user they were begun for")
struct BoundSignInTests {
    /// Ada and Bob, each with a discoverable passkey.
    static func adaAndBob() async throws -> (Passkeys<TestAccounts>, ada: (TestClient, TestUser), bob: (TestClient, TestUser)) {
        let passkeys = Passkeys(configuration: .test(), accounts: TestAccounts(), sealingKey: .random())
        let adaClient = TestClient()
        let bobClient = TestClient()
        let ada = try await PasskeysCeremonyTests().register("ada", passkeys, adaClient)
        let bob = try await PasskeysCeremonyTests().register("bob", passkeys, bobClient)
        return (
            passkeys, (adaClient, TestUser(handle: ada.credential.userHandle, name: "ada")),
            (bobClient, TestUser(handle: bob.credential.userHandle, name: "bob"))
        )
    }

    @Test("Bob's discoverable sign-in posted to Ada's confirmation is refused (ceremonyUserMismatch), and so is a sign-in begun for Bob")
    func anotherUsersSignIn() async throws {
        let (passkeys, ada, bob) = try await Self.adaAndBob()
        // Ada's confirmation is pending; Bob answers a sign-in of his own and posts it where Ada's is finished.
        _ = try await passkeys.beginAuthentication(for: ada.1)
        let discoverable = try await passkeys.beginAuthentication(username: nil)
        let bobsResponse = try await bob.0.get(discoverable.options)
        #expect(await refusal { try await passkeys.finishAuthentication(bobsResponse, for: ada.1) }?.code == "ceremonyUserMismatch")

        let forBob = try await passkeys.beginAuthentication(for: bob.1)
        let bobsConfirmation = try await bob.0.get(forBob.options)
        #expect(await refusal { try await passkeys.finishAuthentication(bobsConfirmation, for: ada.1) }?.code == "ceremonyUserMismatch")
        // Sealed and kept by the caller, the same.
        let sealedForBob = try await passkeys.beginAuthentication(for: bob.1)
        let sealedResponse = try await bob.0.get(sealedForBob.options)
        #expect(
            await refusal {
                try await passkeys.finishAuthentication(sealedResponse, for: ada.1, ceremony: sealedForBob.sealedCeremony)
            }?.code == "ceremonyUserMismatch")
    }

    @Test("a confirmation begun for Ada finishes for Ada, not through the plain finish that starts a session")
    func boundByDefault() async throws {
        let (passkeys, ada, _) = try await Self.adaAndBob()
        let forAda = try await passkeys.beginAuthentication(for: ada.1)
        #expect(forAda.ceremony.boundToUser)
        let response = try await ada.0.get(forAda.options)
        #expect(await refusal { try await passkeys.finishAuthentication(response) }?.code == "ceremonyUserMismatch")

        let again = try await passkeys.beginAuthentication(for: ada.1)
        let confirmed = try await passkeys.finishAuthentication(try await ada.0.get(again.options), for: ada.1)
        #expect(confirmed.user == ada.1)

        // Unbound on request: the plain finish takes it, as a sign-in begun by name.
        let unbound = try await passkeys.beginAuthentication(for: ada.1, bound: false)
        #expect(try await passkeys.finishAuthentication(try await ada.0.get(unbound.options)).user == ada.1)
        // A sign-in begun by Ada's name was begun for Ada: the bound finish takes it too.
        let byName = try await passkeys.beginAuthentication(username: "ada")
        #expect(try await passkeys.finishAuthentication(try await ada.0.get(byName.options), for: ada.1).user == ada.1)
    }

    @Test("the binding survives the caller keeping the ceremony: boundToUser is sealed with it and round-trips Codable")
    func bindingIsKept() async throws {
        let ceremony = PendingCeremony(
            challenge: "c", kind: .authentication, userHandle: [1], username: "ada", displayName: nil, userVerification: .preferred,
            expiresAt: 1, boundToUser: true)
        #expect(try JSONDecoder().decode(PendingCeremony.self, from: JSONEncoder().encode(ceremony)) == ceremony)
        let (passkeys, ada, _) = try await Self.adaAndBob()
        let forAda = try await passkeys.beginAuthentication(for: ada.1)
        let response = try await ada.0.get(forAda.options)
        #expect(await refusal { try await passkeys.finishAuthentication(response, ceremony: forAda.sealedCeremony) }?.code == "ceremonyUserMismatch")
    }
}
