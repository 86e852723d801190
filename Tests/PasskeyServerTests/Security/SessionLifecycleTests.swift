import Foundation
import HummingbirdTesting
import Logging
import PasskeyCore
import PasskeyServer
import Testing

/// The threats "Stale sessions" and "Counter lost update": sessions end with the passkey that made them, and the sign
/// counter only ever moves up, whatever the interleaving of requests.
@Suite("Attack: stale sessions and counter races")
struct SessionLifecycleTests {
    @Test("removing a passkey (a lost phone) ends the sessions it started, except the one asking", arguments: Backend.all)
    func removalEndsSessions(_ backend: Backend) async throws {
        try await TestServer.withServer(TestServer.configuration(backend.location())) { client in
            var phone = TestBrowser(origin: TestServer.origin)
            var laptop = TestBrowser(origin: TestServer.origin)
            let username = uniqueName()
            let phoneRegistration = try await client.register(username, browser: &phone)
            let laptopRegistration = try await client.register(username, browser: &laptop, session: phoneRegistration)
            let phoneSignIn = try #require(try await client.signIn(username, browser: &phone).object["session"]?.stringValue)
            let phoneID = Base64URL.encode(phone.credentials[0].id)

            #expect(try await client.call(.delete, "/credentials/\(phoneID)", session: laptopRegistration).ok)
            #expect(try await client.call(.get, "/session", session: phoneRegistration).status == .unauthorized)
            #expect(try await client.call(.get, "/session", session: phoneSignIn).status == .unauthorized)
            #expect(try await client.call(.get, "/session", session: laptopRegistration).ok, "the laptop's own session goes on")

            // The session that asks stays, even when the passkey it came from is the one removed.
            var spare = TestBrowser(origin: TestServer.origin)
            _ = try await client.register(username, browser: &spare, session: laptopRegistration)
            let laptopSignIn = try #require(try await client.signIn(username, browser: &laptop).object["session"]?.stringValue)
            let laptopID = Base64URL.encode(laptop.credentials[0].id)
            #expect(try await client.call(.delete, "/credentials/\(laptopID)", session: laptopSignIn).ok)
            #expect(try await client.call(.get, "/session", session: laptopSignIn).ok)
            #expect(try await client.call(.get, "/session", session: laptopRegistration).status == .unauthorized)
        }
    }

    @Test("DELETE /sessions signs out everywhere else, including a session that detached itself from its passkey", arguments: Backend.all)
    func signOutEverywhereElse(_ backend: Backend) async throws {
        try await TestServer.withServer(TestServer.configuration(backend.location())) { client in
            var phone = TestBrowser(origin: TestServer.origin)
            var laptop = TestBrowser(origin: TestServer.origin)
            let username = uniqueName()
            let stolen = try await client.register(username, browser: &phone)
            let mine = try await client.register(username, browser: &laptop, session: stolen)
            // The thief removes the phone's passkey from its own session, which therefore survives that removal.
            #expect(try await client.call(.delete, "/credentials/\(Base64URL.encode(phone.credentials[0].id))", session: stolen).ok)
            #expect(try await client.call(.get, "/session", session: stolen).ok)
            #expect(try await client.call(.delete, "/sessions", session: mine).ok)
            #expect(try await client.call(.get, "/session", session: stolen).status == .unauthorized)
            #expect(try await client.call(.get, "/session", session: mine).ok, "the asking session stays")
            #expect(try await client.call(.delete, "/sessions").status == .unauthorized)
        }
    }

    /// The relying party over a real store, without HTTP, so requests truly run at the same time.
    static func withRelyingParty(_ backend: Backend, _ body: (RelyingParty) async throws -> Void) async throws {
        var logger = Logger(label: "passkeys-test")
        logger.logLevel = .warning
        let configuration = TestServer.configuration(backend.location())
        let store = try await configuration.database.openStore(logger: logger)
        do {
            try await body(RelyingParty(configuration: configuration.relyingParty, store: store))
        } catch {
            try? await store.shutdown()
            throw error
        }
        try await store.shutdown()
    }

