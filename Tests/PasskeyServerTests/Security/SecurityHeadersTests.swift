import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import PasskeyCore
import Testing

@testable import PasskeyServer
@testable import PasskeyStore

/// Every answer of `passkeys serve` carries the security headers, the error answers included. The
/// error middleware used to sit outside the headers middleware, so a 400, 401, 403, 404, 415 or 429 went out with no
/// CSP, `nosniff` or `X-Frame-Options`: an error body a browser sniffed as HTML, or framed, had no protection.
@Suite("Security headers on every answer")
struct SecurityHeadersTests {
    /// The fields every answer must carry, exactly as the middleware sets them.
    static func expectHeaders(_ headers: HTTPFields, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for field in SecurityHeadersMiddleware.fields {
            #expect(
                headers[values: field.name] == [field.value], "\(what): \(field.name) is \(headers[values: field.name])",
                sourceLocation: sourceLocation)
        }
    }

    @Test("the attack: walk the statuses (200, 400, 401, 403, 404, 405, 413, 415, 429) and read each answer's headers")
    func everyStatus() async throws {
        // A rate limit of 1 a second (bursts of 10) so the walk reaches 429 within a few requests.
        let configuration = TestServer.configuration(Backend.sqlite.location(), rateLimit: 1)
        try await TestServer.withServer(configuration) { client in
            var seen: Set<Int> = []
            func check(_ answer: JSONResponse, _ status: Int, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
                #expect(answer.status.code == status, "\(what): \(answer.status.code) \(answer.errorMessage)", sourceLocation: sourceLocation)
                Self.expectHeaders(answer.headers, "\(status) \(what)", sourceLocation: sourceLocation)
                seen.insert(answer.status.code)
            }
            check(try await client.call(.get, "/healthz"), 200, "GET /healthz")
            check(try await client.call(.post, "/assertion/options", bytes: Array("{".utf8)), 400, "malformed JSON")
            check(try await client.call(.get, "/session"), 401, "no session")
            check(
                try await client.call(.post, "/assertion/options", json: JSONObject(), headers: [.origin: "https://evil.example"]), 403,
                "a cross-site request")
            check(try await client.call(.get, "/no-such-route"), 404, "an unknown route")
            check(try await client.call(.put, "/session"), 405, "an undeclared method")
            check(
                try await client.call(.post, "/assertion/options", bytes: Array(repeating: 0x20, count: 2 * ServerContext.maximumBodySize)), 413,
                "a body over the limit")
            check(try await client.call(.post, "/assertion/options", bytes: Array("{}".utf8), contentType: "text/plain"), 415, "not JSON")
            var limited: JSONResponse?
            for _ in 0..<40 {
                let answer = try await client.call(.post, "/assertion/options", json: JSONObject())
                if answer.status == .tooManyRequests {
                    limited = answer
                    break
                }
                Self.expectHeaders(answer.headers, "options under the limit")
            }
            let tooMany = try #require(limited, "the options limit answers 429 within 40 requests")
            check(tooMany, 429, "over the rate limit")
            #expect(seen == [200, 400, 401, 403, 404, 405, 413, 415, 429])
            // HEAD of a GET route, which answers without a body, carries them too.
            try await client.execute(uri: "/healthz", method: .head) { response in
                Self.expectHeaders(response.headers, "HEAD /healthz")
            }
        }
    }
}
