import Foundation
import HummingbirdTesting
import Logging
import PasskeyCore
import PasskeyServer
import Testing

@Suite(
    "Scale-out on PostgreSQL",
    .enabled(if: Backend.postgresURL != nil, "PASSKEYS_TEST_POSTGRES_URL is not set (scripts/test starts PostgreSQL and sets it)"))
struct ScaleOutTests {
    @Test("a ceremony begun on instance A finishes on instance B")
    func twoInstances() async throws {
        let database = Backend.postgres.location()
        let clock = TestClock()
        try await TestServer.withServer(TestServer.configuration(database, clock: clock)) { a in
            try await TestServer.withServer(TestServer.configuration(database, clock: clock)) { b in
                var browser = TestBrowser(origin: TestServer.origin)
                let username = uniqueName("scale")
                let options = try await a.call(.post, "/attestation/options", json: JSONObject(["username": .string(username)]))
                let registered = try await b.call(.post, "/attestation/result", bytes: try browser.create(options.object))
                #expect(registered.ok, "\(registered.errorMessage)")
                let session = try #require(registered.object["session"]?.stringValue)
                #expect(try await a.call(.get, "/session", session: session).ok, "a session made on B is valid on A")

                let signIn = try await b.call(.post, "/assertion/options", json: JSONObject(["username": .string(username)]))
                let finished = try await a.call(.post, "/assertion/result", bytes: try browser.get(signIn.object))
                #expect(finished.ok, "\(finished.errorMessage)")
                let replay = try await b.call(.post, "/assertion/result", bytes: try browser.get(signIn.object))
                #expect(replay.status == .badRequest, "the challenge was used on A")
            }
        }
    }
}
