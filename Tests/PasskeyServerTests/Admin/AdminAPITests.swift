import Foundation
import GRDB
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import PasskeyCore
import Testing

@testable import PasskeyServer
@testable import PasskeyStore

/// The operator's API and the audit log, over real HTTP on loopback, on SQLite and PostgreSQL: each support task
/// performed, and the attacks on it (a user's session as the key, a revoked key, someone
/// else's id, hostile query parameters, paging limits).
@Suite("Operator API and audit log")
struct AdminAPITests {
    /// A server on `database` with an API key named `name` made on it first; `body` gets the client and the key.
    static func withAdmin(
        _ database: DatabaseLocation, name: String = "support-desk", configure: (inout ServerConfiguration) -> Void = { _ in },
        _ body: @Sendable (any TestClientProtocol, String, APIKeys) async throws -> Void
    ) async throws {
        var configuration = TestServer.configuration(database)
        configure(&configuration)
        try await TestServer.withServer(configuration) { client in
            let store = try await database.openStore(logger: .init(label: "test"))
            let keys = APIKeys(store: store, clock: { 1_800_000_000_000 }, origin: .commandLine)
            do {
                let key = try await keys.create(name: name, scopes: [.adminRead, .adminWrite]).key
                try await body(client, key, keys)
            } catch {
                try? await store.shutdown()
                throw error
            }
            try await store.shutdown()
        }
    }

    /// The account named `username`, found by the operator: its id.
    static func userID(_ username: String, key: String, _ client: any TestClientProtocol) async throws -> String {
        let found = try await client.call(.get, "/admin/users?username=\(username)", session: key)
        #expect(found.ok, "\(found.object)")
        let users = try #require(found.object["users"]?.arrayValue)
        #expect(users.count == 1)
        return try #require(users.first?.objectValue?["id"]?.stringValue)
    }

    static func entries(_ answer: JSONResponse) -> [JSONObject] { answer.object["entries"]?.arrayValue?.compactMap(\.objectValue) ?? [] }

    @Test(
        "refused without a key, with a revoked one, with a user's session (header or cookie) or another scheme: 401 with RFC 6750's challenge",
        arguments: Backend.all)
    func refusals(_ backend: Backend) async throws {
        try await Self.withAdmin(backend.location()) { client, key, keys in
            var browser = TestBrowser(origin: TestServer.origin)
            let username = uniqueName()
            let session = try await client.register(username, browser: &browser)
            let paths: [(HTTPRequest.Method, String)] = [
                (.get, "/admin/users?username=\(username)"), (.get, "/admin/audit"), (.get, "/admin/keys"),
                (.delete, "/admin/users/AAAA/sessions"), (.delete, "/admin/users/AAAA"),
            ]
            for (method, path) in paths {
                let anonymous = try await client.raw(method, path)
                #expect(anonymous.status == .unauthorized, "\(path)")
                #expect(anonymous.headers[.wwwAuthenticate] == "Bearer realm=\"passkeys\"", "no error code without credentials (RFC 6750 §3.1)")
                let bySession = try await client.raw(method, path, headers: [.authorization: "Bearer \(session)"])
                #expect(bySession.status == .unauthorized, "a user's session is not a key: \(path)")
                #expect(bySession.headers[.wwwAuthenticate]?.contains("error=\"invalid_token\"") == true)
                let byCookie = try await client.raw(method, path, headers: [.cookie: "passkeys_session=\(session)"])
                #expect(byCookie.status == .unauthorized, "nor is the session cookie: \(path)")
                let basic = try await client.raw(method, path, headers: [.authorization: "Basic \(key)"])
                #expect(basic.status == .unauthorized && basic.headers[.wwwAuthenticate]?.contains("invalid_request") == true)
                let forged = try await client.raw(method, path, headers: [.authorization: "Bearer psk_" + String(repeating: "A", count: 43)])
                #expect(forged.status == .unauthorized)
            }
            // The user's account is untouched by all of it.
            #expect(try await client.call(.get, "/session", session: session).ok)

            let id = try #require(try await keys.list().first { APIKey.hash(key) == $0.keyHash }?.id)
            #expect(try await client.call(.get, "/admin/keys", session: key).ok)
            #expect(try await keys.revoke(id: id))
            let revoked = try await client.raw(.get, "/admin/users?username=\(username)", headers: [.authorization: "Bearer \(key)"])
            #expect(revoked.status == .unauthorized && revoked.headers[.wwwAuthenticate]?.contains("invalid_token") == true)
        }
    }

