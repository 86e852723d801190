import Foundation
import HummingbirdTesting
import PasskeyCore
import PasskeyServer
import Testing

/// The threat "Account takeover": a username that belongs to an account, with or without passkeys, never gets a
/// passkey or its user handle without that account's session.
@Suite("Attack: taking over an account by its username")
struct AccountTakeoverTests {
    @Test("the last passkey cannot be removed, so a stranger can never re-register the name into the account", arguments: Backend.all)
    func lastPasskeyStays(_ backend: Backend) async throws {
        try await TestServer.withServer(TestServer.configuration(backend.location())) { client in
            var victim = TestBrowser(origin: TestServer.origin)
            let username = uniqueName("victim")
            let session = try await client.register(username, browser: &victim)
            let me = try await client.call(.get, "/session", session: session)
            let handle = try #require(me.object["user"]?.objectValue?["id"]?.stringValue)
            let id = try #require(
                try await client.call(.get, "/credentials", session: session).object["credentials"]?.arrayValue?.first?.objectValue?["id"]?
                    .stringValue)

            let removal = try await client.call(.delete, "/credentials/\(id)", session: session)
            #expect(removal.status == .conflict && removal.code == "lastPasskey", "\(removal.status) \(removal.errorMessage)")
            #expect(removal.errorMessage.contains("only passkey"), "plain words: \(removal.errorMessage)")

            // The attacker, without a session, asks for the name.
            let attempt = try await client.call(.post, "/attestation/options", json: JSONObject(["username": .string(username)]))
            #expect(attempt.status == .forbidden)
            #expect(attempt.object["user"] == nil && !attempt.errorMessage.contains(handle), "the account's user handle is not given out")
            // The victim still signs in with the passkey they kept.
            #expect(try await client.signIn(username, browser: &victim).ok)
        }
    }

    @Test("DELETE /account removes the account, its passkeys and sessions; the name is then a new account with a new handle", arguments: Backend.all)
    func deleteAccount(_ backend: Backend) async throws {
        try await TestServer.withServer(TestServer.configuration(backend.location())) { client in
            var owner = TestBrowser(origin: TestServer.origin)
            let username = uniqueName("leaver")
            let first = try await client.register(username, browser: &owner)
            let oldHandle = try await client.call(.get, "/session", session: first).object["user"]?.objectValue?["id"]
            let second = try #require(try await client.signIn(username, browser: &owner).object["session"]?.stringValue)

            #expect(try await client.call(.delete, "/account").status == .unauthorized, "a session is required")
            let deleted = try await client.call(.delete, "/account", session: second)
            #expect(deleted.ok)
            #expect(deleted.headers[.setCookie]?.contains("Max-Age=0") == true, "the cookie is cleared")
            for session in [first, second] {
                #expect(try await client.call(.get, "/session", session: session).status == .unauthorized, "every session of the account ended")
            }
            let options = try await client.call(.post, "/assertion/options", json: JSONObject())
            #expect(try await client.call(.post, "/assertion/result", bytes: try owner.get(options.object)).code == "unknownCredential")

            var newcomer = TestBrowser(origin: TestServer.origin)
            let fresh = try await client.register(username, browser: &newcomer)
            let newHandle = try await client.call(.get, "/session", session: fresh).object["user"]?.objectValue?["id"]
            #expect(newHandle != nil && newHandle != oldHandle, "a new account, not the old one revived")
        }
    }

    @Test(
        "another user's public credential ID under the attacker's key is refused, for a new account and for an added passkey; the victim's key stays",
        arguments: Backend.all)
    func reusedCredentialID(_ backend: Backend) async throws {
        // `passkeys serve` does not read the ID before its write (StoreAccounts is CredentialIDRefusingAccounts):
        // the write itself must refuse it (WebAuthn L3 §7.1 step 26).
        try await TestServer.withServer(TestServer.configuration(backend.location())) { client in
            var victim = TestBrowser(origin: TestServer.origin)
            let name = uniqueName("victim")
            _ = try await client.register(name, browser: &victim)
            // Anyone reads the victim's credential ID from a sign-in begun with the name.
            let listed = try await client.call(.post, "/assertion/options", json: JSONObject(["username": .string(name)]))
            let id = try #require(listed.object["allowCredentials"]?.arrayValue?.first?.objectValue?["id"]?.stringValue)
            #expect(id == Base64URL.encode(victim.credentials[0].id))

            var attacker = TestBrowser(origin: TestServer.origin)
            let newAccount = try await client.call(.post, "/attestation/options", json: JSONObject(["username": .string(uniqueName("mallory"))]))
            let forged = try await client.call(
                .post, "/attestation/result", bytes: try attacker.create(newAccount.object, credentialID: try Base64URL.decode(id)))
            #expect(forged.status == .badRequest && forged.code == "credentialAlreadyRegistered", "\(forged.status) \(forged.errorMessage)")
            #expect(forged.object["session"] == nil)

            // The attacker's own account adding the victim's ID as a second passkey: refused the same way.
            // (A session just started by a user-verified registration counts as recently verified.)
            let ownName = uniqueName("mallory")
            let own = try await client.register(ownName, browser: &attacker)
            let adding = try await client.call(.post, "/attestation/options", json: JSONObject(["username": .string(ownName)]), session: own)
            #expect(adding.ok, "\(adding.status) \(adding.errorMessage)")
            let second = try await client.call(
                .post, "/attestation/result", bytes: try attacker.create(adding.object, credentialID: try Base64URL.decode(id)), session: own)
            #expect(second.status == .badRequest && second.code == "credentialAlreadyRegistered", "\(second.status) \(second.errorMessage)")

            // The victim's passkey is untouched: it still signs in, with the victim's key.
            #expect(try await client.signIn(name, browser: &victim).ok)
        }
    }

    @Test("a registration begun with a session that has since ended (its passkey removed) cannot be finished", arguments: Backend.all)
    func stockpiledRegistration(_ backend: Backend) async throws {
        try await TestServer.withServer(TestServer.configuration(backend.location())) { client in
            var lostPhone = TestBrowser(origin: TestServer.origin)
            var laptop = TestBrowser(origin: TestServer.origin)
            let username = uniqueName("owner")
            let stolen = try await client.register(username, browser: &lostPhone)
            let mine = try await client.register(username, browser: &laptop, session: stolen)
            // The thief, holding the phone's session, begins a registration and keeps it for later.
            let kept = try await client.call(.post, "/attestation/options", json: JSONObject(["username": .string(username)]), session: stolen)
            #expect(kept.ok)
            // The owner removes the lost phone's passkey, which ends its sessions.
            #expect(try await client.call(.delete, "/credentials/\(Base64URL.encode(lostPhone.credentials[0].id))", session: mine).ok)
            var thief = TestBrowser(origin: TestServer.origin)
            let late = try await client.call(.post, "/attestation/result", bytes: try thief.create(kept.object))
            #expect(late.status == .forbidden && late.code == "sessionEnded", "\(late.status) \(late.errorMessage)")
            #expect(late.object["session"] == nil)
            #expect(try await client.call(.get, "/credentials", session: mine).object["credentials"]?.arrayValue?.count == 1)
        }
    }

    @Test("usernames: one spelling per name, bounded in bytes, no invisible characters; never a 5xx", arguments: Backend.all)
    func usernames(_ backend: Backend) async throws {
        try await TestServer.withServer(TestServer.configuration(backend.location())) { client in
            let combining = "a" + String(repeating: "\u{301}", count: 5_000)
            for name in [combining, "ad\u{200B}min", "admin\u{202E}", String(repeating: "é", count: 200)] {
                let answer = try await client.call(.post, "/attestation/options", json: JSONObject(["username": .string(name)]))
                #expect(answer.status == .badRequest, "\(name.unicodeScalars.count) scalars: \(answer.status) \(answer.errorMessage)")
            }
            // "é" precomposed and decomposed are one name.
            var first = TestBrowser(origin: TestServer.origin)
            let base = uniqueName("caf")
            _ = try await client.register(base + "\u{E9}", browser: &first)
            let lookalike = try await client.call(.post, "/attestation/options", json: JSONObject(["username": .string(base + "e\u{301}")]))
            #expect(lookalike.status == .forbidden, "the decomposed spelling is the same, taken name")
        }
    }

    @Test(
        "look-alike names (case, full width, Cyrillic letters) are the taken name; a name mixing scripts is refused; the owner's own spelling adds a passkey",
        arguments: Backend.all)
    func lookalikeNames(_ backend: Backend) async throws {
        try await TestServer.withServer(TestServer.configuration(backend.location())) { client in
            // Digits only after the letters, so a whole-Cyrillic spelling of the name exists.
            let digits = String(UInt32.random(in: 10_000_000...99_999_999))
            let name = "coe" + digits
            var owner = TestBrowser(origin: TestServer.origin)
            let session = try await client.register(name, browser: &owner)

            for lookalike in ["COE" + digits, "Coe" + digits, "ｃｏｅ" + digits, "\u{0441}\u{043E}\u{0435}" + digits] {
                let answer = try await client.call(.post, "/attestation/options", json: JSONObject(["username": .string(lookalike)]))
                #expect(answer.status == .forbidden && answer.code == "usernameTaken", "\(lookalike): \(answer.status) \(answer.errorMessage)")
                // A sign-in with the look-alike spelling is the account's own.
                #expect(try await client.signIn(lookalike, browser: &owner).ok, "\(lookalike)")
            }
            let mixed = try await client.call(.post, "/attestation/options", json: JSONObject(["username": .string("c\u{043E}e" + digits + "x")]))
            #expect(mixed.status == .badRequest && mixed.code == "usernameMixesScripts", "\(mixed.status) \(mixed.errorMessage)")

            // Signed in, the owner typing their name in capitals adds a passkey to their account, listed under the
            // stored name, instead of being refused or given a look-alike account.
            let more = try await client.call(.post, "/attestation/options", json: JSONObject(["username": .string("COE" + digits)]), session: session)
            #expect(more.ok, "\(more.status) \(more.errorMessage)")
            #expect(more.object["user"]?.objectValue?["name"]?.stringValue == name)
            var laptop = TestBrowser(origin: TestServer.origin)
            #expect(try await client.call(.post, "/attestation/result", bytes: try laptop.create(more.object), session: session).ok)
            #expect(try await client.call(.get, "/credentials", session: session).object["credentials"]?.arrayValue?.count == 2)
        }
    }

    @Test("a registration begun for an account that is deleted before it finishes does not revive the account", arguments: Backend.all)
    func registrationAfterDeletion(_ backend: Backend) async throws {
        try await TestServer.withServer(TestServer.configuration(backend.location())) { client in
            var owner = TestBrowser(origin: TestServer.origin)
            let username = uniqueName("gone")
            let session = try await client.register(username, browser: &owner)
            let pending = try await client.call(.post, "/attestation/options", json: JSONObject(["username": .string(username)]), session: session)
            #expect(pending.ok)
            #expect(try await client.call(.delete, "/account", session: session).ok)
            let finished = try await client.call(.post, "/attestation/result", bytes: try owner.create(pending.object))
            #expect(!finished.ok)
            #expect(finished.object["session"] == nil)
            #expect(try await client.call(.post, "/attestation/options", json: JSONObject(["username": .string(username)])).ok, "the name is free")
        }
    }
}
