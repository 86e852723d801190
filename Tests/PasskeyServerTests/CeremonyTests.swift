import Foundation
import HummingbirdTesting
import PasskeyAuthenticator
import PasskeyCore
import PasskeyServer
import Testing

@Suite("Ceremonies over HTTP (docs/reference/http.md)")
struct CeremonyTests {
    @Test("register, read the session, sign in by username and with a discoverable passkey", arguments: Backend.all)
    func registerAndSignIn(_ backend: Backend) async throws {
        try await TestServer.withServer(TestServer.configuration(backend.location())) { client in
            var browser = TestBrowser(origin: TestServer.origin)
            let username = uniqueName()
            let options = try await client.call(
                .post, "/attestation/options", json: JSONObject(["username": .string(username), "displayName": .string("Ada")]))
            #expect(options.ok)
            #expect(options.object["rp"]?.objectValue?["id"] == .string("localhost"))
            #expect(options.object["user"]?.objectValue?["name"] == .string(username))
            #expect(options.object["attestation"] == .string("none"))
            #expect(options.object["excludeCredentials"] == .array([]))
            #expect(options.object["timeout"] == .number("60000"))
            for absent in ["rpId", "allowCredentials", "userVerification", "authenticatorSelection", "extensions"] {
                #expect(options.object[absent] == nil, "registration options must not carry \(absent)")
            }
            let userID = try Base64URL.decode(options.object["user"]?.objectValue?["id"]?.stringValue ?? "")
            #expect(userID.count == 32, "the user handle is 32 random bytes")

            let result = try await client.call(.post, "/attestation/result", bytes: try browser.create(options.object))
            #expect(result.ok, "\(result.errorMessage)")
            let session = try #require(result.object["session"]?.stringValue)
            #expect(result.object["credential"]?.objectValue?["format"] == .string("none"))
            let cookie = try #require(result.headers[.setCookie])
            #expect(cookie.contains("passkeys_session=\(session)") && cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax"))
            #expect(!cookie.contains("Secure"), "no Secure flag on an http origin")

            let me = try await client.call(.get, "/session", session: session)
            #expect(me.object["user"]?.objectValue?["name"] == .string(username))

            let byName = try await client.signIn(username, browser: &browser)
            #expect(byName.ok, "\(byName.errorMessage)")
            let discoverable = try await client.signIn(nil, browser: &browser)
            #expect(discoverable.ok, "\(discoverable.errorMessage)")
            #expect(discoverable.object["user"]?.objectValue?["name"] == .string(username))

            let list = try await client.call(.get, "/credentials", session: discoverable.object["session"]?.stringValue)
            let credential = try #require(list.object["credentials"]?.arrayValue?.first?.objectValue)
            #expect(credential["lastUsedAt"] != .null, "sign-in records lastUsedAt")
            #expect(
                Set(credential.keys).isSuperset(of: [
                    "id", "name", "createdAt", "lastUsedAt", "aaguid", "format", "backupEligible", "backupState", "transports",
                ]))
        }
    }

    @Test("options echo authenticatorSelection, attestation and extensions verbatim, adding nothing", arguments: Backend.all)
    func echoRules(_ backend: Backend) async throws {
        try await TestServer.withServer(TestServer.configuration(backend.location())) { client in
            let selection = JSONObject(["residentKey": .string("required"), "userVerification": .string("required"), "custom": .number("1.50")])
            let extensions = JSONObject(["credProps": .bool(true), "example.extension": .string("x")])
            let registration = try await client.call(
                .post, "/attestation/options",
                json: JSONObject([
                    "username": .string(uniqueName()), "displayName": .string("D"), "authenticatorSelection": .object(selection),
                    "attestation": .string("direct"), "extensions": .object(extensions),
                ]))
            #expect(registration.object["authenticatorSelection"] == .object(selection))
            #expect(registration.object["attestation"] == .string("direct"))
            #expect(registration.object["extensions"] == .object(extensions))

            let authentication = try await client.call(
                .post, "/assertion/options", json: JSONObject(["userVerification": .string("required"), "extensions": .object(extensions)]))
            #expect(authentication.ok)
            #expect(authentication.object["userVerification"] == .string("required"))
            #expect(authentication.object["extensions"] == .object(extensions))
            #expect(authentication.object["rpId"] == .string("localhost"))
            #expect(authentication.object["allowCredentials"] == .array([]))
            for absent in ["rp", "user", "pubKeyCredParams", "excludeCredentials", "authenticatorSelection", "attestation"] {
                #expect(authentication.object[absent] == nil, "authentication options must not carry \(absent)")
            }
            let plain = try await client.call(.post, "/assertion/options", json: JSONObject())
            #expect(plain.object["userVerification"] == .string("preferred"))
            #expect(plain.object["extensions"] == nil)
        }
    }

    @Test("a username with passkeys needs that user's session to add another", arguments: Backend.all)
    func existingUsername(_ backend: Backend) async throws {
        try await TestServer.withServer(TestServer.configuration(backend.location())) { client in
            var alice = TestBrowser(origin: TestServer.origin)
            let username = uniqueName("alice")
            let aliceSession = try await client.register(username, browser: &alice)

            var mallory = TestBrowser(origin: TestServer.origin)
            let refused = try await client.call(.post, "/attestation/options", json: JSONObject(["username": .string(username)]))
            #expect(refused.status == .forbidden)
            let otherSession = try await client.register(uniqueName("mallory"), browser: &mallory)
            let stillRefused = try await client.call(
                .post, "/attestation/options", json: JSONObject(["username": .string(username)]), session: otherSession)
            #expect(stillRefused.status == .forbidden)

            let allowed = try await client.call(
                .post, "/attestation/options", json: JSONObject(["username": .string(username)]), session: aliceSession)
            #expect(allowed.ok)
            #expect(allowed.object["excludeCredentials"]?.arrayValue?.count == 1, "the existing passkey is excluded")
            let added = try await client.call(.post, "/attestation/result", bytes: try alice.create(allowed.object))
            #expect(added.ok, "\(added.errorMessage)")
            let list = try await client.call(.get, "/credentials", session: aliceSession)
            #expect(list.object["credentials"]?.arrayValue?.count == 2)
            let options = try await client.call(.post, "/assertion/options", json: JSONObject(["username": .string(username)]))
            #expect(options.object["allowCredentials"]?.arrayValue?.count == 2)
        }
    }

    @Test("rename and remove passkeys; only the owner can", arguments: Backend.all)
    func manage(_ backend: Backend) async throws {
        try await TestServer.withServer(TestServer.configuration(backend.location())) { client in
            var browser = TestBrowser(origin: TestServer.origin)
            let session = try await client.register(uniqueName(), browser: &browser)
            let id = try #require(
                (try await client.call(.get, "/credentials", session: session)).object["credentials"]?.arrayValue?.first?.objectValue?["id"]?
                    .stringValue)

            var other = TestBrowser(origin: TestServer.origin)
            let otherSession = try await client.register(uniqueName(), browser: &other)
            #expect(
                try await client.call(.patch, "/credentials/\(id)", json: JSONObject(["name": .string("Mine now")]), session: otherSession).status
                    == .notFound)
            #expect(try await client.call(.delete, "/credentials/\(id)", session: otherSession).status == .notFound)

            let renamed = try await client.call(
                .patch, "/credentials/\(id)", json: JSONObject(["name": .string("  Work laptop  ")]), session: session)
            #expect(renamed.ok)
            #expect(renamed.object["credential"]?.objectValue?["name"] == .string("Work laptop"))
            for bad in [
                JSONObject(["name": .string("")]), JSONObject(["name": .number("3")]), JSONObject(),
                JSONObject(["name": .string(String(repeating: "x", count: 65))]),
            ] {
                #expect(try await client.call(.patch, "/credentials/\(id)", json: bad, session: session).status == .badRequest)
            }
            #expect(
                try await client.call(.patch, "/credentials/AAAA", json: JSONObject(["name": .string("x")]), session: session).status == .notFound)
            #expect(
                try await client.call(.patch, "/credentials/%25%25", json: JSONObject(["name": .string("x")]), session: session).status == .notFound)

            // The only passkey cannot be removed (the account would have no way in); with a second one it can.
            let last = try await client.call(.delete, "/credentials/\(id)", session: session)
            #expect(last.status == .conflict && last.code == "lastPasskey", "\(last.errorMessage)")
            var second = TestBrowser(origin: TestServer.origin)
            _ = try await client.register(
                try #require(try await client.call(.get, "/session", session: session).object["user"]?.objectValue?["name"]?.stringValue),
                browser: &second, session: session)
            #expect(try await client.call(.delete, "/credentials/\(id)", session: session).ok)
            #expect(try await client.call(.delete, "/credentials/\(id)", session: session).status == .notFound)
            #expect(try await client.call(.get, "/credentials", session: session).object["credentials"]?.arrayValue?.count == 1)
            // The removed passkey no longer signs in.
            let options = try await client.call(.post, "/assertion/options", json: JSONObject())
            let result = try await client.call(.post, "/assertion/result", bytes: try browser.get(options.object))
            #expect(result.status == .badRequest)
        }
    }

    @Test("sessions: 401 without one, sign-out ends it", arguments: Backend.all)
    func sessions(_ backend: Backend) async throws {
        try await TestServer.withServer(TestServer.configuration(backend.location())) { client in
            for path in ["/session", "/credentials"] {
                #expect(try await client.call(.get, path).status == .unauthorized)
                #expect(try await client.call(.get, path, session: "not-a-session").status == .unauthorized)
            }
            #expect(try await client.call(.delete, "/credentials/AAAA").status == .unauthorized)
            var browser = TestBrowser(origin: TestServer.origin)
            let session = try await client.register(uniqueName(), browser: &browser)
            #expect(try await client.call(.get, "/session", session: session).ok)
            let signOut = try await client.call(.delete, "/session", session: session)
            #expect(signOut.ok)
            #expect(signOut.headers[.setCookie] == nil, "a sign-out by header leaves the cookie, another credential, alone")
            #expect(try await client.call(.get, "/session", session: session).status == .unauthorized)
            // By the cookie: the cookie is cleared.
            let cookied = try await client.register(uniqueName(), browser: &browser)
            let byCookie = try await client.call(.delete, "/session", headers: [.cookie: "passkeys_session=\(cookied)"])
            #expect(byCookie.ok && byCookie.headers[.setCookie]?.contains("Max-Age=0") == true)
            #expect(try await client.call(.get, "/session", session: cookied).status == .unauthorized)
        }
    }

    @Test("a challenge is single-use and expires", arguments: Backend.all)
    func challengeLifetime(_ backend: Backend) async throws {
        let clock = TestClock()
        try await TestServer.withServer(TestServer.configuration(backend.location(), clock: clock)) { client in
            var browser = TestBrowser(origin: TestServer.origin)
            let options = try await client.call(.post, "/attestation/options", json: JSONObject(["username": .string(uniqueName())]))
            let response = try browser.create(options.object)
            #expect(try await client.call(.post, "/attestation/result", bytes: response).ok)
            let replay = try await client.call(.post, "/attestation/result", bytes: response)
            #expect(replay.status == .badRequest)
            #expect(replay.errorMessage.contains("already finished or expired"))

            let late = try await client.call(.post, "/assertion/options", json: JSONObject())
            clock.advance(61)
            let expired = try await client.call(.post, "/assertion/result", bytes: try browser.get(late.object))
            #expect(expired.status == .badRequest)
        }
    }

    @Test("verification failures are 400 with the core's code", arguments: Backend.all)
    func verificationFailures(_ backend: Backend) async throws {
        try await TestServer.withServer(TestServer.configuration(backend.location())) { client in
            var browser = TestBrowser(origin: TestServer.origin)
            let options = try await client.call(.post, "/attestation/options", json: JSONObject(["username": .string(uniqueName())]))
            let wrongOrigin = try await client.call(
                .post, "/attestation/result", bytes: try browser.create(options.object, origin: "https://evil.example"))
            #expect(wrongOrigin.status == .badRequest)
            #expect(wrongOrigin.code == "originMismatch")
            browser.credentials.removeLast() // the server refused it, so a real client would not keep it either

            _ = try await client.register(uniqueName(), browser: &browser)
            // A cloned authenticator replaying an older counter.
            let stale = browser.credentials[browser.credentials.count - 1]
            #expect(try await client.signIn(nil, browser: &browser).ok)
            browser.credentials[browser.credentials.count - 1] = stale
            let cloned = try await client.signIn(nil, browser: &browser)
            #expect(cloned.status == .badRequest)
            #expect(cloned.code == "signCountRegression")

            let required = try await client.call(.post, "/assertion/options", json: JSONObject(["userVerification": .string("required")]))
            let unverified = try await client.call(.post, "/assertion/result", bytes: try browser.get(required.object, userVerified: false))
            #expect(unverified.status == .badRequest)
            #expect(unverified.code == "userNotVerified")
        }
    }

    @Test("the same ceremony finished 8 times at once succeeds exactly once", arguments: Backend.all)
    func concurrentFinish(_ backend: Backend) async throws {
        try await TestServer.withServer(TestServer.configuration(backend.location())) { client in
            var browser = TestBrowser(origin: TestServer.origin)
            _ = try await client.register(uniqueName(), browser: &browser)
            let options = try await client.call(.post, "/assertion/options", json: JSONObject())
            let response = try browser.get(options.object)
            let outcomes = try await withThrowingTaskGroup(of: Bool.self) { group in
                for _ in 0..<8 {
                    group.addTask { try await client.call(.post, "/assertion/result", bytes: response).ok }
                }
                return try await group.reduce(into: [Bool]()) { $0.append($1) }
            }
            #expect(outcomes.filter { $0 }.count == 1, "\(outcomes)")
        }
    }
}
