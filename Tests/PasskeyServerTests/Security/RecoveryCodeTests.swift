import Foundation
import GRDB
import Hummingbird
import HummingbirdTesting
import PasskeyCore
import PasskeyServer
import Synchronization
import Testing

/// Recovery codes: a way back into an account whose every passkey is lost, which must not become a way in
/// for anyone else.
@Suite("Attack: recovery codes")
struct RecoveryCodeTests {
    static func recover(_ client: any TestClientProtocol, _ username: String, _ code: String) async throws -> JSONResponse {
        try await client.call(.post, "/recovery", json: JSONObject(["username": .string(username), "code": .string(code)]))
    }

    /// A new account and the codes its sign-up showed.
    static func account(
        _ client: any TestClientProtocol, browser: inout TestBrowser
    ) async throws -> (username: String, session: String, codes: [String]) {
        let username = uniqueName()
        let options = try await client.call(.post, "/attestation/options", json: JSONObject(["username": .string(username)]))
        let result = try await client.call(.post, "/attestation/result", bytes: try browser.create(options.object))
        let codes = result.object["recoveryCodes"]?.arrayValue?.compactMap(\.stringValue) ?? []
        return (username, result.object["session"]?.stringValue ?? "", codes)
    }

    @Test("sign-up shows 10 distinct 80-bit codes once; a passkey added later shows none", arguments: Backend.all)
    func issuedAtSignUp(_ backend: Backend) async throws {
        try await TestServer.withServer(TestServer.configuration(try await backend.ownLocation())) { client in
            var phone = TestBrowser(origin: TestServer.origin)
            var laptop = TestBrowser(origin: TestServer.origin)
            let (username, session, codes) = try await Self.account(client, browser: &phone)
            #expect(codes.count == 10 && Set(codes).count == 10)
            #expect(codes.allSatisfy { $0.wholeMatch(of: /[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}/) != nil }, "\(codes)")
            #expect(try await client.call(.get, "/recovery-codes", session: session).object["remaining"] == JSONValue(Int64(10)))
            let options = try await client.call(.post, "/attestation/options", json: JSONObject(["username": .string(username)]), session: session)
            let second = try await client.call(.post, "/attestation/result", bytes: try laptop.create(options.object))
            #expect(second.ok && second.object["recoveryCodes"] == nil)
        }
    }

