import Foundation
import PasskeyRouteTesting
import PasskeyVapor
import Testing

/// What Vapor's part does on its own: bodies read under the collection's limit and deadline (Vapor has no body
/// deadline), and sessions renewed at sign-in (Vapor keeps a session's ID for its life).
@Suite("Vapor example: bodies and sessions")
struct VaporOwnTests {
    @Test("a body over 64 KiB is 413 whether its length is declared or it streams chunked")
    func oversized() async throws {
        try await ExampleServer.run { app in
            try await RouteScenarios.oversizedBodies(app)
            let body = RouteScenarios.oversizedBody
            let head =
                "POST /passkeys/attestation/options HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
            let chunk = String(body.count, radix: 16) + "\r\n" + String(decoding: body, as: UTF8.self) + "\r\n0\r\n\r\n"
            let answer = try await RawConnection.exchange(port: app.port, pieces: [head, chunk], pause: .zero, waitAtMost: .seconds(10))
            #expect(answer.hasPrefix("HTTP/1.1 413") && answer.contains("\"payloadTooLarge\""), "\(answer.prefix(300))")
        }
    }

    @Test("a body that stops arriving is 408 requestTimeout at the deadline on every route; one that arrives in pieces in time is served")
    func trickledBody() async throws {
        try await ExampleServer.run(bodyDeadline: .seconds(1)) { app in
            for endpoint in RouteScenarios.endpoints {
                let started = ContinuousClock.now
                let answer = try await RawConnection.exchange(
                    port: app.port, pieces: [RouteScenarios.stalledBodyRequest(endpoint)], pause: .zero, waitAtMost: .seconds(30))
                let waited = ContinuousClock.now - started
                #expect(answer.hasPrefix("HTTP/1.1 408") && answer.contains("\"requestTimeout\""), "\(endpoint): \(answer.prefix(300))")
                #expect(waited < .seconds(25), "\(endpoint): the app gave up on its own, not when the client did (\(waited))")
            }
        }
        // A body sent in two pieces 300 ms apart is served. It runs on an app of its own with a 30 s deadline: on a
        // loaded machine the pause alone can outlast a 1 s one, and the 408 it would get is the deadline working.
        try await ExampleServer.run(bodyDeadline: .seconds(30)) { app in
            let body = #"{"username":"slow"}"#
            let head =
                "POST /passkeys/attestation/options HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n"
            let answer = try await RawConnection.exchange(
                port: app.port, pieces: [head + body.prefix(5), String(body.dropFirst(5))], pause: .milliseconds(300), waitAtMost: .seconds(30))
            #expect(answer.hasPrefix("HTTP/1.1 200"), "\(answer.prefix(300))")
        }
    }

    @Test("signing in issues a new session ID: another account's live session cookie planted in the browser does not become Ada's")
    func sessionFixation() async throws {
        try await ExampleServer.run { app in
            var ada = ScenarioBrowser(app)
            #expect(try await ada.register("ada").ok)
            var mallory = ScenarioBrowser(app)
            #expect(try await mallory.register("mallory").ok)
            let planted = try #require(mallory.cookie)

            var fixed = ScenarioBrowser(app, authenticator: ada.webAuthn.authenticator)
            fixed.cookie = planted
            #expect(try await fixed.signIn("ada").ok)
            #expect(fixed.cookie != nil && fixed.cookie != planted, "a fresh session ID after the sign-in")
            var attacker = ScenarioBrowser(app)
            attacker.cookie = planted
            #expect(try await attacker.me() != "ada", "the planted ID does not become Ada's session")
        }
    }
}
