import Foundation
import HTTPTypes
import HummingbirdTesting
import PasskeyCore
import Testing

@testable import PasskeyServer
@testable import PasskeyStore

/// The threat "Login CSRF": another site's page cannot post an assertion (or any state change) with the visitor's
/// browser, and the session cookie cannot leak to another host or over plaintext.
@Suite("Attack: cross-site request forgery")
struct RequestForgeryTests {
    static let secFetchSite = HTTPField.Name("Sec-Fetch-Site")!

    @Test("a cross-site text/plain form post of a valid assertion is refused and sets no cookie", arguments: Backend.all)
    func loginCSRF(_ backend: Backend) async throws {
        try await TestServer.withServer(TestServer.configuration(backend.location())) { client in
            var attacker = TestBrowser(origin: TestServer.origin)
            _ = try await client.register(uniqueName("attacker"), browser: &attacker)
            // The attacker prepares an assertion for their own account and makes the victim's browser post it.
            let forged: [(contentType: String?, headers: HTTPFields, status: HTTPResponse.Status, code: String)] = [
                ("text/plain", [.origin: "https://evil.example", Self.secFetchSite: "cross-site"], .forbidden, "crossSiteRequest"),
                ("text/plain", [:], .unsupportedMediaType, "unsupportedMediaType"),
                ("application/x-www-form-urlencoded", [:], .unsupportedMediaType, "unsupportedMediaType"),
                (nil, [:], .unsupportedMediaType, "unsupportedMediaType"),
                ("application/json", [.origin: "https://evil.example"], .forbidden, "originNotAllowed"),
                ("application/json", [.origin: "null"], .forbidden, "originNotAllowed"),
                ("application/json", [Self.secFetchSite: "cross-site"], .forbidden, "crossSiteRequest"),
            ]
            for attempt in forged {
                let options = try await client.call(.post, "/assertion/options", json: JSONObject())
                let answer = try await client.call(
                    .post, "/assertion/result", bytes: try attacker.get(options.object), contentType: attempt.contentType, headers: attempt.headers)
                #expect(answer.status == attempt.status && answer.code == attempt.code, "\(attempt): \(answer.status) \(answer.errorMessage)")
                #expect(answer.headers[.setCookie] == nil, "\(attempt): no session cookie")
                #expect(!answer.errorMessage.contains(TestServer.origin), "the configured origins are not told")
            }
            // The page itself (same origin, JSON) still signs in.
            let options = try await client.call(
                .post, "/assertion/options", json: JSONObject(), headers: [.origin: TestServer.origin, Self.secFetchSite: "same-origin"])
            let signedIn = try await client.call(
                .post, "/assertion/result", bytes: try attacker.get(options.object),
                headers: [.origin: TestServer.origin, Self.secFetchSite: "same-origin"])
            #expect(signedIn.ok, "\(signedIn.errorMessage)")
        }
    }

    @Test("other state changes (rename, remove, delete account, sign out) refuse foreign origins; reads are unaffected")
    func otherRoutes() async throws {
        try await TestServer.withServer(TestServer.configuration(Backend.sqlite.location())) { client in
            var user = TestBrowser(origin: TestServer.origin)
            let session = try await client.register(uniqueName(), browser: &user)
            let id = try #require(
                try await client.call(.get, "/credentials", session: session).object["credentials"]?.arrayValue?.first?.objectValue?["id"]?
                    .stringValue)
            let evil: HTTPFields = [.origin: "https://evil.example"]
            #expect(
                try await client.call(.patch, "/credentials/\(id)", json: JSONObject(["name": .string("pwned")]), session: session, headers: evil)
                    .status == .forbidden)
            #expect(
                try await client.call(
                    .patch, "/credentials/\(id)", bytes: Array(#"{"name":"pwned"}"#.utf8), session: session, contentType: "text/plain"
                ).status == .unsupportedMediaType)
            #expect(try await client.call(.delete, "/account", session: session, headers: evil).status == .forbidden)
            #expect(try await client.call(.delete, "/session", session: session, headers: evil).status == .forbidden)
            #expect(try await client.call(.get, "/session", session: session, headers: evil).ok, "a read changes nothing and is answered")
            #expect(
                try await client.call(.get, "/credentials", session: session).object["credentials"]?.arrayValue?.first?.objectValue?["name"]
                    != .string("pwned"))
        }
    }

    @Test("on an https site the session cookie is __Host- prefixed and Secure, and only that name is read")
    func hostCookie() async throws {
        let origin = "https://localhost"
        try await TestServer.withServer(TestServer.configuration(Backend.sqlite.location(), origin: origin)) { client in
            var browser = TestBrowser(origin: origin)
            let options = try await client.call(.post, "/attestation/options", json: JSONObject(["username": .string(uniqueName())]))
            let result = try await client.call(.post, "/attestation/result", bytes: try browser.create(options.object))
            let cookie = try #require(result.headers[.setCookie])
            #expect(
                cookie.hasPrefix("__Host-passkeys_session=") && cookie.contains("Secure") && cookie.contains("Path=/") && !cookie.contains("Domain="),
                "\(cookie)")
            let token = try #require(result.object["session"]?.stringValue)
            #expect(try await client.call(.get, "/session", headers: [.cookie: "__Host-passkeys_session=\(token)"]).ok)
            #expect(
                try await client.call(.get, "/session", headers: [.cookie: "passkeys_session=\(token)"]).status == .unauthorized,
                "a cookie without the prefix could have been planted by a sibling subdomain or over http")
        }
    }
}

/// The media-type check behind the 415 answer, byte by byte (allocation-free).
@Suite("JSON media type check")
struct JSONMediaTypeTests {
    @Test(
        "application/json in any case, with parameters and blanks around it; nothing else",
        arguments: [
            ("application/json", true), ("Application/JSON; charset=utf-8", true), (" application/json\t;x=y", true),
            ("APPLICATION/JSON", true), ("application/jsonx", false), ("application/json-patch+json", false), ("text/plain", false),
            ("application/x-www-form-urlencoded", false), ("", false), (";application/json", false), ("application\u{2F}json", true),
            ("applicationAjson", false), ("application/jsoN ; q", true), ("multipart/form-data; boundary=application/json", false),
        ])
    func mediaType(_ text: String, _ expected: Bool) {
        #expect(RequestJSON.isJSON(text) == expected, "\(text)")
    }
}