    @Test(
        "an operator finds a user by name, ends their sessions (their next request is 401) and removes a passkey; events and the audit log name the key",
        arguments: Backend.all)
    func supportFlow(_ backend: Backend) async throws {
        try await Self.withAdmin(backend.location(), name: "support-desk") { client, key, _ in
            var phone = TestBrowser(origin: TestServer.origin)
            var laptop = TestBrowser(origin: TestServer.origin)
            let username = uniqueName()
            let phoneSession = try await client.register(username, browser: &phone)
            let laptopSession = try await client.register(username, browser: &laptop, session: phoneSession)
            let id = try await Self.userID(username, key: key, client)

            let both = try await client.call(.get, "/admin/users?username=\(username)&id=\(id)&limit=5", session: key)
            #expect(both.object["users"]?.arrayValue?.count == 1)
            let mismatch = try await client.call(.get, "/admin/users?username=\(username)&id=AAAA", session: key)
            #expect(mismatch.ok && mismatch.object["users"]?.arrayValue?.isEmpty == true, "a name and an id must both hold")
            let byID = try await client.call(.get, "/admin/users?id=\(id)", session: key)
            #expect(byID.object["users"]?.arrayValue?.first?.objectValue?["name"] == .string(username))
            let one = try await client.call(.get, "/admin/users/\(id)", session: key)
            #expect(one.object["user"]?.objectValue?["createdAt"]?.stringValue?.hasSuffix("Z") == true)
            #expect(one.headers[.cacheControl] == "no-store")

            let sessions = try await client.call(.get, "/admin/users/\(id)/sessions", session: key)
            let listed = sessions.object["sessions"]?.arrayValue ?? []
            #expect(listed.count == 2)
            let text = JSONValue.object(sessions.object).serialized()
            #expect(!text.contains(phoneSession) && !text.contains(laptopSession), "sessions are named by sid, never by token")

            let ended = try await client.call(.delete, "/admin/users/\(id)/sessions", session: key)
            #expect(ended.ok && ended.object["ended"] == JSONValue(2))
            #expect(try await client.call(.get, "/session", session: phoneSession).status == .unauthorized)
            #expect(try await client.call(.get, "/credentials", session: laptopSession).status == .unauthorized)
            #expect(try await client.call(.get, "/admin/users/\(id)/sessions", session: key).object["sessions"]?.arrayValue?.isEmpty == true)

            let credentials = try await client.call(.get, "/admin/users/\(id)/credentials", session: key)
            #expect(credentials.object["credentials"]?.arrayValue?.count == 2)
            let phoneID = Base64URL.encode(phone.credentials[0].id)
            #expect(try await client.call(.delete, "/admin/users/\(id)/credentials/\(phoneID)", session: key).ok)
            #expect(try await client.call(.get, "/admin/users/\(id)/credentials", session: key).object["credentials"]?.arrayValue?.count == 1)
            // The phone can no longer sign in; the laptop can.
            // (The server no longer lists it, so the authenticator finds nothing to sign with, or the server refuses it.)
            let phoneSignIn = try? await client.signIn(username, browser: &phone)
            #expect(phoneSignIn?.ok != true)
            #expect(try await client.signIn(username, browser: &laptop).ok)
            let laptopID = Base64URL.encode(laptop.credentials[0].id)
            let last = try await client.call(.delete, "/admin/users/\(id)/credentials/\(laptopID)", session: key)
            #expect(last.status == .conflict && last.code == "lastPasskey")

            // Who ended these sessions, and who removed the passkey: the key, by name, from the client's address.
            let audit = Self.entries(try await client.call(.get, "/admin/audit?user=\(id)", session: key))
            let revocation = try #require(audit.first { $0["action"] == .string("sessions.revoked") })
            #expect(
                revocation["actor"] == .object(JSONObject(["kind": .string("apiKey"), "name": revocation["actor"]?.objectValue?["name"] ?? .null])))
            #expect(revocation["actor"]?.objectValue?["name"]?.stringValue?.hasPrefix("support-desk (") == true)
            #expect(revocation["detail"]?.objectValue?["reason"] == .string("operator"))
            #expect(revocation["clientAddress"] == .string("127.0.0.1") && revocation["outcome"] == .string("success"))
            let removal = try #require(audit.first { $0["action"] == .string("passkey.deleted") && $0["outcome"] == .string("success") })
            #expect(removal["actor"]?.objectValue?["kind"] == .string("apiKey"))
            #expect(removal["detail"]?.objectValue?["credential"]?.objectValue?["id"] == .string(phoneID))
            let refused = try #require(audit.first { $0["action"] == .string("passkey.deleted") && $0["outcome"] == .string("refused") })
            #expect(refused["detail"]?.objectValue?["code"] == .string("lastPasskey"))
            // The sign-up, the added passkey and the sign-in, by the user, are there too; and the operator's reads.
            for action in ["user.created", "passkey.created", "session.created"] {
                let entry = audit.first { $0["action"] == .string(action) }
                #expect(entry?["actor"] == .object(JSONObject(["kind": .string("user"), "name": .string(username)])), "\(action)")
            }
            #expect(audit.contains { $0["action"] == .string("admin.sessions.read") })
            let times = audit.compactMap { $0["time"]?.stringValue }
            #expect(times == times.sorted(by: >), "newest first")
        }
    }

    @Test("the audit log answers who removed a passkey: its user, or an operator's key", arguments: Backend.all)
    func whoRemovedThisPasskey(_ backend: Backend) async throws {
        try await Self.withAdmin(backend.location(), name: "compliance") { client, key, _ in
            var one = TestBrowser(origin: TestServer.origin)
            var two = TestBrowser(origin: TestServer.origin)
            var three = TestBrowser(origin: TestServer.origin)
            let username = uniqueName()
            let session = try await client.register(username, browser: &one)
            _ = try await client.register(username, browser: &two, session: session)
            _ = try await client.register(username, browser: &three, session: session)
            let id = try await Self.userID(username, key: key, client)
            let byUser = Base64URL.encode(two.credentials[0].id)
            let byOperator = Base64URL.encode(three.credentials[0].id)
            #expect(try await client.call(.delete, "/credentials/\(byUser)", session: session).ok)
            #expect(try await client.call(.delete, "/admin/users/\(id)/credentials/\(byOperator)", session: key).ok)

            let audit = Self.entries(try await client.call(.get, "/admin/audit?user=\(id)", session: key))
            func remover(_ credential: String) -> JSONValue? {
                audit.first {
                    $0["action"] == .string("passkey.deleted") && $0["detail"]?.objectValue?["credential"]?.objectValue?["id"] == .string(credential)
                }?["actor"]
            }
            #expect(remover(byUser) == .object(JSONObject(["kind": .string("user"), "name": .string(username)])))
            #expect(remover(byOperator)?.objectValue?["kind"] == .string("apiKey"))
            #expect(remover(byOperator)?.objectValue?["name"]?.stringValue?.hasPrefix("compliance (") == true)

            // A time range that ends before the removals holds neither; the default range holds both.
            let early = Self.entries(try await client.call(.get, "/admin/audit?user=\(id)&until=2000-01-01T00:00:00Z", session: key))
            #expect(early.isEmpty)
            let backwards = try await client.call(.get, "/admin/audit?user=\(id)&from=2030-01-02T00:00:00Z&until=2030-01-01T00:00:00Z", session: key)
            #expect(backwards.ok && Self.entries(backwards).isEmpty, "a range that ends before it starts holds nothing")
            // Paging: one entry a page, following next, never repeats and ends.
            var seen: [String] = []
            var before: String?
            for _ in 0..<40 {
                let page = try await client.call(.get, "/admin/audit?user=\(id)&limit=1" + (before.map { "&before=\($0)" } ?? ""), session: key)
                let entries = Self.entries(page)
                #expect(entries.count <= 1)
                seen += entries.compactMap { $0["id"]?.stringValue }
                guard let next = page.object["next"]?.stringValue else { break }
                before = next
            }
            #expect(Set(seen).count == seen.count && seen.count >= 6, "\(seen)")
        }
    }

    @Test("someone else's id: another account's passkey, an unknown or malformed id are refused and change nothing", arguments: Backend.all)
    func someoneElsesID(_ backend: Backend) async throws {
        try await Self.withAdmin(backend.location()) { client, key, _ in
            var alice = TestBrowser(origin: TestServer.origin)
            var aliceSpare = TestBrowser(origin: TestServer.origin)
            var bob = TestBrowser(origin: TestServer.origin)
            let (aliceName, bobName) = (uniqueName("alice"), uniqueName("bob"))
            let aliceSession = try await client.register(aliceName, browser: &alice)
            _ = try await client.register(aliceName, browser: &aliceSpare, session: aliceSession)
            let bobSession = try await client.register(bobName, browser: &bob)
            let aliceID = try await Self.userID(aliceName, key: key, client)
            let bobID = try await Self.userID(bobName, key: key, client)
            let aliceCredential = Base64URL.encode(alice.credentials[0].id)

            let crossed = try await client.call(.delete, "/admin/users/\(bobID)/credentials/\(aliceCredential)", session: key)
            #expect(crossed.status == .notFound)
            #expect(try await client.call(.get, "/admin/users/\(aliceID)/credentials", session: key).object["credentials"]?.arrayValue?.count == 2)
            let unknown = Base64URL.encode(Array(repeating: 7, count: 32))
            for (method, path) in [
                (HTTPRequest.Method.get, "/admin/users/\(unknown)"), (.delete, "/admin/users/\(unknown)"), (.get, "/admin/users/\(unknown)/sessions"),
                (.delete, "/admin/users/\(unknown)/sessions"), (.post, "/admin/users/\(unknown)/recovery-codes"),
            ] {
                let answer = try await client.call(method, path, json: method == .post ? JSONObject() : nil, session: key)
                #expect(answer.status == .notFound && answer.code == "userNotFound", "\(method) \(path)")
            }
            for malformed in ["%00", "AAA=", String(repeating: "A", count: 87), "A", "not*base64"] {
                let answer = try await client.call(.get, "/admin/users/\(malformed)/sessions", session: key)
                #expect(answer.status == .badRequest || answer.status == .notFound, "\(malformed): \(answer.status)")
            }
            #expect(try await client.call(.get, "/session", session: bobSession).ok)
            let refusals = Self.entries(try await client.call(.get, "/admin/audit?user=\(bobID)", session: key))
            #expect(refusals.contains { $0["action"] == .string("passkey.deleted") && $0["outcome"] == .string("refused") })
        }
    }

    @Test("hostile query parameters are 400 naming what was expected; pages are bounded and complete", arguments: Backend.all)
    func hostileQueries(_ backend: Backend) async throws {
        // Its own database: "replay every dead event" answers 0 only where no other test's webhook outage left one.
        try await Self.withAdmin(try await backend.ownLocation()) { client, key, _ in
            let huge = String(repeating: "a", count: 20_000)
            let bad = [
                "/admin/users?limit=0", "/admin/users?limit=101", "/admin/users?limit=-1", "/admin/users?limit=99999999999999999999",
                "/admin/users?limit=abc", "/admin/users?username=a&username=b", "/admin/users?usernme=ada", "/admin/users?username=\(huge)",
                "/admin/users?username=", "/admin/users?id=AAA=", "/admin/users?username=a&id=AB", "/admin/users?after=%FF",
                "/admin/users?username=%ZZ", "/admin/audit?from=yesterday",
                "/admin/audit?before=0", "/admin/audit?before=-5", "/admin/audit?limit=1000", "/admin/audit?user=\(huge)",
                "/admin/audit?from=99999-01-01T00:00:00Z",
            ]
            for path in bad {
                let answer = try await client.call(.get, path, session: key)
                #expect(answer.status == .badRequest && answer.code == "invalidRequest", "\(path.prefix(80)): \(answer.status)")
                #expect(!answer.errorMessage.contains(huge), "the message does not echo a huge value")
            }
            let replay = [
                #"{}"#, #"{"id":"evt_x"}"#, #"{"allDead":false}"#, #"{"id":"evt_AAAAAAAAAAAAAAAAAAAAAA","allDead":true}"#, #"{"other":1}"#, "[]",
            ]
            for body in replay {
                let answer = try await client.call(.post, "/admin/events/replay", bytes: Array(body.utf8), session: key)
                #expect(answer.status == .badRequest, "\(body)")
            }
            let none = try await client.call(
                .post, "/admin/events/replay", json: JSONObject(["id": .string("evt_AAAAAAAAAAAAAAAAAAAAAA")]), session: key)
            #expect(none.status == .notFound && none.code == "noDeadEvent")
            #expect(
                try await client.call(.post, "/admin/events/replay", json: JSONObject(["allDead": .bool(true)]), session: key).object["replayed"]
                    == JSONValue(0))

            // Paging: three accounts of this run all appear once, whatever else the database holds.
            var names: Set<String> = []
            for _ in 0..<3 {
                var browser = TestBrowser(origin: TestServer.origin)
                let name = uniqueName("page")
                _ = try await client.register(name, browser: &browser)
                names.insert(name)
            }
            let small = try await client.call(.get, "/admin/users?limit=2", session: key)
            #expect(small.object["users"]?.arrayValue?.count == 2 && small.object["next"]?.stringValue != nil)
            var found: [String] = []
            var after: String?
            for _ in 0..<2_000 {
                let page = try await client.call(.get, "/admin/users?limit=100" + (after.map { "&after=\($0)" } ?? ""), session: key)
                let users = page.object["users"]?.arrayValue ?? []
                #expect(users.count <= 100)
                found += users.compactMap { $0.objectValue?["name"]?.stringValue }
                guard let next = page.object["next"]?.stringValue else { break }
                after = next
            }
            #expect(Set(found).count == found.count, "no account twice")
            #expect(names.isSubset(of: Set(found)))
        }
    }

    @Test(
        "new recovery codes go to the operator once and work; deleting the user frees the name; every change raises its event",
        arguments: [Backend.sqlite])
    func recoveryDeletionAndEvents(_ backend: Backend) async throws {
        let database = backend.location()
        guard case .sqliteFile(let path) = database else { return }
        let endpoint = try WebhookEndpoint(
            url: "http://127.0.0.1:9/hooks", secrets: [try WebhookSecret(parsing: WebhookSecret.generate(), source: "test")])
        try await Self.withAdmin(
            database, name: "helpdesk",
            configure: { $0.webhooks = WebhookConfiguration(endpoints: [endpoint], retry: RetrySchedule(firstDelay: .seconds(600))) }
        ) {
            client, key, _ in
            var browser = TestBrowser(origin: TestServer.origin)
            let username = uniqueName()
            _ = try await client.register(username, browser: &browser)
            let id = try await Self.userID(username, key: key, client)
            let codes = try await client.call(.post, "/admin/users/\(id)/recovery-codes", json: JSONObject(), session: key)
            #expect(codes.headers[.cacheControl] == "no-store")
            let code = try #require(codes.object["recoveryCodes"]?.arrayValue?.first?.stringValue)
            let recovered = try await client.call(.post, "/recovery", json: JSONObject(["username": .string(username), "code": .string(code)]))
            #expect(recovered.ok, "\(recovered.object)")

            #expect(try await client.call(.delete, "/admin/users/\(id)", session: key).ok)
            #expect(try await client.call(.get, "/admin/users?username=\(username)", session: key).object["users"]?.arrayValue?.isEmpty == true)
            let audit = Self.entries(try await client.call(.get, "/admin/audit?user=\(id)", session: key))
            #expect(audit.first { $0["action"] == .string("user.deleted") }?["actor"]?.objectValue?["kind"] == .string("apiKey"))
            #expect(audit.first { $0["action"] == .string("recovery-codes.regenerated") }?["actor"]?.objectValue?["kind"] == .string("apiKey"))
            #expect(!JSONValue.array(audit.map(JSONValue.object)).serialized().contains(code), "a code is never logged")

            // The outbox (the endpoint is down, so every event waits there): the operator's changes raised theirs.
            let database = try DatabaseQueue(path: path)
            let types = try await database.read { db in try String.fetchAll(db, sql: "SELECT type FROM event_outbox ORDER BY seq") }
            #expect(types.contains("recovery-codes.regenerated") && types.contains("user.deleted") && types.contains("recovery.used"), "\(types)")
            let payloads = try await database.read { db in try String.fetchAll(db, sql: "SELECT payload FROM event_outbox") }
            #expect(!payloads.contains { $0.contains(code) })
        }
    }

    @Test(
        "an operator's ending of sessions raises session.revoked with reason operator; events name the client's address", arguments: [Backend.sqlite])
    func revocationEvents(_ backend: Backend) async throws {
        let database = backend.location()
        guard case .sqliteFile(let path) = database else { return }
        let endpoint = try WebhookEndpoint(
            url: "http://127.0.0.1:9/hooks", secrets: [try WebhookSecret(parsing: WebhookSecret.generate(), source: "test")])
        try await Self.withAdmin(
            database, configure: { $0.webhooks = WebhookConfiguration(endpoints: [endpoint], retry: RetrySchedule(firstDelay: .seconds(600))) }
        ) {
            client, key, _ in
            var browser = TestBrowser(origin: TestServer.origin)
            let username = uniqueName()
            _ = try await client.register(username, browser: &browser)
            let id = try await Self.userID(username, key: key, client)
            #expect(try await client.call(.delete, "/admin/users/\(id)/sessions", session: key).ok)
            let database = try DatabaseQueue(path: path)
            let revoked = try await database.read { db in
                try String.fetchAll(db, sql: "SELECT payload FROM event_outbox WHERE type = 'session.revoked'")
            }
            #expect(revoked.count == 1 && revoked.first?.contains(#""reason":"operator""#) == true, "\(revoked)")
            // Each event names the client the change came from: the operator's for the revocation, the user's for the
            // sign-up (both on loopback here), as the request's origin carried it to the write.
            #expect(revoked.first?.contains(#""clientAddress":"127.0.0.1""#) == true, "\(revoked)")
            let created = try await database.read { db in try String.fetchAll(db, sql: "SELECT payload FROM event_outbox WHERE type = 'user.created'")
            }
            #expect(created.count == 1 && created.first?.contains(#""clientAddress":"127.0.0.1""#) == true, "\(created)")
        }
    }

    @Test("admin calls are rate limited per client", arguments: [Backend.sqlite])
    func rateLimited(_ backend: Backend) async throws {
        try await Self.withAdmin(backend.location(), configure: { $0.limits = PasskeyRouteLimits.forOptionsRate(1) }) { client, key, _ in
            var limited = false
            for _ in 0..<200 where !limited {
                let answer = try await client.raw(.get, "/admin/keys", headers: [.authorization: "Bearer \(key)"])
                if answer.status == .tooManyRequests {
                    limited = true
                    #expect(answer.headers[.retryAfter] != nil)
                }
            }
            #expect(limited)
        }
    }

    @Test("the audit log keeps entries until the retention's cut-off and reads them by account and time", arguments: Backend.all)
    func pruning(_ backend: Backend) async throws {
        // A database of its own: a server on the shared one prunes entries this old (past its retention) as it starts.
        let store = try await backend.ownLocation().openStore(logger: .init(label: "test"))
        let user = Base64URL.encode(Array(UUID().uuidString.utf8))
        let day: Int64 = 86_400_000
        for (index, time) in [1_000 * day, 1_001 * day, 1_002 * day].enumerated() {
            let entry = AuditEntry(
                time: time, userID: user, action: "passkey.deleted", actor: .user("ada"), clientAddress: "192.0.2.\(index)", outcome: "success",
                detail: #"{"n":\#(index)}"#)
            try await store.appendEvents(ChangeRecord.audit(entry))
        }
        let all = try await store.auditEntries(AuditQuery(userID: user, from: 0, until: 2_000 * day, before: nil, limit: 10))
        #expect(all.map(\.time) == [1_002 * day, 1_001 * day, 1_000 * day], "newest first")
        #expect(all.first?.actor == .user("ada") && all.first?.clientAddress == "192.0.2.2")
        let range = try await store.auditEntries(AuditQuery(userID: user, from: 1_001 * day, until: 1_002 * day, before: nil, limit: 10))
        #expect(range.map(\.time) == [1_001 * day], "from inclusive, until exclusive")
        #expect(try await store.pruneAudit(before: 1_001 * day) >= 1)
        let kept = try await store.auditEntries(AuditQuery(userID: user, from: 0, until: 2_000 * day, before: nil, limit: 10))
        #expect(kept.map(\.time) == [1_002 * day, 1_001 * day])
        try await store.shutdown()
    }

    @Test("the operator's routes are in /openapi.json under their own tag and security scheme; --admin-address takes them off the main listener")
    func openAPI() async throws {
        try await TestServer.withServer(TestServer.configuration(Backend.sqlite.location())) { client in
            let document = try await client.raw(.get, "/openapi.json").json
            let paths = document["paths"]?.objectValue
            let users = paths?["/admin/users"]?.objectValue?["get"]?.objectValue
            #expect(users?["tags"] == .array([.string("Operator")]))
            #expect(users?["security"] == .array([.object(JSONObject(["operatorKey": .array([])]))]))
            for path in ["/admin/users/{id}/sessions", "/admin/users/{id}/credentials/{credentialId}", "/admin/audit", "/admin/events/replay"] {
                #expect(paths?[path] != nil, "\(path)")
            }
            #expect(document["components"]?.objectValue?["securitySchemes"]?.objectValue?["operatorKey"] != nil)
            #expect(document["tags"]?.arrayValue?.first?.objectValue?["name"] == .string("Operator"))
        }
        var configuration = TestServer.configuration(Backend.sqlite.location())
        configuration.adminAddress = ("127.0.0.1", 0)
        try await TestServer.withServer(configuration) { client in
            #expect(
                try await client.raw(.get, "/admin/users", headers: [.authorization: "Bearer psk_" + String(repeating: "A", count: 43)]).status
                    == .notFound)
            let document = try await client.raw(.get, "/openapi.json").json
            #expect(document["paths"]?.objectValue?["/admin/users"] == nil)
        }
    }
}
