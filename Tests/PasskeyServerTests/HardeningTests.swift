import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import PasskeyCore
import PasskeyHummingbird
import Testing

@testable import PasskeyServer
@testable import PasskeyStore

@Suite("Hardening: malformed input, limits, headers")
struct HardeningTests {
    static let malformedBodies: [String] = [
        "", "{", "[]", "null", "\"text\"", "{\"username\": 5}", "{\"username\": \"\"}", "{\"username\": [\"a\"]}",
        "{\"username\": \"a\", \"username\": \"b\"}", "{\"username\": \"a\", \"displayName\": {}}",
        "{\"username\": \"a\", \"attestation\": \"maybe\"}",
        "{\"username\": \"a\", \"authenticatorSelection\": \"platform\"}", "{\"username\": \"a\\u0000b\"}", "\u{FF}\u{FE}",
        "{\"userVerification\": \"always\"}", "{\"extensions\": []}", "{\"username\": \"nul\\u0000byte\"}",
    ]

    static let malformedResults: [String] = [
        "", "{}", "[]", "{\"id\": 1}", "{\"id\": \"AA\", \"type\": \"public-key\"}",
        "{\"id\": \"AA\", \"type\": \"public-key\", \"response\": {\"clientDataJSON\": \"AA==\"}}",
        "{\"id\": \"AA\", \"type\": \"password\", \"response\": {}}",
        "{\"id\": \"AA\", \"type\": \"public-key\", \"response\": {\"clientDataJSON\": \"e30\", \"attestationObject\": \"oA\", \"authenticatorData\": \"AA\", \"signature\": \"AA\"}}",
        "{\"id\": \"AA\", \"type\": \"public-key\", \"response\": {\"clientDataJSON\": \"eyJ0eXBlIjoid2ViYXV0aG4uY3JlYXRlIiwiY2hhbGxlbmdlIjoieCIsIm9yaWdpbiI6InkifQ\", \"attestationObject\": \"oA\"}}",
        // clientDataJSON whose challenge holds a NUL character: must never reach the database.
        "{\"id\": \"AA\", \"type\": \"public-key\", \"response\": {\"clientDataJSON\": \"eyJ0eXBlIjoid2ViYXV0aG4uZ2V0IiwiY2hhbGxlbmdlIjoiYVx1MDAwMGIiLCJvcmlnaW4iOiJ5In0\", \"authenticatorData\": \"AA\", \"signature\": \"AA\"}}",
    ]

    @Test("every malformed body gets a 4xx JSON answer with a plain-words errorMessage, never a 5xx", arguments: Backend.all)
    func malformed(_ backend: Backend) async throws {
        try await TestServer.withServer(TestServer.configuration(backend.location())) { client in
            for path in ["/attestation/options", "/assertion/options"] {
                // Sign-in options take no displayName, attestation or authenticatorSelection (they are ignored), and
                // answer an unknown username like a known one; an empty body or username is a discoverable sign-in.
                let acceptedBySignIn = [
                    "", "{\"username\": \"\"}", "{\"username\": \"a\", \"displayName\": {}}",
                    "{\"username\": \"a\", \"attestation\": \"maybe\"}", "{\"username\": \"a\", \"authenticatorSelection\": \"platform\"}",
                ]
                for body in Self.malformedBodies where !(path == "/assertion/options" && acceptedBySignIn.contains(body)) {
                    let response = try await client.call(.post, path, bytes: Array(body.utf8))
                    #expect((400..<500).contains(response.status.code), "\(path) \(body): \(response.status)")
                    #expect(response.object["status"] == .string("failed"))
                    #expect(!response.errorMessage.isEmpty)
                }
            }
            for path in ["/attestation/result", "/assertion/result"] {
                for body in Self.malformedResults {
                    let response = try await client.call(.post, path, bytes: Array(body.utf8))
                    #expect(response.status == .badRequest, "\(path) \(body): \(response.status) \(response.errorMessage)")
                    #expect(!response.errorMessage.isEmpty)
                }
            }
        }
    }

    @Test("bodies over 64 KiB are refused with 413")
    func bodyLimit() async throws {
        try await TestServer.withServer(TestServer.configuration(Backend.sqlite.location())) { client in
            let big = "{\"username\": \"" + String(repeating: "a", count: 70_000) + "\"}"
            let response = try await client.call(.post, "/attestation/options", bytes: Array(big.utf8))
            #expect(response.status == .contentTooLarge)
        }
    }

    @Test("unknown routes and methods answer JSON, not HTML")
    func unknownRoutes() async throws {
        try await TestServer.withServer(TestServer.configuration(Backend.sqlite.location())) { client in
            #expect(try await client.call(.get, "/nope").status == .notFound)
            let wrongMethod = try await client.call(.get, "/attestation/options")
            #expect((400..<500).contains(wrongMethod.status.code))
        }
    }

