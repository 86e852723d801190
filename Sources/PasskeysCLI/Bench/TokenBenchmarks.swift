import Foundation
import Logging
import NIOCore
import PasskeyAuthenticator
import PasskeyCore
import PasskeyServer

/// The cost of session tokens, as ratios: issuing a token (the route's work: the session's read and one
/// ES256 signature) against a sign-in (options, the authenticator's assertion, and the result with its writes), and
/// answering the JWKS (bytes held in memory) against issuing a token. Both over the server's own types and an
/// in-memory SQLite store, without HTTP, whose cost is the same for all three.
enum TokenBenchmarks {
    static func pairs() async throws -> [BenchPair] {
        var logger = Logger(label: "passkeys-bench")
        logger.logLevel = .critical
        let origin = "https://bench.example"
        var configuration = ServerConfiguration(
            relyingParty: RelyingPartyConfiguration(rpID: "bench.example", rpName: "Bench", origins: [origin]), database: .sqliteMemory)
        configuration.tokens.audiences = ["https://api.bench.example"]
        let store = try await configuration.database.openStore(logger: logger)
        let relyingParty = RelyingParty(configuration: configuration.relyingParty, store: store)
        let tokens = try await SessionTokens.open(configuration: configuration, store: store)
        let client = WebAuthnClient(origin: origin, authenticator: SoftwareAuthenticator())
        let username = "bench"
        let begun = try await relyingParty.beginRegistration(
            JSONValue.object(JSONObject(["username": .string(username)])).serializedBytes(), session: nil)
        let created = try await client.create(begun)
        let (_, token) = try await relyingParty.finishRegistration(Array(JSONValue.object(created).serialized().utf8), origin: .outsideRequest)

        let signIn = Measured(name: "signIn") {
            do {
                let options = try await relyingParty.beginAuthentication(
                    JSONValue.object(JSONObject(["username": .string(username)])).serializedBytes())
                let assertion = try await client.get(options)
                _ = try await relyingParty.finishAuthentication(Array(JSONValue.object(assertion).serialized().utf8), origin: .outsideRequest)
                return true
            } catch { return false }
        }
        let issue = Measured(name: "sessionToken.issue") {
            do {
                _ = try await tokens.issue(for: try await relyingParty.session(token: token))
                return true
            } catch { return false }
        }
        // What the route does per request: the bytes from memory into a buffer.
        let jwks = Measured(name: "jwks.fromMemory") { ByteBuffer(bytes: tokens.jwks).readableBytes > 0 }
        return [BenchPair(subject: issue, baseline: signIn), BenchPair(subject: jwks, baseline: issue)]
    }
}
