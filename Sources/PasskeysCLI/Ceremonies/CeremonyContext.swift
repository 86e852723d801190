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

    /// For commands that read passkeys: a `--store` named but absent is a mistake (a typo, another machine's path),
    /// not an empty store; `passkeys register` creates one.
    func requireExistingStore() throws {
        try ServerOptions.requireExisting(store: store)
    }

    static func requireExisting(store: String?) throws {
        guard let store, !FileManager.default.fileExists(atPath: store) else { return }
        throw UsageError("--store: there is no credential store at '\(store)' (passkeys register --store \(store) creates one)")
    }
}

/// A software authenticator over the file store, a WebAuthn client for the origin, and an API client.
struct CeremonyContext {
    let store: FileCredentialStore
    let webauthn: WebAuthnClient
    let relyingParty: RelyingPartyClient
    let coordinator: PasskeyCoordinator
    let transport: AsyncHTTPTransport
    /// The relying party's base URL (`--server`).
    let server: String

    /// `algorithms`: what the software authenticator may make (`passkeys register --algorithm`); every algorithm it
    /// supports by default, so it makes the first the server offers.
    init(_ options: ServerOptions, algorithms: [COSEAlgorithm] = SoftwareAuthenticator.supportedAlgorithms) {
        store = FileCredentialStore(path: options.store ?? FileCredentialStore.defaultPath())
        webauthn = WebAuthnClient(
            origin: options.origin ?? options.serverOrigin,
            authenticator: SoftwareAuthenticator(store: store, userVerifier: AlwaysVerify(), algorithms: algorithms))
        transport = AsyncHTTPTransport(connections: 2, retryConnecting: false)
        server = options.server
        relyingParty = RelyingPartyClient(baseURL: options.server, transport: transport)
        coordinator = PasskeyCoordinator(relyingParty: relyingParty, provider: SoftwarePasskeyProvider(client: webauthn))
    }

    /// Runs `body`, closes the HTTP client, then prints the result, or reports a failure as one JSON object with a
    /// code and exit 1.
    func run(_ body: () async throws -> JSONObject) async throws {
        let outcome: Result<JSONObject, any Error>
        do { outcome = .success(try await body()) } catch { outcome = .failure(error) }
        var failure: (code: String, message: String)? = nil
        if case .failure(let error) = outcome { failure = await describe(error) }
        await transport.shutdown()
        switch outcome {
        case .success(let result):
            Output.json(.object(result))
        case .failure:
            let (code, message) = failure ?? ("failed", "failed")
            throw Output.failure(code: code, message: message)
        }
    }

    /// `error` in words that say what to do: a request with no answer as ``ConnectionFailure`` says it ("cannot
    /// connect to URL: is `passkeys serve` running?"), and an RP ID that `--server`'s host may not use with the URL
    /// to use instead.
    func describe(_ error: any Error) async -> (code: String, message: String) {
        var (code, message) = Self.describe(error)
        if code == "network", let failure = transport.lastFailure.withLock({ $0 }) { message = failure.description }
        if code == WebAuthnClientError.Code.rpIdNotAllowed.rawValue { message += "; " + (await rpIDAdvice()) }
        return (code, message)
    }

    /// Where to point `--server` when the server's RP ID does not cover its host (`http://127.0.0.1:8080` for RP ID
    /// localhost): the page origins `GET /session` names (`passkeys serve` answers them signed in or not), else the
    /// rule itself.
    func rpIDAdvice() async -> String {
        let url = server.hasSuffix("/") ? server + "session" : server + "/session"
        if let response = try? await transport.send(TransportRequest(method: .get, url: url, headers: [("Accept", "application/json")])),
            let answer = try? JSONParser.parseObject(response.body, what: "GET /session"),
            let rpID = answer["rpId"]?.stringValue
        {
            let origins = answer["origins"]?.arrayValue?.compactMap(\.stringValue) ?? []
            if let origin = origins.first(where: { $0.hasPrefix("http://") || $0.hasPrefix("https://") }) {
                return "the server's RP ID is '\(rpID)': use --server \(origin)"
            }
            return "the server's RP ID is '\(rpID)': use a --server URL whose host is \(rpID) or a subdomain of it"
        }
        return "use a --server URL whose host is the server's RP ID or a subdomain of it (for passkeys serve's default RP ID: http://localhost:PORT)"
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
