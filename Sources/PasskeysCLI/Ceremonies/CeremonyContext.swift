import ArgumentParser
import Foundation
import PasskeyAuthenticator
import PasskeyClient
import PasskeyCore
import PasskeySoftwareProvider

/// Options the ceremony commands share.
struct ServerOptions: ParsableArguments {
    @Option(help: "The relying party's base URL, e.g. http://localhost:8080.")
    var server: String

    @Option(help: "The origin this client presents (default: the server URL's origin).")
    var origin: String?

    @Option(help: "The credential store file (default: $XDG_CONFIG_HOME/passkeys/credentials.json, created owner-only).")
    var store: String?

    func validate() throws {
        guard let components = URLComponents(string: server), components.scheme != nil, components.host != nil else {
            throw ValidationError("--server: expected a URL such as http://localhost:8080, found '\(server)'")
        }
    }

    /// scheme://host[:port] of --server.
    var serverOrigin: String {
        guard let c = URLComponents(string: server), let scheme = c.scheme, let host = c.host else { return server }
        return "\(scheme)://\(host)\(c.port.map { ":\($0)" } ?? "")"
    }

    var rpHost: String { URLComponents(string: server)?.host ?? "" }
}

/// A software authenticator over the file store, a WebAuthn client for the origin, and an API client.
struct CeremonyContext {
    let store: FileCredentialStore
    let webauthn: WebAuthnClient
    let relyingParty: RelyingPartyClient
    let coordinator: PasskeyCoordinator
    let transport: AsyncHTTPTransport

    /// `algorithms`: what the software authenticator may make (`passkeys register --algorithm`); every algorithm it
    /// supports by default, so it makes the first the server offers.
    init(_ options: ServerOptions, algorithms: [COSEAlgorithm] = SoftwareAuthenticator.supportedAlgorithms) {
        store = FileCredentialStore(path: options.store ?? FileCredentialStore.defaultPath())
        webauthn = WebAuthnClient(
            origin: options.origin ?? options.serverOrigin,
            authenticator: SoftwareAuthenticator(store: store, userVerifier: AlwaysVerify(), algorithms: algorithms))
        transport = AsyncHTTPTransport(connections: 2)
        relyingParty = RelyingPartyClient(baseURL: options.server, transport: transport)
        coordinator = PasskeyCoordinator(relyingParty: relyingParty, provider: SoftwarePasskeyProvider(client: webauthn))
    }

    /// Runs `body`, closes the HTTP client, then prints the result, or reports a failure as one JSON object with a
    /// code and exit 1.
    func run(_ body: () async throws -> JSONObject) async throws {
        let outcome: Result<JSONObject, any Error>
        do { outcome = .success(try await body()) } catch { outcome = .failure(error) }
        await transport.shutdown()
        switch outcome {
        case .success(let result):
            Output.json(.object(result))
        case .failure(let error):
            let (code, message) = Self.describe(error)
            throw Output.failure(code: code, message: message)
        }
    }

    static func describe(_ error: any Error) -> (code: String, message: String) {
        switch error {
        case let error as PasskeyError:
            if case .server(_, _, let code?) = error.kind { (code, error.message) } else { (error.code, error.message) }
        case let error as WebAuthnClientError: (error.code.rawValue, "\(error.name.rawValue): \(error.message)")
        case let error as RelyingPartyClientError: (error.reason, error.description)
        case let error as AuthenticatorError: (error.code.rawValue, error.message)
        case let error as StoreError: ("storageFailed", error.description)
        case let error as CLIFailure: (error.code, error.message)
        default: ("failed", "\(error)")
        }
    }
}

/// A failure of a CLI ceremony that is not any layer's error.
struct CLIFailure: Error {
    let code: String
    let message: String
}
