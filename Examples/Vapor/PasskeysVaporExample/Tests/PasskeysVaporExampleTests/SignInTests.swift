import Foundation
import PasskeyAuthenticator
import PasskeyVapor
import Testing

@Suite("Vapor example: sign up and sign in with a passkey")
struct SignInTests {
    @Test("a new user registers, is signed in by the session cookie, signs out, then signs in by username and with the passkey alone", arguments: Backend.available)
    func registerSignOutSignIn(_ backend: Backend) async throws {
        try await ExampleServer.run(backend) { client in
            let authenticator = SoftwareAuthenticator()
            var laptop = Browser(client, authenticator: authenticator)
            #expect(try await laptop.me() == nil, "nobody is signed in yet")

            let registered = try await laptop.register("ada")
            #expect(registered.ok, "\(registered.text)")
            #expect(registered.headers.first(name: .setCookie)?.contains("HttpOnly") == true, "the app's session cookie")
            #expect(registered.object["user"]?.objectValue?["name"] == .string("ada"))
            #expect(registered.object["credential"]?.objectValue?["id"]?.stringValue != nil)
            #expect(try await laptop.me() == "ada", "the cookie the app set signs Ada in")
            // The user handle the app stored is the one the authenticator holds (and returns in discoverable sign-ins).
            let held = try #require(await authenticator.store.allCredentials().first)
            #expect(registered.object["user"]?.objectValue?["id"] == .string(Base64URL.encode(held.userHandle)))

            #expect(try await laptop.send(.DELETE, "/session").ok)
            #expect(try await laptop.me() == nil, "signed out")

            let byName = try await laptop.signIn("ada")
            #expect(byName.ok && byName.object["user"]?.objectValue?["name"] == .string("ada"), "\(byName.text)")
            #expect(try await laptop.me() == "ada")

            // Another browser with the same passkey provider, without a username.
            var phone = Browser(client, authenticator: authenticator)
            let discoverable = try await phone.signIn(nil)
            #expect(discoverable.ok, "\(discoverable.text)")
            #expect(try await phone.me() == "ada")
        }
    }

    @Test("a signed-in user adds a second passkey to their own account; both sign in to it", arguments: Backend.available)
    func addPasskey(_ backend: Backend) async throws {
        try await ExampleServer.run(backend) { client in
            var first = Browser(client)
            #expect(try await first.register("grace").ok)
            let handle = try #require(try await first.registrationOptions("grace").object["user"]?.objectValue?["id"])

            // The same browser session, a second authenticator: options for Grace's own account, listing her passkey.
            let other = SoftwareAuthenticator()
            var second = Browser(client, authenticator: other)
            second.cookie = first.cookie
            let options = try await second.registrationOptions("grace")
            #expect(options.ok, "\(options.text)")
            #expect(options.object["user"]?.objectValue?["id"] == handle, "the account's own handle, not a new account's")
            #expect(options.object["excludeCredentials"]?.arrayValue?.count == 1)
            #expect(try await second.finishRegistration(options).ok)

            var fresh = Browser(client, authenticator: other)
            #expect(try await fresh.signIn("grace").ok)
            #expect(try await fresh.me() == "grace")
            var old = Browser(client, authenticator: first.webAuthn.authenticator)
            #expect(try await old.signIn("grace").ok, "the first passkey still signs in")
        }
    }

    @Test("PostgreSQL runs when PASSKEYS_TEST_POSTGRES_URL is set", .enabled(if: Backend.postgresURL != nil, "PASSKEYS_TEST_POSTGRES_URL is not set: the PostgreSQL runs of these suites are skipped"))
    func postgresAvailability() {
        #expect(Backend.available.contains(.postgres))
    }
}
