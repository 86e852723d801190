import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import PasskeyAuthenticator
import PasskeyClient
import PasskeyCore
import PasskeyServer
import PasskeySoftwareProvider
import Testing

/// A real `passkeys serve` application on a loopback port with an SQLite file, reached over real HTTP through
/// ``URLSessionTransport`` (FoundationNetworking here).
enum LiveServer {
    static let origin = "http://localhost:8080"

    static func run(origins: [String] = [origin], _ body: @Sendable (_ baseURL: String) async throws -> Void) async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("passkeys-client-\(UUID().uuidString).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let configuration = ServerConfiguration(
            host: "127.0.0.1", port: 0,
            relyingParty: RelyingPartyConfiguration(rpID: "localhost", rpName: "Client tests", origins: origins),
            database: .sqliteFile(path), rateLimit: nil)
        var logger = Logger(label: "passkeys-client-test")
        logger.logLevel = .warning
        let (application, store) = try await PasskeysServer.makeApplication(configuration, logger: logger)
        do {
            try await application.test(.live) { client in
                let port = try #require(client.port)
                try await body("http://127.0.0.1:\(port)")
            }
        } catch {
            try? await store.shutdown()
            throw error
        }
        try await store.shutdown()
    }

    /// A software authenticator (with its store, to look into) behind the page origin the server expects.
    static func softwareProvider(origin: String = origin) -> (SoftwarePasskeyProvider, InMemoryCredentialStore) {
        let store = InMemoryCredentialStore()
        let client = WebAuthnClient(origin: origin, authenticator: SoftwareAuthenticator(store: store))
        return (SoftwarePasskeyProvider(client: client), store)
    }

    static func relyingParty(_ baseURL: String) -> RelyingPartyClient {
        RelyingPartyClient(baseURL: baseURL, transport: URLSessionTransport(timeout: 10))
    }
}

/// What `body` threw, or nil.
func thrown<T>(_ body: () async throws -> T) async -> (any Error)? {
    do {
        _ = try await body()
        return nil
    } catch {
        return error
    }
}
