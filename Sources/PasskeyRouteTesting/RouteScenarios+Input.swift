extension RouteScenarios {
    /// Malformed bodies on `endpoint` are a 4xx failure in JSON, never a 5xx; a form post is 415
    /// `unsupportedMediaType` (a cross-site form cannot post).
    public static func malformedBodies(_ app: any ScenarioTransport, endpoint: String) async throws {
        var browser = ScenarioBrowser(app)
        var bodies: [[UInt8]] = [
            Array("{".utf8), Array("[]".utf8), Array("null".utf8), Array(#"{"username": 5}"#.utf8),
            Array(#"{"username": "a", "username": "b"}"#.utf8), [0x7B, 0xFF, 0xFE, 0x7D], Array(#"{"username": "ada"} x"#.utf8),
            Array(String(repeating: "[", count: 10_000).utf8),
        ]
        if endpoint.hasSuffix("result") {
            // Options requests may be empty (a discoverable sign-in); a result never is.
            bodies += [[], Array("{}".utf8), Array(#"{"id": "!!", "type": "public-key", "response": {}}"#.utf8)]
        }
        for body in bodies {
            let answer = try await browser.send("POST", app.layout.routes + endpoint, bytes: body)
            let shown = String(decoding: body.prefix(40), as: UTF8.self)
            try check((400..<500).contains(answer.status), "\(endpoint) \(shown): \(answer.status)")
            try check(answer.object["status"] == .string("failed") && !(answer.object["errorMessage"]?.stringValue ?? "").isEmpty, "\(answer.text)")
        }
        let form = try await browser.send(
            "POST", app.layout.routes + endpoint, bytes: Array("username=ada".utf8), contentType: "application/x-www-form-urlencoded")
        try check(form.status == 415 && form.code == "unsupportedMediaType", "a cross-site form cannot post: \(form.text)")
    }

    /// A body over 64 KiB with its length declared is 413 `payloadTooLarge` on every endpoint.
    public static func oversizedBodies(_ app: any ScenarioTransport) async throws {
        var browser = ScenarioBrowser(app)
        for endpoint in endpoints {
            let answer = try await browser.send("POST", app.layout.routes + endpoint, bytes: oversizedBody)
            try check(answer.status == 413 && answer.code == "payloadTooLarge", "\(endpoint): \(answer.status) \(answer.text)")
        }
    }

    /// A JSON body just over 64 KiB.
    public static let oversizedBody = Array(#"{"username": "\#(String(repeating: "a", count: 64 * 1024))"}"#.utf8)

    /// GET, HEAD, PUT, PATCH, DELETE, OPTIONS and TRACE on every endpoint are 405 `methodNotAllowed` with
    /// `Allow: POST` (RFC 9110 §15.5.6); POST is served as before.
    public static func otherMethods(_ app: any ScenarioTransport) async throws {
        var browser = ScenarioBrowser(app)
        for endpoint in endpoints {
            for method in ["GET", "HEAD", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE"] {
                let answer = try await browser.send(method, app.layout.routes + endpoint)
                try check(answer.status == 405 && answer.header("Allow") == "POST", "\(method) \(endpoint): \(answer.status) \(answer.text)")
                try check(method == "HEAD" || answer.code == "methodNotAllowed", "\(method) \(endpoint): \(answer.text)")
            }
            let post = try await browser.send("POST", app.layout.routes + endpoint, bytes: Array("{".utf8))
            try check(post.status == 400, "POST \(endpoint): \(post.text)")
        }
    }

    /// The request head of a body that announces 100 bytes and sends 6, for `endpoint`: an app with a body deadline
    /// answers 408 `requestTimeout` when it passes.
    public static func stalledBodyRequest(_ endpoint: String, routes: String = routes) -> String {
        "POST \(routes)\(endpoint) HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"user"
    }
}
