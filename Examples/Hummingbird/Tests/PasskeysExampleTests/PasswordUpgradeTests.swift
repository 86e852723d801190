import Foundation
import HummingbirdTesting
import PasskeyAuthenticator
import PasskeyHummingbird
import PasskeyRouteTesting
import Testing

@testable import PasskeysExample

/// Password accounts and the upgrade to a passkey right after a password sign-in, by conditional create (WebAuthn L3
/// §5.1.3 `mediation: "conditional"`, §7.1 step 15), end to end over loopback HTTP.
@Suite("Password accounts upgraded to passkeys")
struct PasswordUpgradeTests {
    static func body(_ username: String, _ password: String) -> JSONObject {
        JSONObject(["username": .string(username), "password": .string(password)])
    }

    static func newName(_ prefix: String) -> String { "\(prefix)-\(UUID().uuidString.prefix(6).lowercased())" }

    /// A new password account under a fresh name starting with `prefix`, signed in on `browser`; its name.
    static func signUp(
        _ browser: inout ScenarioBrowser, _ prefix: String, _ password: String, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> String {
        let username = newName(prefix)
        let answer = try await browser.post("/password/sign-up", body(username, password))
        #expect(answer.ok, "\(answer.text)", sourceLocation: sourceLocation)
        return username
    }

    @Test("sign up with a password, sign in with it, get a passkey by conditional create without UP, then sign in with the passkey")
    func upgrade() async throws {
        try await ExampleServer.run { client in
            var browser = ScenarioBrowser(client)
            let username = try await Self.signUp(&browser, "grace", "correct horse battery")
            _ = try await browser.send("DELETE", "/session")
            #expect(try await browser.me() == nil)

            let signedIn = try await browser.post("/password/sign-in", Self.body(username, "correct horse battery"))
            #expect(signedIn.ok && signedIn.object["upgrade"] == .bool(true), "\(signedIn.text)")
            #expect(try await browser.me() == username)

            // The upgrade: a conditional create as the signed-in user, answered by the authenticator without a gesture.
            let options = try await browser.post(
                "/passkeys/attestation/options",
                JSONObject([
                    "username": .string(username), "mediation": .string("conditional"),
                    "authenticatorSelection": .object(JSONObject(["residentKey": .string("required")])),
                ]))
            #expect(options.ok && options.object["mediation"] == .string("conditional"), "\(options.text)")
            let response = try await browser.webAuthn.create(ScenarioBrowser.members(of: options), conditional: true)
            let upgraded = try await browser.post("/passkeys/attestation/result", response)
            #expect(upgraded.ok, "\(upgraded.text)")

            // The passkey now signs in on its own, and a password sign-in no longer asks for the upgrade.
            _ = try await browser.send("DELETE", "/session")
            let withPasskey = try await browser.signIn(nil)
            #expect(withPasskey.ok && withPasskey.object["user"]?.objectValue?["name"] == .string(username), "\(withPasskey.text)")
            let again = try await browser.post("/password/sign-in", Self.body(username, "correct horse battery"))
            #expect(again.ok && again.object["upgrade"] == .bool(false), "\(again.text)")
        }
    }

    @Test("the same response without UP to an ordinary registration is refused: only a conditional ceremony accepts it")
    func ordinaryNeedsPresence() async throws {
        try await ExampleServer.run { client in
            var browser = ScenarioBrowser(client)
            let username = try await Self.signUp(&browser, "ada", "analytical engine")
            let options = try await browser.registrationOptions(username)
            #expect(options.ok && options.object["mediation"] == nil)
            let refused = try await browser.post(
                "/passkeys/attestation/result", try await browser.webAuthn.create(ScenarioBrowser.members(of: options), conditional: true))
            #expect(!refused.ok && refused.code == "userNotPresent", "\(refused.text)")
        }
    }

    @Test("a conditional create cannot make a new account: it needs the signed-in user")
    func conditionalNeedsSession() async throws {
        try await ExampleServer.run { client in
            var browser = ScenarioBrowser(client)
            let options = try await browser.post(
                "/passkeys/attestation/options",
                JSONObject([
                    "username": .string(Self.newName("nobody")), "mediation": .string("conditional"),
                ]))
            #expect(options.status == 401 && options.code == "notSignedIn", "\(options.text)")
        }
    }

    @Test(
        "password sign-up follows the passkey routes' name rules: look-alikes are taken, mixed scripts refused, and taken answers spend the same per-client budget"
    )
    func signUpNames() async throws {
        try await ExampleServer.run { client in
            var owner = ScenarioBrowser(client)
            #expect(try await owner.register("coe").ok)
            var stranger = ScenarioBrowser(client)
            let mixed = try await stranger.post("/password/sign-up", Self.body("c\u{043E}ex", "correct horse battery"))
            #expect(mixed.status == 400 && mixed.code == "usernameMixesScripts", "\(mixed.text)")
            // Look-alikes of a passkey account's name, by password: the same budget the passkey sign-up spends.
            var taken = 0
            let start = ContinuousClock.now
            for lookalike in ["COE", "Coe", "ｃｏｅ", "\u{0441}\u{043E}\u{0435}", "coe", "cOe", "COe", "cOE"] {
                let answer = try await stranger.post("/password/sign-up", Self.body(lookalike, "correct horse battery"))
                if answer.code == "usernameTaken" {
                    taken += 1
                } else {
                    #expect(answer.status == 429 && answer.code == "rateLimited", "\(lookalike): \(answer.text)")
                }
            }
            let earned = Int((ContinuousClock.now - start).components.seconds / 10)
            #expect((5...5 + earned).contains(taken), "taken answers before the limit: \(taken)")
            // Spent by password sign-ups, the budget refuses a passkey sign-up for a taken name too.
            let passkeySignUp = try await stranger.registrationOptions("coe")
            #expect(passkeySignUp.code == "rateLimited" || ContinuousClock.now - start >= .seconds(10), "\(passkeySignUp.text)")
        }
    }

    @Test("a wrong password, an unknown name and a passkey-only account answer alike; the hash is PBKDF2, never the password")
    func refusalsAlike() async throws {
        try await ExampleServer.run { client in
            var browser = ScenarioBrowser(client)
            let username = try await Self.signUp(&browser, "alan", "enigma machine")
            let passkeyOnly = Self.newName("kay")
            var other = ScenarioBrowser(client)
            #expect(try await other.register(passkeyOnly).ok)
            _ = try await browser.send("DELETE", "/session")

            let answers = [
                try await browser.post("/password/sign-in", Self.body(username, "wrong password")),
                try await browser.post("/password/sign-in", Self.body(Self.newName("nobody"), "enigma machine")),
                try await browser.post("/password/sign-in", Self.body(passkeyOnly, "enigma machine")),
            ]
            for answer in answers {
                #expect(answer.status == 401 && answer.code == "wrongPassword", "\(answer.text)")
                #expect(answer.object["errorMessage"] == answers[0].object["errorMessage"])
                #expect(answer.header("Set-Cookie") == nil)
            }
            #expect(try await browser.me() == nil)
            let short = try await browser.post("/password/sign-in", Self.body(username, "short"))
            #expect(short.status == 400)
        }
    }

    @Test("stored hashes are pbkdf2-sha256 with 600,000 rounds and a fresh salt, and verify only their password")
    func hashes() throws {
        let first = try PasswordHash.make("correct horse battery")
        let second = try PasswordHash.make("correct horse battery")
        #expect(first.hasPrefix("pbkdf2-sha256$600000$") && !first.contains("correct"))
        #expect(first != second, "each hash has its own salt")
        #expect(try PasswordHash.verify("correct horse battery", against: first))
        #expect(try !PasswordHash.verify("correct horse batterz", against: first))
        #expect(try !PasswordHash.verify("correct horse battery", against: nil))
        #expect(try !PasswordHash.verify("correct horse battery", against: "pbkdf2-sha256$1$AA$AA"), "a hash below the cost floor never verifies")
    }

    @Test("the hashing gate admits only its capacity at once and answers 429 beyond it")
    func gate() async throws {
        let gate = PasswordHashingGate(capacity: 1)
        #expect(gate.admit(), "a free slot")
        // The slot is held (a hash in progress): another check is refused at once, not queued.
        await #expect(throws: RelyingPartyError.self) { try await gate.run { 1 } }
        gate.leave()
        #expect(try await gate.run { 2 } == 2)
        #expect(gate.admit(), "run gave its slot back")
        gate.leave()
    }
}
