import Foundation
import PasskeyVapor
import Testing
import Vapor

@Suite("Vapor example: bad input is a 4xx in JSON, never a 5xx")
struct MalformedInputTests {
    static let endpoints = ["attestation/options", "attestation/result", "assertion/options", "assertion/result"]

    @Test("malformed bodies on every passkey route", arguments: endpoints)
    func malformed(_ endpoint: String) async throws {
        try await ExampleServer.run { client in
            var browser = Browser(client)
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
                let answer = try await browser.send(.POST, "/passkeys/\(endpoint)", bytes: body)
                #expect((400..<500).contains(answer.status.code), "\(endpoint) \(String(decoding: body.prefix(40), as: UTF8.self)): \(answer.status)")
                #expect(answer.object["status"] == .string("failed") && !(answer.object["errorMessage"]?.stringValue ?? "").isEmpty, "\(answer.text)")
            }
            let form = try await browser.send(.POST, "/passkeys/\(endpoint)", bytes: Array("username=ada".utf8), contentType: "application/x-www-form-urlencoded")
            #expect(form.status == .unsupportedMediaType && form.code == "unsupportedMediaType", "a cross-site form cannot post: \(form.text)")
        }
    }

    @Test("a body over 64 KiB is refused with 413, by its declared length and while it streams")
    func oversized() async throws {
        let body = Array(#"{"username": "\#(String(repeating: "a", count: 64 * 1024))"}"#.utf8)
        try await ExampleServer.run { client in
            var browser = Browser(client)
            for endpoint in Self.endpoints {
                let answer = try await browser.send(.POST, "/passkeys/\(endpoint)", bytes: body)
                #expect(answer.status == .payloadTooLarge && answer.code == "payloadTooLarge", "\(endpoint): \(answer.status) \(answer.text)")
            }
            // Chunked, with no Content-Length: the limit is met while the body is read.
            let head = "POST /passkeys/attestation/options HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
            let chunk = String(body.count, radix: 16) + "\r\n" + String(decoding: body, as: UTF8.self) + "\r\n0\r\n\r\n"
            let answer = try await RawConnection.exchange(port: client.port, pieces: [head, chunk], pause: .zero, waitAtMost: .seconds(10))
            #expect(answer.hasPrefix("HTTP/1.1 413"), "\(answer.prefix(300))")
            #expect(answer.contains("\"payloadTooLarge\""), "\(answer.prefix(600))")
        }
    }
}

@Suite("Vapor example: the passkey routes answer 405 with Allow for other methods")
struct MethodNotAllowedTests {
    @Test("GET, PUT, PATCH, DELETE, OPTIONS and TRACE on every passkey route are 405 methodNotAllowed with Allow: POST; HEAD too")
    func undeclaredMethods() async throws {
        try await ExampleServer.run { client in
            var browser = Browser(client)
            for endpoint in MalformedInputTests.endpoints {
                for method in [HTTPMethod.GET, .PUT, .PATCH, .DELETE, .OPTIONS, .TRACE, .HEAD] {
                    let answer = try await browser.send(method, "/passkeys/\(endpoint)")
                    #expect(answer.status == .methodNotAllowed, "\(method) \(endpoint): \(answer.status) \(answer.text)")
                    if method != .HEAD { #expect(answer.code == "methodNotAllowed", "\(method) \(endpoint): \(answer.text)") }
                    #expect(answer.headers.first(name: .allow) == "POST", "\(method) \(endpoint)")
                }
                // POST is served as before.
                let options = try await browser.send(.POST, "/passkeys/\(endpoint)", bytes: Array("{".utf8))
                #expect(options.status == .badRequest, "POST \(endpoint): \(options.text)")
            }
        }
    }
}
