import Foundation
import HTTPTypes
import HummingbirdTesting
import PasskeyCore
import Testing

@testable import PasskeyServer
@testable import PasskeyStore

/// Each API key does what it was made for and no more (``APIKeyScope``), and every refused call is in the audit log.
/// Each test performs the attack an outside review found: a backend's introspection key used to take over an account
/// through the operator's API on the public listener.
@Suite("Least privilege: API key scopes and the trail of refusals")
struct LeastPrivilegeTests {
    /// A key of `scopes` on `database`, made as `passkeys api-key create --scope …` makes one: the key and its id.
    static func key(_ database: DatabaseLocation, _ name: String, _ scopes: Set<APIKeyScope>?) async throws -> (key: String, id: String) {
        let store = try await database.openStore(logger: .init(label: "test"))
        defer { Task { try? await store.shutdown() } }
        guard let scopes else {
            // A key stored before scopes existed: its `scopes` column is NULL.
            let key = OpaqueSecret.make(prefix: APIKey.prefix)
            let record = APIKeyRecord(
                id: Hex.encode(SecureRandom.bytes(6)), name: name, keyHash: APIKey.hash(key), hint: String(key.suffix(4)),
                createdAt: 1_800_000_000_000, revokedAt: nil, scopes: nil)
            try await store.insertAPIKey(record, audit: nil)
            return (key, record.id)
        }
        let (key, record) = try await APIKeys(store: store, clock: { 1_800_000_000_000 }, origin: .commandLine).create(name: name, scopes: scopes)
        return (key, record.id)
    }

