import Foundation
import HTTPTypes
import HummingbirdTesting
import Logging
import PasskeyCore
import PasskeyServer
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// "Safe production defaults": what a client is told, and what the operator cannot configure by accident.
@Suite("Attack: learning what the server should not tell")
struct DisclosureTests {
    @Test("a refusal names neither the configured origins nor another account's user handle")
    func noDisclosure() async throws {
        try await TestServer.withServer(TestServer.configuration(Backend.sqlite.location())) { client in
            var victim = TestBrowser(origin: TestServer.origin)
            let victimName = uniqueName("victim")
            let victimSession = try await client.register(victimName, browser: &victim)
            let victimHandle = try #require(
                try await client.call(.get, "/session", session: victimSession).object["user"]?.objectValue?["id"]?.stringValue)

            let options = try await client.call(.post, "/assertion/options", json: JSONObject())
            let wrongOrigin = try await client.call(.post, "/assertion/result", bytes: try victim.get(options.object, origin: "https://evil.example"))
            #expect(wrongOrigin.code == "originMismatch")
            #expect(!wrongOrigin.errorMessage.contains(TestServer.origin), "\(wrongOrigin.errorMessage)")

            // A discoverable sign-in whose userHandle was swapped: the answer does not name the real owner's handle.
            let discoverable = try await client.call(.post, "/assertion/options", json: JSONObject())
            var swapped = try JSONParser.parseObject(try victim.get(discoverable.object))
            var response = try #require(swapped["response"]?.objectValue)
            response["userHandle"] = .string(Base64URL.encode([9, 9, 9, 9]))
            swapped["response"] = .object(response)
            let mismatch = try await client.call(.post, "/assertion/result", json: swapped)
            #expect(mismatch.code == "unknownCredential", "before its signature is proven, a stored record's details stay hidden")
            #expect(!mismatch.errorMessage.contains(victimHandle), "\(mismatch.errorMessage)")
        }
    }

    @Test("HTTP methods other than ours do not grow /metrics: they are counted as OTHER")
    func methodLabelsBounded() async throws {
        try await TestServer.withServer(TestServer.configuration(Backend.sqlite.location())) { client in
            // NIO's HTTP/1 parser closes the connection on a method it does not know, so the methods a client can
            // vary are the ones it knows: WebDAV's and a few others, none of them ours.
            let foreign = ["PROPFIND", "PROPPATCH", "MKCOL", "COPY", "MOVE", "LOCK", "UNLOCK", "REPORT", "SEARCH", "PURGE"]
            for (index, name) in foreign.enumerated() {
                let method = try #require(HTTPRequest.Method(name))
                _ = try await client.execute(uri: "/nowhere-\(index)", method: method) { $0.status }
            }
            let text = try await client.execute(uri: "/metrics", method: .get) { String(buffer: $0.body) }
            for name in foreign { #expect(!text.contains("\"\(name)\""), "the client-chosen method \(name) became a label") }
            #expect(text.contains("method=\"OTHER\""), "\(text.prefix(400))")
            #expect(!text.contains("nowhere"), "unmatched paths are one label")
        }
    }

    @Test("/metrics can move to its own address, and then the public one does not serve it")
    func metricsAddress() async throws {
        var configuration = TestServer.configuration(Backend.sqlite.location())
        // Below Linux's ephemeral range (32768–60999) and disjoint from the CLI suites' ranges.
        let port = Int.random(in: 16_000..<20_000)
        configuration.metricsAddress = ("127.0.0.1", port)
        try await TestServer.withServer(configuration) { client in
            #expect(try await client.call(.get, "/metrics").status == .notFound)
            // The metrics listener starts with the application; give it a moment, bounded.
            var body: String?
            for _ in 0..<50 where body == nil {
                body = await Self.fetch("http://127.0.0.1:\(port)/metrics")
                if body == nil { try await Task.sleep(for: .milliseconds(100)) }
            }
            #expect(body?.contains("passkeys_") == true || body?.contains("#") == true, "metrics answer on their own port: \(body ?? "nothing")")
        }
    }

    /// A GET without blocking a cooperative thread; nil when nothing answers.
    static func fetch(_ url: String) async -> String? {
        guard let url = URL(string: url) else { return nil }
        return await withCheckedContinuation { continuation in
            URLSession.shared.dataTask(with: url) { data, response, _ in
                let ok = (response as? HTTPURLResponse)?.statusCode == 200
                continuation.resume(returning: ok ? data.map { String(decoding: $0, as: UTF8.self) } : nil)
            }.resume()
        }
    }

    @Test("serve refuses a real RP ID with an http origin unless told it is a test setup")
    func insecureOrigin() throws {
        let insecure = ServerConfiguration(
            relyingParty: RelyingPartyConfiguration(rpID: "example.com", rpName: "X", origins: ["http://example.com"]), database: .sqliteMemory)
        #expect(throws: ConfigurationError.self) { try insecure.checkOrigins(allowInsecureOrigin: false) }
        try insecure.checkOrigins(allowInsecureOrigin: true)
        let local = ServerConfiguration(
            relyingParty: RelyingPartyConfiguration(rpID: "localhost", rpName: "X", origins: ["http://localhost:8080"]), database: .sqliteMemory)
        try local.checkOrigins(allowInsecureOrigin: false)
        let secure = ServerConfiguration(
            relyingParty: RelyingPartyConfiguration(rpID: "example.com", rpName: "X", origins: ["https://example.com"]), database: .sqliteMemory)
        try secure.checkOrigins(allowInsecureOrigin: false)
    }
}
