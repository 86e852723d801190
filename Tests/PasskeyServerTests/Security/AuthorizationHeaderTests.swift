import HTTPTypes
import Hummingbird
import HummingbirdTesting
import PasskeyCore
import Testing

@testable import PasskeyServer
@testable import PasskeyStore

@Suite("One reader of the Authorization header: schemes in any case, the same on every route")
struct AuthorizationHeaderTests {
    @Test("schemes are case-insensitive (RFC 9110 §11.1); the credentials are kept as sent, less surrounding whitespace")
    func parsing() {
        for value in ["Bearer abc", "bearer abc", "BEARER abc", "  Bearer   abc  ", "bEaReR\tabc"] {
            #expect(AuthorizationCredentials(value) == .bearer("abc"), "\(value)")
        }
        #expect(AuthorizationCredentials("Basic YTpi") == .basic("YTpi"))
        #expect(AuthorizationCredentials("basic YTpi") == .basic("YTpi"))
        #expect(AuthorizationCredentials("Bearer a b") == .bearer("a b"), "what follows the scheme is the route's to judge")
        #expect(AuthorizationCredentials("Bearer") == .other(scheme: "bearer"), "a scheme with nothing after it carries no token")
        #expect(AuthorizationCredentials("Bearer   ") == .other(scheme: "bearer"))
        #expect(AuthorizationCredentials("Bearerabc") == .other(scheme: "bearerabc"), "the scheme ends at whitespace")
        #expect(AuthorizationCredentials("Digest x=1") == .other(scheme: "digest"))
        #expect(AuthorizationCredentials("") == .other(scheme: ""))
        #expect(AuthorizationCredentials(nil as String?) == nil)
        #expect(AuthorizationCredentials("bearer t")?.bearerToken == "t" && AuthorizationCredentials("Basic t")?.bearerToken == nil)
    }

    @Test("a session token is read with the scheme in any case on GET and DELETE /session, as on the service routes")
    func sessionRoutes() async throws {
        try await TestServer.withServer(TestServer.configuration(Backend.sqlite.location())) { client in
            var browser = TestBrowser(origin: TestServer.origin)
            let session = try await client.register(uniqueName("scheme"), browser: &browser)
            for scheme in ["Bearer", "bearer", "BEARER"] {
                let read = try await client.raw(.get, "/session", headers: [.authorization: "\(scheme) \(session)"])
                #expect(read.status == .ok, "\(scheme): \(read.body)")
            }
            // Another scheme is not a session token: the request is as one without credentials.
            let basic = try await client.raw(.get, "/session", headers: [.authorization: "Basic \(session)"])
            #expect(basic.status == .unauthorized)
            let signOut = try await client.raw(.delete, "/session", headers: [.authorization: "bearer \(session)"])
            #expect(signOut.status == .ok)
            let after = try await client.raw(.get, "/session", headers: [.authorization: "Bearer \(session)"])
            #expect(after.status == .unauthorized, "the lowercase sign-out ended the session")
        }
    }
}