    /// The 403 a key without `scope` gets: the RFC 6750 challenge naming the scope, and the API's failure shape.
    static func expectInsufficientScope(_ answer: JSONResponse, _ scope: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(answer.status == .forbidden && answer.code == "insufficientScope", "\(answer.object)", sourceLocation: sourceLocation)
        #expect(
            answer.headers[.wwwAuthenticate] == "Bearer realm=\"passkeys\", error=\"insufficient_scope\", scope=\"\(scope)\"",
            "\(answer.headers)", sourceLocation: sourceLocation)
    }

    @Test("an introspection key cannot take over an account: every operator route refuses it, reads and changes alike", arguments: Backend.all)
    func introspectionKeyIsNotAnOperatorKey(_ backend: Backend) async throws {
        let database = backend.location()
        try await TestServer.withServer(TestServer.configuration(database)) { client in
            var victim = TestBrowser(origin: TestServer.origin)
            let name = uniqueName("victim")
            let session = try await client.register(name, browser: &victim)
            let billing = try await Self.key(database, "billing backend (introspection only)", [.introspect])
            let support = try await Self.key(database, "support", [.adminRead])
            let victimID = try await AdminAPITests.userID(name, key: support.key, client)

            // The attack as found: new recovery codes for the victim, then a recovery. Refused at the first step.
            Self.expectInsufficientScope(
                try await client.call(.post, "/admin/users/\(victimID)/recovery-codes", json: JSONObject(), session: billing.key), "admin:write")
            Self.expectInsufficientScope(try await client.call(.delete, "/admin/users/\(victimID)/sessions", session: billing.key), "admin:write")
            Self.expectInsufficientScope(try await client.call(.delete, "/admin/users/\(victimID)", session: billing.key), "admin:write")
            Self.expectInsufficientScope(try await client.call(.get, "/admin/users?username=\(name)", session: billing.key), "admin:read")
            Self.expectInsufficientScope(try await client.call(.get, "/admin/audit", session: billing.key), "admin:read")
            // Whatever the path's spelling: the router serves `//admin/users` as `/admin/users`, and so does the rule.
            Self.expectInsufficientScope(try await client.call(.get, "//admin/users/", session: billing.key), "admin:read")
            Self.expectInsufficientScope(try await client.call(.delete, "/admin/keys/\(support.id)", session: billing.key), "admin:write")
            #expect(try await client.call(.get, "/session", session: session).ok, "the victim is still signed in")

            // What it is for still works.
            let token = try await client.sessionToken(session)
            let introspected = try await client.introspect(token, key: billing.key)
            #expect(introspected.status == .ok && introspected.json["active"] == .bool(true), "\(introspected.body)")
        }
    }

    @Test("admin:write does not imply admin:read, nor either introspect; a key may always revoke itself", arguments: Backend.all)
    func scopesAreSeparate(_ backend: Backend) async throws {
        let database = backend.location()
        try await TestServer.withServer(TestServer.configuration(database)) { client in
            var browser = TestBrowser(origin: TestServer.origin)
            let name = uniqueName("ada")
            let session = try await client.register(name, browser: &browser)
            let reader = try await Self.key(database, "reports", [.adminRead])
            let writer = try await Self.key(database, "revoker", [.adminWrite])
            let id = try await AdminAPITests.userID(name, key: reader.key, client)

            Self.expectInsufficientScope(try await client.call(.get, "/admin/users/\(id)", session: writer.key), "admin:read")
            Self.expectInsufficientScope(try await client.call(.get, "/admin/keys", session: writer.key), "admin:read")
            Self.expectInsufficientScope(try await client.call(.delete, "/admin/users/\(id)/sessions", session: reader.key), "admin:write")
            let codes = try await client.call(.post, "/admin/users/\(id)/recovery-codes", json: JSONObject(), session: writer.key)
            #expect(codes.ok && codes.object["recoveryCodes"]?.arrayValue?.isEmpty == false, "\(codes.object)")

            // Introspection takes only an introspect key: 403 here too, not RFC 7662's 401, so one rule holds.
            let token = try await client.sessionToken(session)
            let refused = try await client.introspect(token, key: reader.key)
            #expect(refused.status == .forbidden && refused.json["code"] == .string("insufficientScope"), "\(refused.body)")
            #expect(refused.headers[.wwwAuthenticate]?.contains("scope=\"introspect\"") == true)

            // The listing says what each key may do.
            let keys = try #require(try await client.call(.get, "/admin/keys", session: reader.key).object["keys"]?.arrayValue)
            let listed = keys.compactMap(\.objectValue).first { $0["id"] == .string(writer.id) }
            #expect(listed?["scopes"] == .array([.string("admin:write")]) && listed?["legacy"] == .bool(false), "\(keys)")

            // A leaked key of any scope can be ended by whoever holds it; another key it cannot touch.
            Self.expectInsufficientScope(try await client.call(.delete, "/admin/keys/\(writer.id)", session: reader.key), "admin:write")
            #expect(try await client.call(.delete, "//admin/keys/\(reader.id)", session: reader.key).ok, "a read-only key revokes itself")
            #expect(try await client.call(.get, "/admin/keys", session: reader.key).status == .unauthorized)
        }
    }

    @Test("a key made before scopes holds all three, and is listed as legacy", arguments: Backend.all)
    func legacyKeys(_ backend: Backend) async throws {
        let database = backend.location()
        try await TestServer.withServer(TestServer.configuration(database)) { client in
            var browser = TestBrowser(origin: TestServer.origin)
            let session = try await client.register(uniqueName("old"), browser: &browser)
            let legacy = try await Self.key(database, "from before scopes", nil)
            let keys = try await client.call(.get, "/admin/keys", session: legacy.key)
            #expect(keys.ok, "\(keys.object)")
            let listed = keys.object["keys"]?.arrayValue?.compactMap(\.objectValue).first { $0["id"] == .string(legacy.id) }
            #expect(listed?["legacy"] == .bool(true))
            #expect(listed?["scopes"] == .array([.string("admin:read"), .string("admin:write"), .string("introspect")]))
            let introspected = try await client.introspect(try await client.sessionToken(session), key: legacy.key)
            #expect(introspected.json["active"] == .bool(true))
        }
    }

    @Test(
        "refused calls are audited as admin.refused: the key's name when known, else unknown; one entry per client and code in 10 s, the rest counted"
    )
    func refusalsAreAudited() async throws {
        let database = Backend.sqlite.location()
        let clock = TestClock()
        try await TestServer.withServer(TestServer.configuration(database, clock: clock)) { client in
            let auditor = try await Self.key(database, "auditor", [.adminRead])
            let billing = try await Self.key(database, "billing", [.introspect])
            let forged = "psk_" + String(repeating: "A", count: 43)
            for _ in 0..<3 { #expect(try await client.call(.get, "/admin/users", session: forged).status == .unauthorized) }
            #expect(try await client.call(.get, "/admin/audit", session: billing.key).status == .forbidden)
            #expect(try await client.call(.get, "/admin/audit").status == .unauthorized, "no key at all: the same code, counted")

            func refusals() async throws -> [JSONObject] {
                let answer = try await client.call(.get, "/admin/audit", session: auditor.key)
                return (answer.object["entries"]?.arrayValue ?? []).compactMap(\.objectValue).filter { $0["action"] == .string("admin.refused") }
            }
            var entries = try await refusals()
            #expect(entries.count == 2, "one for the unknown key (the repeats counted), one for the key out of scope: \(entries)")
            let unknown = try #require(entries.first { $0["actor"]?.objectValue?["kind"] == .string("unknown") })
            #expect(unknown["actor"] == .object(JSONObject(["kind": .string("unknown")])))
            #expect(unknown["outcome"] == .string("refused") && unknown["detail"]?.objectValue?["count"] == .number("1"))
            #expect(unknown["detail"]?.objectValue?["code"] == .string("invalidServiceCredential"))
            let scoped = try #require(entries.first { $0["actor"]?.objectValue?["kind"] == .string("apiKey") })
            #expect(scoped["actor"]?.objectValue?["name"] == .string("billing (\(billing.id))"))
            #expect(scoped["detail"]?.objectValue?["code"] == .string("insufficientScope"))

            // After the window, the next refusal is written with the count of those kept out of the log.
            clock.advance(11)
            #expect(try await client.call(.get, "/admin/users", session: forged).status == .unauthorized)
            entries = try await refusals()
            #expect(entries.count == 3)
            #expect(entries.first?["detail"]?.objectValue?["count"] == .number("4"), "three kept out since the first entry, and this one")
        }
    }
}
