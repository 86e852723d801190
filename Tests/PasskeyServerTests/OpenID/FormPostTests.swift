import Crypto
import Foundation
import HTTPTypes
import HummingbirdTesting
import PasskeyCore
import Testing

@testable import PasskeyServer
@testable import PasskeyStore

/// `response_mode=form_post` (OAuth 2.0 Form Post Response Mode): the answer for the redirect URI as a page whose
/// form the browser posts there.
@Suite struct FormPostTests {
    /// The hidden fields of a form-post page, by name (values unescaped).
    static func fields(_ html: String) -> [String: String] {
        var found: [String: String] = [:]
        for part in html.components(separatedBy: "<input type=\"hidden\" name=\"").dropFirst() {
            let name = String(part.prefix { $0 != "\"" })
            guard let start = part.range(of: "value=\"") else { continue }
            let value = String(part[start.upperBound...].prefix { $0 != "\"" })
            found[name] = value.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&lt;", with: "<")
                .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&amp;", with: "&")
        }
        return found
    }

    @Test("a code and an error go back as a self-posting form under a CSP that admits only its script and the client's origin")
    func formPost() async throws {
        let database = Backend.sqlite.location()
        try await TestServer.withServer(TestServer.configuration(database)) { client in
            let (app, secret, session, verifier, challenge) = try await OpenIDProviderTests.start(client, database: database)
            let state = "s\"><script>alert(1)</script>"
            let query =
                "response_type=code&scope=openid&client_id=\(app.id)&redirect_uri=https%3A%2F%2Fwiki.example.com%2Fcb&state=\(FormEncoding.escape(state))&nonce=n&code_challenge=\(challenge)&code_challenge_method=S256&response_mode=form_post"
            let page = try await client.raw(.get, "/authorize?" + query, headers: [.authorization: "Bearer \(session)"])
            #expect(page.status == .ok && page.headers[.contentType] == "text/html; charset=utf-8", "\(page.status) \(page.body)")
            #expect(page.headers[.cacheControl] == "no-store" && page.headers[.location] == nil)
            let hash = Data(SHA256.hash(data: Array("document.forms[0].submit();".utf8))).base64EncodedString()
            let csp = try #require(page.headers[.contentSecurityPolicy])
            #expect(csp.contains("form-action https://wiki.example.com;") && csp.contains("script-src 'sha256-\(hash)'"), "\(csp)")
            #expect(!csp.contains("'unsafe-inline'") && csp.contains("default-src 'none'"))
            #expect(page.body.contains("<form method=\"post\" action=\"https://wiki.example.com/cb\">") && page.body.contains("<noscript>"))
            #expect(!page.body.contains("<script>alert"), "the state is escaped")
            let fields = Self.fields(page.body)
            #expect(fields["state"] == state && fields["iss"] == TestServer.origin)
            let code = try #require(fields["code"])
            let basic = "Basic " + Data("\(app.id):\(try #require(secret))".utf8).base64EncodedString()
            let exchange = try await client.raw(
                .post, "/token",
                body: "grant_type=authorization_code&code=\(code)&redirect_uri=https%3A%2F%2Fwiki.example.com%2Fcb&code_verifier=\(verifier)",
                headers: [.contentType: "application/x-www-form-urlencoded", .authorization: basic])
            #expect(exchange.status == .ok, "\(exchange.body)")

            // An error to be sent to the client goes the same way.
            let refused = try await client.raw(
                .get, "/authorize?" + query.replacingOccurrences(of: "scope=openid", with: "scope=profile"),
                headers: [.authorization: "Bearer \(session)"])
            #expect(refused.status == .ok && Self.fields(refused.body)["error"] == "invalid_scope", "\(refused.body)")
            // Another mode is refused, by redirect (the mode it asked for is not one to answer in).
            let other = try await client.raw(
                .get, "/authorize?" + query.replacingOccurrences(of: "form_post", with: "fragment"), headers: [.authorization: "Bearer \(session)"])
            let otherQuery = try OpenIDProviderTests.location(other)
            #expect(other.status == .seeOther && otherQuery["error"] == "invalid_request")

            let discovery = try await client.raw(.get, "/.well-known/openid-configuration").json
            #expect(discovery["response_modes_supported"] == .array([.string("query"), .string("form_post")]))
        }
    }

    @Test("the CSP names the redirect URI's origin, a loopback port included")
    func origins() {
        #expect(AuthorizationAnswer.origin(of: "https://app.example.com/cb?x=1") == "https://app.example.com")
        #expect(AuthorizationAnswer.origin(of: "http://127.0.0.1:8123/cb") == "http://127.0.0.1:8123")
        #expect(AuthorizationAnswer.origin(of: "http://[::1]:9000/cb") == "http://[::1]:9000")
        #expect(AuthorizationAnswer.origin(of: "https://app.example.com:8443/") == "https://app.example.com:8443")
    }
}
