import Foundation
import HummingbirdTesting
import PasskeyHummingbird
import Testing

@Suite("Example app: bad input is a 4xx in JSON, never a 5xx")
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
                let answer = try await browser.send(.post, "/passkeys/\(endpoint)", bytes: body)
                #expect((400..<500).contains(answer.status.code), "\(endpoint) \(String(decoding: body.prefix(40), as: UTF8.self)): \(answer.status)")
                #expect(answer.object["status"] == .string("failed") && !(answer.object["errorMessage"]?.stringValue ?? "").isEmpty, "\(answer.text)")
            }
            let form = try await browser.send(.post, "/passkeys/\(endpoint)", bytes: Array("username=ada".utf8), contentType: "application/x-www-form-urlencoded")
            #expect(form.status == .unsupportedMediaType && form.code == "unsupportedMediaType", "a cross-site form cannot post: \(form.text)")
        }
    }

    @Test("a body over 64 KiB is refused with 413, by its declared length and while it streams")
    func oversized() async throws {
        let body = Array(#"{"username": "\#(String(repeating: "a", count: 64 * 1024))"}"#.utf8)
        // Live: the test client declares Content-Length.
        try await ExampleServer.run { client in
            var browser = Browser(client)
            for endpoint in Self.endpoints {
                let answer = try await browser.send(.post, "/passkeys/\(endpoint)", bytes: body)
                #expect(answer.status == .contentTooLarge && answer.code == "payloadTooLarge", "\(endpoint): \(answer.status) \(answer.text)")
            }
        }
        // The router test framework sends no Content-Length, so the limit is met while the body is collected.
        try await ExampleServer.run(.router) { client in
            var browser = Browser(client)
            let answer = try await browser.send(.post, "/passkeys/attestation/options", bytes: body)
            #expect(answer.status == .contentTooLarge && answer.code == "payloadTooLarge", "\(answer.status) \(answer.text)")
        }
    }
}