    @Test("the options endpoints are rate limited per client")
    func rateLimit() async throws {
        try await TestServer.withServer(TestServer.configuration(Backend.sqlite.location(), rateLimit: 0.01)) { client in
            var statuses: [Int] = []
            for _ in 0..<15 {
                statuses.append(try await client.call(.post, "/assertion/options", json: JSONObject()).status.code)
            }
            #expect(statuses.prefix(10).allSatisfy { $0 == 200 }, "\(statuses)")
            #expect(statuses.contains(429), "\(statuses)")
            #expect(try await client.call(.get, "/healthz").ok, "other endpoints are not limited")
        }
    }

    @Test("the page is served with a CSP that allows no inline script, and every response carries security headers")
    func page() async throws {
        try await TestServer.withServer(TestServer.configuration(Backend.sqlite.location())) { client in
            try await client.execute(uri: "/", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType]?.hasPrefix("text/html") == true)
                let csp = try #require(response.headers[.contentSecurityPolicy])
                #expect(csp.contains("script-src 'self'") && !csp.contains("unsafe-inline"))
                #expect(response.headers[.xContentTypeOptions] == "nosniff")
                let html = String(buffer: response.body)
                #expect(html.contains("autocomplete=\"username webauthn\""))
                #expect(!html.contains("<script>"), "no inline script")
            }
            // Each route answers with its resource file's exact bytes and type.
            let page = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("../../Sources/PasskeyServer/Web/Page").standardizedFileURL
            for (route, file, type) in [
                ("/", "index.html", "text/html"), ("/app.js", "app.js", "text/javascript"), ("/app.css", "app.css", "text/css"),
            ] {
                let expected = try Data(contentsOf: page.appendingPathComponent(file))
                #expect(expected.count > 1000)
                try await client.execute(uri: route, method: .get) { response in
                    #expect(response.status == .ok)
                    #expect(response.headers[.contentType] == type + "; charset=utf-8")
                    #expect(response.headers[.contentSecurityPolicy] == SecurityHeadersMiddleware.contentSecurityPolicy)
                    #expect(Array(buffer: response.body) == [UInt8](expected), "\(route) serves \(file) as it is")
                }
            }
        }
    }

    @Test("the security headers replace weaker ones a route set, once each, and are appended as they are otherwise")
    func securityHeadersReplace() throws {
        let frameOptions = try #require(HTTPField.Name("X-Frame-Options"))
        var weakened: HTTPFields = [.contentSecurityPolicy: "default-src *", frameOptions: "ALLOWALL", .contentType: "text/plain"]
        weakened.set(SecurityHeadersMiddleware.fields)
        #expect(weakened[values: .contentSecurityPolicy] == [SecurityHeadersMiddleware.contentSecurityPolicy])
        #expect(weakened[values: frameOptions] == ["DENY"])
        #expect(weakened[.contentType] == "text/plain", "other fields stay")
        #expect(weakened.count == SecurityHeadersMiddleware.fields.count + 1)

        var plain: HTTPFields = [.contentType: "text/plain"]
        plain.set(SecurityHeadersMiddleware.fields)
        #expect(Array(plain.dropFirst()) == SecurityHeadersMiddleware.fields)
    }

    @Test(".well-known files come from the configuration")
    func wellKnown() async throws {
        try await TestServer.withServer(TestServer.configuration(Backend.sqlite.location())) { client in
            try await client.execute(uri: "/.well-known/apple-app-site-association", method: .get) { response in
                let object = try JSONParser.parseObject(Array(String(buffer: response.body).utf8))
                #expect(object["webcredentials"]?.objectValue?["apps"] == .array([.string("ABCDE12345.com.example.app")]))
            }
            try await client.execute(uri: "/.well-known/assetlinks.json", method: .get) { response in
                let links = try JSONParser.parse(Array(String(buffer: response.body).utf8)).arrayValue
                let target = links?.first?.objectValue?["target"]?.objectValue
                #expect(target?["package_name"] == .string("com.example.app"))
                #expect(target?["sha256_cert_fingerprints"]?.arrayValue?.first?.stringValue?.hasPrefix("AB:AB:") == true)
            }
        }
    }

    @Test("/metrics counts ceremonies by outcome and code; /healthz is alive")
    func metrics() async throws {
        try await TestServer.withServer(TestServer.configuration(Backend.sqlite.location())) { client in
            var browser = TestBrowser(origin: TestServer.origin)
            _ = try await client.register(uniqueName(), browser: &browser)
            let options = try await client.call(.post, "/assertion/options", json: JSONObject())
            _ = try await client.call(.post, "/assertion/result", bytes: try browser.get(options.object, origin: "https://evil.example"))
            #expect(try await client.call(.get, "/healthz").ok)
            try await client.execute(uri: "/metrics", method: .get) { response in
                let text = String(buffer: response.body)
                #expect(text.contains(#"passkeys_ceremonies_total{kind="registration",outcome="succeeded"} 1"#), "\(text)")
                #expect(text.contains(#"passkeys_ceremonies_total{kind="authentication",outcome="failed",code="originMismatch"} 1"#), "\(text)")
                #expect(text.contains("passkeys_http_request_duration_seconds_bucket"))
                #expect(
                    text.contains("process_cpu_seconds_total") && text.contains("process_resident_memory_bytes") && text.contains("process_open_fds"))
                #expect(text.contains("passkeys_store_up 1"))
            }
        }
    }
}
