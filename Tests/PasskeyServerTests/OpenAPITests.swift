import Foundation
import Hummingbird
import HummingbirdTesting
import PasskeyCore
import Testing

@testable import PasskeyServer
@testable import PasskeyStore

@Suite("/openapi.json matches the server")
struct OpenAPITests {
    /// OpenAPI's spelling of a router path: `:id` and `{id}` both become `{id}`.
    static func openAPIPath(_ path: String) -> String {
        "/" + path.split(separator: "/").map { $0.hasPrefix(":") ? "{\($0.dropFirst())}" : String($0) }.joined(separator: "/")
    }

    static func served(_ configuration: ServerConfiguration) async throws -> (routes: [OpenAPIDocument.Route], router: Set<String>) {
        let store = try await configuration.database.openStore(logger: .init(label: "test"))
        let relyingParty = RelyingParty(configuration: configuration.relyingParty, store: store)
        let tokens = try await SessionTokens.open(configuration: configuration, store: store)
        let admin = AdminAPI(relyingParty: relyingParty, store: store, sessionIDs: tokens.sessionIDs)
        let provider = try await OpenIDProvider.open(configuration: configuration, tokens: tokens, store: store)
        let (router, routes) = try Routes(
            relyingParty: relyingParty, configuration: configuration, metrics: ServerMetrics(), tokens: tokens, admin: admin, provider: provider
        ).buildWithRoutes()
        try await store.shutdown()
        // Every method the router itself answers (HEAD is Hummingbird's, beside each GET), by the router's own list:
        // a route added to the router any other way than through the documented table shows up here.
        let listed = Set(router.routes.filter { $0.method != .head }.map { "\($0.method.rawValue) \(openAPIPath($0.path.description))" })
        return (routes, listed)
    }

    /// The operations a document lists, as "METHOD /path".
    static func documented(_ document: JSONObject) -> Set<String> {
        var documented = Set<String>()
        for path in document["paths"]?.objectValue?.members ?? [] {
            for method in path.value.objectValue?.keys ?? []
            where ["get", "put", "post", "patch", "delete", "options", "head", "trace"].contains(method) {
                documented.insert("\(method.uppercased()) \(path.key)")
            }
        }
        return documented
    }

    /// HEAD is Hummingbird's, beside every GET: described with each GET, and nowhere else.
    static func withoutHead(_ documented: Set<String>) -> Set<String> {
        let heads = documented.filter { $0.hasPrefix("HEAD ") }
        let gets = documented.filter { $0.hasPrefix("GET ") }
        #expect(Set(heads.map { $0.dropFirst(5) }) == Set(gets.map { $0.dropFirst(4) }), "HEAD is described exactly where GET is")
        return documented.subtracting(heads)
    }

    @Test("every route the router serves is in the served document, and nothing else is", arguments: [true, false])
    func routesMatch(metricsOnMainPort: Bool) async throws {
        var configuration = TestServer.configuration(Backend.sqlite.location())
        if !metricsOnMainPort { configuration.metricsAddress = ("127.0.0.1", 0) }
        let (routes, listed) = try await Self.served(configuration)
        #expect(listed.count == routes.count, "a route was registered twice, or outside the table")
        try await TestServer.withServer(configuration) { client in
            let text = try await client.execute(uri: "/openapi.json", method: .get) { String(buffer: $0.body) }
            let document = try JSONParser.parseObject(Array(text.utf8))
            #expect(document["openapi"]?.stringValue?.hasPrefix("3.1.") == true)
            let documented = Self.withoutHead(Self.documented(document))
            #expect(listed.subtracting(documented).isEmpty, "served but not documented: \(listed.subtracting(documented))")
            #expect(documented.subtracting(listed).isEmpty, "documented but not served: \(documented.subtracting(listed))")
            #expect(documented.contains("GET /metrics") == metricsOnMainPort)
        }
    }