    @Test("a code works once, ends every other session, and the recovery session can only add a passkey", arguments: Backend.all)
    func oneUse(_ backend: Backend) async throws {
        try await TestServer.withServer(TestServer.configuration(try await backend.ownLocation())) { client in
            var lost = TestBrowser(origin: TestServer.origin)
            var replacement = TestBrowser(origin: TestServer.origin)
            let (username, thiefsSession, codes) = try await Self.account(client, browser: &lost)
            let otherSession = try #require(try await client.signIn(username, browser: &lost).object["session"]?.stringValue)
            let lostID = Base64URL.encode(lost.credentials[0].id)

            let recovered = try await Self.recover(client, username, codes[3].lowercased().replacingOccurrences(of: "-", with: " "))
            #expect(recovered.ok && recovered.object["recovery"] == .bool(true), "\(recovered.object)")
            #expect(recovered.headers[.setCookie]?.contains("HttpOnly") == true)
            #expect(recovered.object["recoveryCodesRemaining"] == JSONValue(Int64(9)))
            let recovery = try #require(recovered.object["session"]?.stringValue)
            // Whoever held a session (perhaps whoever has the phone) is signed out.
            #expect(try await client.call(.get, "/session", session: thiefsSession).status == .unauthorized)
            #expect(try await client.call(.get, "/session", session: otherSession).status == .unauthorized)

            // Used once.
            let again = try await Self.recover(client, username, codes[3])
            #expect(again.status == .badRequest && again.code == "invalidRecoveryCode")

            // The recovery session may do nothing but add a passkey.
            let refused: [(HTTPRequest.Method, String, JSONObject?)] = [
                (.get, "/session", nil), (.get, "/credentials", nil), (.patch, "/credentials/\(lostID)", JSONObject(["name": .string("x")])),
                (.delete, "/credentials/\(lostID)", nil), (.delete, "/sessions", nil), (.delete, "/account", nil),
                (.get, "/recovery-codes", nil), (.post, "/recovery-codes", JSONObject()), (.post, "/session/verify/options", JSONObject()),
                (.post, "/session/token", JSONObject()),
            ]
            for (method, path, body) in refused {
                let answer = try await client.call(method, path, json: body, session: recovery)
                #expect(
                    answer.status == .forbidden && answer.code == "recoverySessionRestricted", "\(method) \(path): \(answer.status) \(answer.object)")
            }
            let otherName = try await Self.account(client, browser: &replacement).username
            let elsewhere = try await client.call(
                .post, "/attestation/options", json: JSONObject(["username": .string(otherName)]), session: recovery)
            #expect(elsewhere.code == "usernameTaken", "not for another account")
            #expect(try await client.call(.get, "/credentials", session: recovery).status == .forbidden, "the passkey list is not shown yet")

            // Adding the new passkey signs in for real, and the recovery session ends with it.
            var newPhone = TestBrowser(origin: TestServer.origin)
            let signedIn = try await client.register(username, browser: &newPhone, session: recovery)
            let listed = try await client.call(.get, "/credentials", session: signedIn)
            #expect(listed.object["credentials"]?.arrayValue?.count == 2)
            #expect(try await client.call(.delete, "/credentials/\(lostID)", session: signedIn).ok, "the lost passkey can be removed")
            let reused = try await client.call(.post, "/attestation/options", json: JSONObject(["username": .string(username)]), session: recovery)
            #expect(reused.code == "usernameTaken", "the recovery session ended: \(reused.object)")
        }
    }

    @Test("one code used five times at once starts one recovery session", arguments: Backend.all)
    func concurrentUse(_ backend: Backend) async throws {
        // Without HTTP, so the five really run at the same time (the test client sends one request at a time).
        try await SessionLifecycleTests.withRelyingParty(backend) { relyingParty in
            var phone = TestBrowser(origin: TestServer.origin)
            let username = uniqueName()
            let options = try await relyingParty.beginRegistration(
                JSONValue.object(JSONObject(["username": .string(username)])).serializedBytes(), session: nil)
            let registered = try await relyingParty.finishRegistration(try phone.create(options), origin: .outsideRequest).response
            let codes = registered["recoveryCodes"]?.arrayValue?.compactMap(\.stringValue) ?? []
            let request = JSONObject(["username": .string(username), "code": .string(codes.first ?? "")])
            let outcomes = await withTaskGroup(of: Bool.self) { group in
                // Clients of this run only: on PostgreSQL the per-client budgets are the database's.
                let run = UUID().uuidString
                for index in 0..<5 {
                    group.addTask { (try? await relyingParty.recover(request, client: "client-\(run)-\(index)", origin: .outsideRequest)) != nil }
                }
                return await group.reduce(into: [Bool]()) { $0.append($1) }
            }
            #expect(outcomes.filter { $0 }.count == 1, "\(outcomes)")
        }
    }

    @Test("an unknown name, a wrong code, a used code, another account's code and a malformed one are answered alike", arguments: Backend.all)
    func alike(_ backend: Backend) async throws {
        try await TestServer.withServer(TestServer.configuration(try await backend.ownLocation())) { client in
            var phone = TestBrowser(origin: TestServer.origin)
            var other = TestBrowser(origin: TestServer.origin)
            let (username, _, codes) = try await Self.account(client, browser: &phone)
            let (_, _, otherCodes) = try await Self.account(client, browser: &other)
            #expect(try await Self.recover(client, username, codes[0]).ok)
            let attempts = [
                try await Self.recover(client, uniqueName("nobody"), codes[1]),
                try await Self.recover(client, username, RecoveryCodes.generate(count: 1)[0]),
                try await Self.recover(client, username, codes[0]),
                try await Self.recover(client, username, otherCodes[0]),
                try await Self.recover(client, uniqueName("nobody"), "not a code"),
            ]
            for answer in attempts {
                #expect(answer.status == .badRequest)
                #expect(answer.code == "invalidRecoveryCode")
                #expect(answer.errorMessage == attempts[0].errorMessage)
                #expect(answer.headers[.setCookie] == nil && answer.object["session"] == nil)
            }
        }
    }

    /// Recovery budgets as large as the defaults (5 tries per name, 10 per client) that refill once an hour, and no
    /// other limits, so no refill can come between a test's tries however slowly a loaded machine runs them (the
    /// defaults refill one try a minute and one every 30 seconds; `defaultBudgets` checks them).
    static var slowRefillLimits: PasskeyRouteLimits {
        let defaults = RecoveryLimits()
        var limits = PasskeyRouteLimits(optionsLimiter: nil, failedResultLimiter: nil, takenNameLimiter: nil)
        limits.recovery = RecoveryLimits(
            perAccount: RateLimiter(rate: 1.0 / 3600, burst: (defaults.perAccount as? RateLimiter)?.burst ?? 0),
            perClient: RateLimiter(rate: 1.0 / 3600, burst: (defaults.perClient as? RateLimiter)?.burst ?? 0))
        return limits
    }

    /// A test server on `database` under ``slowRefillLimits``.
    static func slowRefill(_ database: DatabaseLocation) -> ServerConfiguration {
        var configuration = TestServer.configuration(database)
        configuration.limits = slowRefillLimits
        return configuration
    }

    @Test("the default budgets: 5 tries per name, then one a minute; 10 per client, then one every 30 seconds")
    func defaultBudgets() throws {
        let defaults = RecoveryLimits()
        let perAccount = try #require(defaults.perAccount as? RateLimiter)
        let perClient = try #require(defaults.perClient as? RateLimiter)
        #expect(perAccount.burst == 5 && perAccount.rate == 1.0 / 60)
        #expect(perClient.burst == 10 && perClient.rate == 1.0 / 30)
        // The bucket itself: a rested client's tenth try passes, its eleventh does not, and 30 seconds give one back.
        for _ in 0..<10 { #expect(perClient.allow("client", now: 1000)) }
        #expect(!perClient.allow("client", now: 1000))
        #expect(!perClient.allow("client", now: 1029))
        #expect(perClient.allow("client", now: 1030.5))
        #expect(!perClient.allow("client", now: 1030.5))
    }

    @Test("a burst of guesses is refused alike for a real name and an unknown one: 5 tries, then 429", arguments: Backend.all)
    func burst(_ backend: Backend) async throws {
        let sequences = Mutex<[[Int]]>([])
        for realName in [true, false] {
            try await TestServer.withServer(Self.slowRefill(try await backend.ownLocation())) { client in
                var phone = TestBrowser(origin: TestServer.origin)
                let (username, _, codes) = try await Self.account(client, browser: &phone)
                let target = realName ? username : uniqueName("nobody")
                var statuses: [Int] = []
                for _ in 0..<8 { statuses.append(try await Self.recover(client, target, RecoveryCodes.generate(count: 1)[0]).status.code) }
                // The account's own code is refused too until its budget refills (a guesser can delay a recovery by
                // minutes, never make it succeed).
                if realName {
                    let locked = try await Self.recover(client, username, codes[0])
                    #expect(locked.status == .tooManyRequests && locked.code == "rateLimited")
                }
                sequences.withLock { $0.append(statuses) }
            }
        }
        let seen = sequences.withLock { $0 }
        #expect(seen.count == 2 && seen[0] == Array(repeating: 400, count: 5) + Array(repeating: 429, count: 3), "\(seen)")
        #expect(seen.first == seen.last)
    }

    @Test("one client guessing across many names is stopped after 10 tries", arguments: Backend.all)
    func perClient(_ backend: Backend) async throws {
        try await TestServer.withServer(Self.slowRefill(try await backend.ownLocation())) { client in
            var statuses: [Int] = []
            for _ in 0..<12 { statuses.append(try await Self.recover(client, uniqueName("nobody"), RecoveryCodes.generate(count: 1)[0]).status.code) }
            #expect(statuses == Array(repeating: 400, count: 10) + [429, 429], "\(statuses)")
        }
    }

    @Test("the database holds keyed hashes of the codes, never the codes")
    func storedAsHashes() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("passkeys-test-\(UUID().uuidString).sqlite").path
        let issued = Mutex<[String]>([])
        try await TestServer.withServer(TestServer.configuration(.sqliteFile(path))) { client in
            var phone = TestBrowser(origin: TestServer.origin)
            let codes = try await Self.account(client, browser: &phone).codes
            issued.withLock { $0 = codes }
        }
        let shown = issued.withLock { $0 }
        #expect(shown.count == 10)
        let file = try Data(contentsOf: URL(fileURLWithPath: path)) + ((try? Data(contentsOf: URL(fileURLWithPath: path + "-wal"))) ?? Data())
        let stored = try await DatabaseQueue(path: path).read { db in try String.fetchAll(db, sql: "SELECT code_hash FROM recovery_codes") }
        #expect(stored.count == 10 && stored.allSatisfy { $0.count == 43 })
        for code in shown {
            #expect(file.range(of: Data(code.utf8)) == nil && file.range(of: Data(code.replacingOccurrences(of: "-", with: "").utf8)) == nil)
            #expect(!stored.contains(code))
        }
    }

    @Test("regenerating replaces every code", arguments: Backend.all)
    func regenerate(_ backend: Backend) async throws {
        try await TestServer.withServer(TestServer.configuration(try await backend.ownLocation())) { client in
            var phone = TestBrowser(origin: TestServer.origin)
            let (username, session, old) = try await Self.account(client, browser: &phone)
            let fresh = try await client.call(.post, "/recovery-codes", json: JSONObject(), session: session)
            let codes = fresh.object["recoveryCodes"]?.arrayValue?.compactMap(\.stringValue) ?? []
            #expect(codes.count == 10 && Set(codes).isDisjoint(with: old))
            #expect(try await Self.recover(client, username, old[0]).code == "invalidRecoveryCode")
            #expect(try await Self.recover(client, username, codes[9]).ok)
        }
    }
}
