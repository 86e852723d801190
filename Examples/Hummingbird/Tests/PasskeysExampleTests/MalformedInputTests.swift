import Foundation
import HummingbirdTesting
import PasskeyHummingbird
import PasskeyRouteTesting
import Testing

@Suite("Example app: bodies without a declared length")
struct MalformedInputTests {
    @Test("a body over 64 KiB with no Content-Length is refused with 413 while it streams")
    func oversizedStreaming() async throws {
        // The router test framework sends no Content-Length, so the limit is met while the body is collected (the
        // declared case is the scenario `oversizedBodies`).
        try await ExampleServer.run(.router) { client in
            var browser = ScenarioBrowser(HummingbirdTransport(client: client))
            let answer = try await browser.send("POST", "/passkeys/attestation/options", bytes: RouteScenarios.oversizedBody)
            #expect(answer.status == 413 && answer.code == "payloadTooLarge", "\(answer.status) \(answer.text)")
        }
    }
}
