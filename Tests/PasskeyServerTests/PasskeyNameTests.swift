import Foundation
import Hummingbird
import HummingbirdTesting
import PasskeyCore
import PasskeyServer
import Testing

/// A new passkey's default name is one no other passkey of the account has. "Passkey N" counted the
/// account's passkeys, so after a removal (a recovery's lost passkey, say) the next one repeated a name: two
/// "Passkey 2" in one list, with nothing to tell them apart.
@Suite("Default passkey names")
struct PasskeyNameTests {
    static func names(_ client: any TestClientProtocol, session: String) async throws -> [String] {
        let listed = try await client.call(.get, "/credentials", session: session)
        return (listed.object["credentials"]?.arrayValue ?? []).compactMap { $0.objectValue?["name"]?.stringValue }
    }

    @Test("recovered twice, each lost passkey removed: Passkey 1, 2, 3, never one twice", arguments: Backend.all)
    func recoveries(_ backend: Backend) async throws {
        // A database of its own: on PostgreSQL the per-client recovery budget is shared by every server on a database.
        try await TestServer.withServer(TestServer.configuration(try await backend.ownLocation())) { client in
            var first = TestBrowser(origin: TestServer.origin)
            let (username, session, codes) = try await RecoveryCodeTests.account(client, browser: &first)
            #expect(try await Self.names(client, session: session) == ["Passkey 1"])
            var seen = ["Passkey 1"]
            for code in codes.prefix(2) {
                let recovery = try #require(try await RecoveryCodeTests.recover(client, username, code).object["session"]?.stringValue)
                var phone = TestBrowser(origin: TestServer.origin)
                let signedIn = try await client.register(username, browser: &phone, session: recovery)
                let listed = try await client.call(.get, "/credentials", session: signedIn).object["credentials"]?.arrayValue ?? []
                let all = listed.compactMap { $0.objectValue }
                let names = all.compactMap { $0["name"]?.stringValue }
                #expect(Set(names).count == names.count, "\(names)")
                let newID = Base64URL.encode(try #require(phone.credentials.first).id)
                let new = try #require(all.first { $0["id"]?.stringValue == newID }?["name"]?.stringValue)
                seen.append(new)
                // The lost one goes; the account keeps only the new passkey.
                for lost in all where lost["id"]?.stringValue != newID {
                    let id = try #require(lost["id"]?.stringValue)
                    #expect(try await client.call(.delete, "/credentials/\(id)", session: signedIn).ok)
                }
            }
            #expect(seen == ["Passkey 1", "Passkey 2", "Passkey 3"])
        }
    }

    @Test("a name the user gave that looks like a default is skipped, not repeated")
    func renamedToADefault() async throws {
        try await TestServer.withServer(TestServer.configuration(Backend.sqlite.location())) { client in
            var phone = TestBrowser(origin: TestServer.origin)
            var laptop = TestBrowser(origin: TestServer.origin)
            let username = uniqueName()
            let session = try await client.register(username, browser: &phone)
            let id = Base64URL.encode(try #require(phone.credentials.first).id)
            #expect(try await client.call(.patch, "/credentials/\(id)", json: JSONObject(["name": .string("Passkey 2")]), session: session).ok)
            _ = try await client.register(username, browser: &laptop, session: session)
            #expect(try await Self.names(client, session: session).sorted() == ["Passkey 2", "Passkey 3"])
        }
    }
}