    @Test("every operation lists the refusals its route can give, with their codes")
    func answersDocumented() async throws {
        let configuration = TestServer.configuration(Backend.sqlite.location())
        let document = try JSONParser.parseObject(try OpenAPIDocument.json(try await Self.served(configuration).routes))
        for path in document["paths"]?.objectValue?.members ?? [] {
            for member in path.value.objectValue?.members ?? [] {
                let (method, operation) = (member.key, member.value)
                let name = "\(method.uppercased()) \(path.key)"
                let statuses = Set(operation.objectValue?["responses"]?.objectValue?.keys ?? [])
                // `/authorize` and `/end-session` answer a navigation with redirects (303) or a page (400), never a 200.
                #expect(statuses.contains(["/authorize", "/end-session"].contains(path.key) ? "303" : "200"), "\(name)")
                // The OpenID Provider's form routes answer a body that is not a form as OAuth does, 400 invalid_request,
                // or (POST /userinfo, whose token may come in the header alone) read no such body (no 415); the two
                // navigations are outside the cross-site rule (no 403), the token and UserInfo endpoints are not.
                if ["post", "patch", "delete"].contains(method), !["/authorize", "/token", "/revoke", "/userinfo", "/end-session"].contains(path.key)
                {
                    #expect(statuses.isSuperset(of: ["403", "415", "503"]), "\(name) changes state: \(statuses)")
                }
                if method == "post", ["/token", "/revoke", "/userinfo"].contains(path.key) {
                    #expect(statuses.isSuperset(of: ["403", "503"]), "\(name): \(statuses)")
                }
                if operation.objectValue?["requestBody"] != nil {
                    #expect(statuses.isSuperset(of: ["400", "408", "413"]), "\(name) reads a body: \(statuses)")
                }
                // An operation whose security has no empty alternative needs a session.
                if let security = operation.objectValue?["security"]?.arrayValue,
                    !security.contains(where: { $0.objectValue?.members.isEmpty ?? false })
                {
                    #expect(statuses.contains("401"), "\(name) needs a session: \(statuses)")
                }
            }
        }
        let json = String(decoding: try OpenAPIDocument.json(try await Self.served(configuration).routes), as: UTF8.self)
        for code in [
            "unsupportedMediaType", "payloadTooLarge", "requestTimeout", "rateLimited", "storeUnavailable", "originNotAllowed",
            "crossSiteRequest", "lastPasskey", "signInConflict", "usernameTaken", "unknownCredential", WebAuthnError.Code.challengeMismatch.rawValue,
            "reverificationRequired", "recoverySessionRestricted", "invalidRecoveryCode", "ceremonyUserMismatch",
        ] {
            #expect(json.contains("\"\(code)\""), "\(code) is documented")
        }
        #expect(json.contains("\"Retry-After\""))
        #expect(json.contains("\"maxLength\":\(RequestMembers.maximumNameLength)"))
    }

    /// The `code`s a documented answer allows: its JSON schema is `allOf: [Failure, {code: {enum}}]` (`const` for one).
    static func codes(of answer: JSONValue?) -> [String] {
        let schema = answer?.objectValue?["content"]?.objectValue?["application/json"]?.objectValue?["schema"]?.objectValue
        let parts = schema?["allOf"]?.arrayValue ?? []
        return parts.flatMap { part -> [String] in
            guard let code = part.objectValue?["properties"]?.objectValue?["code"]?.objectValue else { return [] }
            return (code["enum"]?.arrayValue?.compactMap(\.stringValue) ?? []) + [code["const"]?.stringValue].compactMap { $0 }
        }
    }

    @Test("a step-up without a session is 401 with a code its operation documents")
    func stepUpWithoutSession() async throws {
        let configuration = TestServer.configuration(Backend.sqlite.location())
        let document = try JSONParser.parseObject(try OpenAPIDocument.json(try await Self.served(configuration).routes))
        try await TestServer.withServer(configuration) { client in
            for path in ["/session/verify/options", "/session/verify/result"] {
                let answer = document["paths"]?.objectValue?[path]?.objectValue?["post"]?.objectValue?["responses"]?.objectValue?["401"]
                let documented = Self.codes(of: answer)
                let (status, code) = try await client.execute(
                    uri: path, method: .post, headers: [.contentType: "application/json", .origin: TestServer.origin],
                    body: ByteBuffer(string: "{}")
                ) { response in
                    (response.status, try JSONParser.parseObject(Array(buffer: response.body))["code"]?.stringValue)
                }
                #expect(status == .unauthorized, "\(path)")
                #expect(code.map(documented.contains) == true, "\(path) answers \(code ?? "no code"); documented: \(documented)")
            }
        }
    }

    @Test("every $ref points at a component that exists")
    func referencesResolve() async throws {
        let routes = try await Self.served(TestServer.configuration(Backend.sqlite.location())).routes
        let text = String(decoding: try OpenAPIDocument.json(routes), as: UTF8.self)
        let document = try JSONParser.parseObject(Array(text.utf8))
        let components = try #require(document["components"]?.objectValue)
        var references = Set<String>()
        var remaining = Substring(text)
        while let range = remaining.range(of: "\"$ref\":\"#/components/") {
            let tail = remaining[range.upperBound...]
            if let end = tail.firstIndex(of: "\"") { references.insert(String(tail[..<end])) }
            remaining = tail
        }
        #expect(!references.isEmpty)
        for reference in references {
            let parts = reference.split(separator: "/").map(String.init)
            #expect(parts.count == 2 && components[parts[0]]?.objectValue?[parts[1]] != nil, "dangling $ref \(reference)")
        }
    }

    @Test("the name pattern refuses what RequestMembers refuses")
    func namePattern() throws {
        // By code point, as JSON Schema validators match (Swift matches by character by default).
        let pattern = try Regex(APISchemas.namePattern).matchingSemantics(.unicodeScalar)
        for name in ["ada", " Ada Lovelace ", "Zoë", "李小龍", "🔑"] {
            #expect(name.wholeMatch(of: pattern) != nil, "\(name)")
            #expect((try? RequestMembers.name(JSONObject(["n": .string(name)]), "n", required: true)) != nil)
        }
        for name in ["", "   ", "a\u{0}b", "a\u{7}", "a\u{200B}b", "a\u{202E}b", "a\u{FEFF}", "👩\u{200D}💻"] {
            #expect(name.wholeMatch(of: pattern) == nil, "\(name.unicodeScalars.map { String($0.value, radix: 16) })")
            #expect((try? RequestMembers.name(JSONObject(["n": .string(name)]), "n", required: true)) == nil)
        }
    }
}