    static func register(_ relyingParty: RelyingParty, _ username: String, browser: inout TestBrowser) async throws -> String {
        let options = try await relyingParty.beginRegistration(
            JSONValue.object(JSONObject(["username": .string(username)])).serializedBytes(), session: nil)
        return try await relyingParty.finishRegistration(try browser.create(options), origin: .outsideRequest).sessionToken
    }

    @Test("six assertions finished at once never leave a lower counter stored; a seen counter is then refused", arguments: Backend.all)
    func counterRace(_ backend: Backend) async throws {
        try await Self.withRelyingParty(backend) { relyingParty in
            var browser = TestBrowser(origin: TestServer.origin)
            let username = uniqueName()
            _ = try await Self.register(relyingParty, username, browser: &browser)
            for round in 0..<4 {
                let before = browser.credentials[0]
                var assertions: [[UInt8]] = []
                for _ in 0..<6 {
                    let options = try await relyingParty.beginAuthentication(
                        JSONValue.object(JSONObject(["username": .string(username)])).serializedBytes())
                    assertions.append(try browser.get(options))
                }
                // Finished in reverse, all at once: the highest counter usually lands first.
                let outcomes = await withTaskGroup(of: Bool.self) { group in
                    for assertion in assertions.reversed() {
                        group.addTask { (try? await relyingParty.finishAuthentication(assertion, origin: .outsideRequest)) != nil }
                    }
                    return await group.reduce(into: [Bool]()) { $0.append($1) }
                }
                #expect(outcomes.contains(true), "round \(round): at least the highest counter signs in")
                // Replay the highest counter seen in this round with a fresh challenge: it must be refused.
                var replayer = browser
                replayer.credentials[0] = before
                for _ in 0..<5 {
                    _ = try replayer.get(
                        try await relyingParty.beginAuthentication(JSONValue.object(JSONObject(["username": .string(username)])).serializedBytes()))
                }
                let options = try await relyingParty.beginAuthentication(
                    JSONValue.object(JSONObject(["username": .string(username)])).serializedBytes())
                let replay = try replayer.get(options)
                #expect(replayer.credentials[0].signCount == browser.credentials[0].signCount)
                await #expect(throws: RelyingPartyError.self, "round \(round): a counter already used is refused") {
                    _ = try await relyingParty.finishAuthentication(replay, origin: .outsideRequest)
                }
            }
        }
    }

    @Test("a sign-in racing the removal of its passkey never leaves a live session", arguments: Backend.all)
    func signInRacingRemoval(_ backend: Backend) async throws {
        try await Self.withRelyingParty(backend) { relyingParty in
            for _ in 0..<5 {
                var doomed = TestBrowser(origin: TestServer.origin)
                var keeper = TestBrowser(origin: TestServer.origin)
                let username = uniqueName()
                let first = try await Self.register(relyingParty, username, browser: &doomed)
                let firstSession = try await relyingParty.session(token: first)
                let added = try await relyingParty.beginRegistration(
                    JSONValue.object(JSONObject(["username": .string(username)])).serializedBytes(), session: firstSession)
                let keeperToken = try await relyingParty.finishRegistration(try keeper.create(added), origin: .outsideRequest).sessionToken
                let keeperSession = try await relyingParty.session(token: keeperToken)
                let assertion = try doomed.get(
                    try await relyingParty.beginAuthentication(JSONValue.object(JSONObject(["username": .string(username)])).serializedBytes()))
                let doomedID = Base64URL.encode(doomed.credentials[0].id)

                async let signIn = try? await relyingParty.finishAuthentication(assertion, origin: .outsideRequest)
                async let removal: Void = relyingParty.deleteCredential(keeperSession, id: doomedID, origin: .outsideRequest)
                let (signedIn, _) = try await (signIn, removal)
                if let token = signedIn?.sessionToken {
                    #expect(try await relyingParty.session(token: token) == nil, "the removed passkey's session does not survive")
                }
            }
        }
    }
}
