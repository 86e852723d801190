import Foundation
import HummingbirdTesting
import PasskeyHummingbird
import PasskeyRouteTesting
import Testing

/// The example's sessions as a real app should copy them; the cookie's attributes and the browser's side are the
/// route scenarios'.
@Suite("Example app: session tokens for API clients")
struct SessionCookieTests {
    @Test("an API client (no Origin, no Sec-Fetch-Site) gets the session token in the JSON, to send as Authorization: Bearer")
    func tokenForAPIClients() async throws {
        try await ExampleServer.run { client in
            var api = ScenarioBrowser(HummingbirdTransport(client: client))
            let registered = try await api.register("bob")
            let token = try #require(registered.object["session"]?.stringValue, "\(registered.text)")
            let me = try await HummingbirdTransport(client: client).exchange("GET", "/me", headers: [("Authorization", "Bearer \(token)")], body: nil)
            #expect(ScenarioAnswer(me).object["user"]?.objectValue?["name"] == .string("bob"), "the token alone is the session")
        }
    }
}
