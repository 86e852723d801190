import Foundation
import Hummingbird
import HummingbirdTesting
import PasskeyHummingbird
import Testing

@Suite("Example app: the passkey routes answer 405 with Allow for other methods")
struct MethodNotAllowedTests {
    @Test("GET, PUT, PATCH, DELETE, OPTIONS and TRACE on every passkey route are 405 methodNotAllowed with Allow: POST; HEAD too")
    func undeclaredMethods() async throws {
        try await ExampleServer.run { client in
            var browser = Browser(client)
            for endpoint in MalformedInputTests.endpoints {
                for method in [HTTPRequest.Method.get, .put, .patch, .delete, .options, .trace] {
                    let answer = try await browser.send(method, "/passkeys/\(endpoint)")
                    #expect(answer.status == .methodNotAllowed && answer.code == "methodNotAllowed", "\(method) \(endpoint): \(answer.text)")
                    #expect(answer.headers[.allow] == "POST", "\(method) \(endpoint)")
                }
                let head = try await client.execute(uri: "/passkeys/\(endpoint)", method: .head) { ($0.status, $0.headers[.allow]) }
                #expect(head.0 == .methodNotAllowed && head.1 == "POST", "HEAD \(endpoint)")
                // POST is served as before.
                let options = try await browser.send(.post, "/passkeys/\(endpoint)", bytes: Array("{".utf8))
                #expect(options.status == .badRequest, "POST \(endpoint): \(options.text)")
            }
        }
    }
}
