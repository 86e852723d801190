import Foundation
import PasskeyCore
import Testing

@testable import PasskeyServer
@testable import PasskeyStore

/// `passkeys keys retire`: a leaked signing key is withdrawn at once, and its successor takes over.
@Suite struct SigningKeyRetirementTests {
    static let now: Int64 = 1_800_000_000_000

    @Test("a retired key's tokens are inactive at once, its successor signs from now, and the change is audited", arguments: Backend.all)
    func retireSigningKey(_ backend: Backend) async throws {
        // A database of its own: retiring keys on the shared one would end other tests' tokens.
        let database = try await backend.ownLocation()
        let configuration = TestServer.configuration(database)
        let key = try await SessionTokenTests.apiKey(database)
        try await TestServer.withServer(configuration) { client in
            var browser = TestBrowser(origin: TestServer.origin)
            let session = try await client.register(uniqueName("retire"), browser: &browser)
            let token = try await client.sessionToken(session)
            #expect(try await client.introspect(token, key: key).json["active"] == .bool(true))
            let header = try JSONParser.parseObject(try Base64URL.decode(String(token.split(separator: ".")[0])))
            let kid = try #require(header["kid"]?.stringValue)

            // What an operator's `passkeys keys retire` does, on its own connection to the database.
            let store = try await database.openStore(logger: .init(label: "test"))
            do {
                let before = try await KeyInventory.list(store: store, now: Self.now)
                let keys = before["signingKeys"]?.arrayValue?.compactMap(\.objectValue) ?? []
                let signing = keys.filter { $0["state"] == .string("signing") && $0["algorithm"] == .string("ES256") }
                let next = keys.filter { $0["state"] == .string("next") && $0["algorithm"] == .string("ES256") }
                #expect(signing.first?["kid"] == .string(kid) && signing.count == 1 && next.count == 1, "\(keys)")
                #expect(keys.allSatisfy { $0["sealedWith"] == .string("plain") }, "no key-encryption key configured")
                let successor = try #require(next.first?["kid"]?.stringValue)

                let retired = try #require(try await KeyInventory.retire(kid: kid, store: store, now: Self.now, origin: .commandLine))
                #expect(retired.retired.kid == kid && retired.promoted == successor)
                #expect(try await KeyInventory.retire(kid: kid, store: store, now: Self.now, origin: .commandLine) == nil, "once")

                // Inactive at once, before any instance refreshed its keys.
                #expect(try await client.introspect(token, key: key).json == JSONObject(["active": .bool(false)]))
                let after = try await KeyInventory.list(store: store, now: Self.now)["signingKeys"]?.arrayValue?.compactMap(\.objectValue) ?? []
                #expect(after.contains { $0["kid"] == .string(successor) && $0["state"] == .string("signing") }, "the successor signs now")
                #expect(!after.contains { $0["kid"] == .string(kid) })

                // The successor has no successor yet (no refresh ran): nothing to promote, the next refresh makes a key.
                let promotedNothing = try #require(try await KeyInventory.retire(kid: successor, store: store, now: Self.now, origin: .commandLine))
                #expect(promotedNothing.promoted == nil)

                let audit = try await store.auditEntries(AuditQuery(userID: nil, from: 0, until: Int64.max, before: nil, limit: 100))
                let entries = audit.filter { $0.action == AuditAction.signingKeyRetired.rawValue }
                #expect(entries.count == 2 && entries.allSatisfy { $0.actor.kind == .cli }, "\(entries)")
                #expect(entries.contains { $0.detail?.contains(kid) == true && $0.detail?.contains(successor) == true })
            } catch {
                try? await store.shutdown()
                throw error
            }
            try await store.shutdown()
        }
    }

    @Test("a token whose key was removed from the database is refused at /introspect whatever the memory holds")
    func removedKeyTokens() async throws {
        let database = Backend.sqlite.location()
        let key = try await SessionTokenTests.apiKey(database)
        try await TestServer.withServer(TestServer.configuration(database)) { client in
            var browser = TestBrowser(origin: TestServer.origin)
            let token = try await client.sessionToken(try await client.register(uniqueName("removed"), browser: &browser))
            let store = try await database.openStore(logger: .init(label: "test"))
            try await store.deleteSigningKeys(publishedBefore: Int64.max)
            try await store.shutdown()
            #expect(try await client.introspect(token, key: key).json == JSONObject(["active": .bool(false)]))
        }
    }
}
