import Foundation
import HummingbirdTesting
import PasskeyAuthenticator
import PasskeyCore
import PasskeyServer
import Testing

/// Post-quantum passkeys through the whole server: offered by default after the classical algorithms,
/// registered and signed in with ML-DSA keys and signatures of full size, stored and read back on each database,
/// and refused when a signature bit is flipped or the operator did not offer the algorithm.
@Suite("ML-DSA passkeys over HTTP")
struct MLDSACeremonyTests {
    static let cases: [(Backend, COSEAlgorithm)] = Backend.all.flatMap { backend in [(backend, .mlDSA65), (backend, .mlDSA87)] }

    /// The assertion JSON with one bit of its signature flipped.
    func flippingSignatureBit(_ bytes: [UInt8]) throws -> [UInt8] {
        var object = try JSONParser.parseObject(bytes)
        var response = try object.requiredObject("response")
        var signature = try Base64URL.decode(try response.requiredString("signature"))
        signature[signature.count / 2] ^= 0x04
        response["signature"] = .string(Base64URL.encode(signature))
        object["response"] = .object(response)
        return Array(JSONValue.object(object).serialized().utf8)
    }

    @Test("an ML-DSA passkey registers, signs in, and a flipped signature bit is refused", arguments: cases)
    func registerAndSignIn(_ backend: Backend, _ algorithm: COSEAlgorithm) async throws {
        try await TestServer.withServer(TestServer.configuration(backend.location())) { client in
            var browser = TestBrowser(origin: TestServer.origin)
            browser.algorithm = algorithm
            let username = uniqueName("pq")
            let options = try await client.call(.post, "/attestation/options", json: JSONObject(["username": .string(username)]))
            let offered = options.object["pubKeyCredParams"]?.arrayValue?.compactMap { $0.objectValue?["alg"]?.int64Value }
            #expect(offered == [-7, -8, -257, -37, -49, -50], "classical algorithms first, then ML-DSA-65 and ML-DSA-87")
            let result = try await client.call(.post, "/attestation/result", bytes: try browser.create(options.object))
            #expect(result.ok, "\(result.errorMessage)")
            let session = try #require(result.object["session"]?.stringValue)

            // The stored key is read back whole for each sign-in: a truncated column would fail here.
            for _ in 0..<2 {
                let signIn = try await client.signIn(username, browser: &browser)
                #expect(signIn.ok, "\(signIn.errorMessage)")
            }
            let discoverable = try await client.signIn(nil, browser: &browser)
            #expect(discoverable.ok, "\(discoverable.errorMessage)")

            let assertionOptions = try await client.call(.post, "/assertion/options", json: JSONObject(["username": .string(username)]))
            let tampered = try await client.call(
                .post, "/assertion/result", bytes: try flippingSignatureBit(try browser.get(assertionOptions.object)))
            // An unproven signature gets the unknown-passkey answer, so probes cannot tell stored IDs (docs/security.md).
            #expect(tampered.status == .badRequest)
            #expect(tampered.code == "unknownCredential")
            #expect(tampered.object["session"] == nil)
            // The same passkey, unaltered, still signs in: the one flipped bit was the whole difference.
            let after = try await client.signIn(username, browser: &browser)
            #expect(after.ok, "\(after.errorMessage)")

            let list = try await client.call(.get, "/credentials", session: session)
            #expect(list.object["credentials"]?.arrayValue?.count == 1)
        }
    }

    @Test("an operator who offers only ES256 gets ML-DSA registrations refused", arguments: Backend.all)
    func notOffered(_ backend: Backend) async throws {
        var configuration = TestServer.configuration(backend.location())
        configuration.relyingParty.algorithms = [.es256]
        try await TestServer.withServer(configuration) { client in
            var browser = TestBrowser(origin: TestServer.origin)
            browser.algorithm = .mlDSA87
            let options = try await client.call(.post, "/attestation/options", json: JSONObject(["username": .string(uniqueName("pq"))]))
            #expect(options.object["pubKeyCredParams"]?.arrayValue?.compactMap { $0.objectValue?["alg"]?.int64Value } == [-7])
            let result = try await client.call(.post, "/attestation/result", bytes: try browser.create(options.object))
            #expect(result.status == .badRequest)
            #expect(result.code == "unsupportedAlgorithm")
        }
    }
}
