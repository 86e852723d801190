#if Vapor
public import Vapor

/// The four ceremony endpoints of the FIDO2 conformance server API (docs/reference/http.md, "Ceremony endpoints") as a `RouteCollection` for an
/// existing Vapor 4 app, over its own users and sessions: the same JSON, limits and refusals as PasskeyHummingbird's
/// route group (both run `PasskeyRelyingParty`'s one copy of the endpoints' logic).
///
/// ```swift
/// let passkeys = Passkeys(configuration: configuration, accounts: FluentPasskeyAccounts<User>(database: app.db))
/// try app.grouped(User.sessionAuthenticator()).grouped("passkeys")
///     .register(collection: PasskeyRouteCollection(passkeys, hooks: MyHooks()))
/// ```
/// serves, relative to the group:
///
/// | route | body | ok answer (after `status`, `errorMessage`) |
/// | --- | --- | --- |
/// | `POST attestation/options` | `RegistrationOptionsRequest` | `PublicKeyCredentialCreationOptionsJSON` members |
/// | `POST attestation/result` | `RegistrationResponseJSON` | `user`, `credential`, the hook's members |
/// | `POST assertion/options` | `AuthenticationOptionsRequest` | `PublicKeyCredentialRequestOptionsJSON` members |
/// | `POST assertion/result` | `AuthenticationResponseJSON` | `user`, the hook's members |
///
/// Every answer is JSON; a failure is `{"status":"failed","errorMessage":…,"code":…}` with the refusal's status.
/// Bodies must be `application/json` (415) of at most ``maximumBodySize`` bytes (413), arrive whole within
/// ``bodyDeadline`` of the request (408), and are parsed strictly (400); bad input is never a 5xx. An unreachable
/// store is 503 with `Retry-After`. Any other method on the four paths is 405 with `Allow: POST`.
///
/// The rules that keep accounts safe are `PasskeyRelyingParty`'s, whatever the hooks do: a registration is for a new
/// account under a free name or for the signed-in user through their session; a taken name is refused (403) and
/// revealing nothing; each challenge is used once; a sign-in begun for a user accepts only that user's passkeys; an
/// unknown passkey's answer names only the credential ID the client sent.
///
/// With hooks that are ``PasskeyVaporReverificationHooks`` the collection also serves the step-up
/// (`session/verify/options`, `session/verify/result`: a sign-in bound to the signed-in user and their session that
/// asks for the user verification their passkeys can give), and adding a passkey to a signed-in account needs a
/// passkey verification within the reverification window, when the registration begins and again when it finishes.
///
/// With hooks that are ``PasskeyVaporRecoveryHooks`` it also serves recovery codes: `POST recovery`
/// (`{"username", "code"}`; ok: `user`, `recovery: true`, the hook's members) starts a recovery session that may add
/// one passkey and nothing else, under `PasskeyRouteLimits.recovery`'s budgets (per name, and per client when the
/// collection names clients) and the failed-results budget; an unknown name, a wrong code and a used one are all 400
/// `invalidRecoveryCode`.
///
/// Each client (by default its peer address, ``ClientKey``) may begin ceremonies only so fast, fail results only so
/// often and keep only so many waiting, and a full ceremony store makes room from whoever holds the most
/// (`PasskeyRouteLimits`). The app's middleware, in front of the group, is where `Origin` / `Sec-Fetch-Site` checks go.
public struct PasskeyRouteCollection<Accounts: PasskeyAccounts, Hooks: PasskeyVaporHooks>: RouteCollection, Sendable
where Hooks.User == Accounts.User {
    /// The ceremonies, over the app's accounts.
    public var passkeys: Passkeys<Accounts> { endpoints.passkeys }
    /// The app's users and sessions.
    public let hooks: Hooks
    /// The largest request body accepted, in bytes; the largest real WebAuthn response is a few KiB.
    public let maximumBodySize: Int
    /// How long a body may take to arrive whole, from when the route starts reading it.
    public let bodyDeadline: Duration
    /// What each client may begin (used when ``clientKey`` names the client).
    public var limits: PasskeyRouteLimits { endpoints.limits }
    /// Names the client of a request for ``limits``; nil (or a nil key) applies no per-client limits.
    public let clientKey: (@Sendable (Request) -> String?)?
    let endpoints: CeremonyEndpoints<Accounts>

    /// The default ``maximumBodySize``: 64 KiB, as `passkeys serve` accepts.
    public static var defaultMaximumBodySize: Int { 64 * 1024 }

    /// - Parameters:
    ///   - passkeys: the ceremonies. Must keep a `CeremonyStore` (the default `MemoryCeremonyStore` does): a result
    ///     finds its ceremony by the challenge in its `clientDataJSON`, with no cookie needed.
    ///   - hooks: the app's users and sessions.
    ///   - maximumBodySize: the largest request body accepted, in bytes.
    ///   - bodyDeadline: how long a body may take to arrive (408 `requestTimeout` past it).
    ///   - limits: what each client may begin.
    ///   - clientKey: names the client of a request; by default its peer address (``ClientKey/peer(of:)``). Behind
    ///     a proxy every request comes from the proxy: give one that reads the address the proxy reports.
    public init(
        _ passkeys: Passkeys<Accounts>, hooks: Hooks, maximumBodySize: Int = Self.defaultMaximumBodySize, bodyDeadline: Duration = .seconds(10),
        limits: PasskeyRouteLimits = PasskeyRouteLimits(), clientKey: (@Sendable (Request) -> String?)? = { ClientKey.peer(of: $0) }
    ) {
        endpoints = CeremonyEndpoints(
            passkeys, limits: limits, stepUp: hooks is any PasskeyVaporReverificationHooks, frontEnd: "PasskeyRouteCollection")
        self.hooks = hooks
        self.maximumBodySize = maximumBodySize
        self.bodyDeadline = bodyDeadline
        self.clientKey = clientKey
    }

    /// Registers the four routes on `routes` (an app or a group, whose path prefixes theirs), with hooks that are
    /// ``PasskeyVaporReverificationHooks`` the step-up's two (`session/verify/options`, `session/verify/result`), with
    /// hooks that are ``PasskeyVaporRecoveryHooks`` `recovery`, and 405 with `Allow: POST` (RFC 9110 §15.5.6) for every
    /// other common method on their paths.
    public func boot(routes: any RoutesBuilder) throws {
        var served: [([PathComponent], @Sendable ([UInt8], Request) async throws -> Response)] = [
            (["attestation", "options"], beginRegistration), (["attestation", "result"], finishRegistration),
            (["assertion", "options"], beginAuthentication), (["assertion", "result"], finishAuthentication),
        ]
        if endpoints.stepUp {
            served += [(["session", "verify", "options"], beginReverification), (["session", "verify", "result"], finishReverification)]
        }
        if hooks is any PasskeyVaporRecoveryHooks<Hooks.User> { served.append((["recovery"], recover)) }
        for (path, route) in served {
            // `.stream`: the body is read by `RequestBody`, under this collection's limit and deadline, not collected first.
            routes.on(.POST, path, body: .stream) { request in await answer(request, route) }
            for method in EndpointAnswer.refusedMethods where method != "POST" {
                routes.on(HTTPMethod(rawValue: method), path) { request in
                    PasskeyVaporResponse.failed(
                        .methodNotAllowed(request.method.rawValue, path: request.url.path, allowed: ["POST"]), logger: request.logger)
                }
            }
        }
    }

    /// Reads the body and runs `route` on it; whatever is thrown becomes a JSON failure, so the answer's shape never
    /// depends on the app's error middleware.
    private func answer(_ request: Request, _ route: ([UInt8], Request) async throws -> Response) async -> Response {
        do {
            let body = try await RequestBody.bytes(of: request, limit: maximumBodySize, deadline: bodyDeadline)
            return try await route(body, request)
        } catch {
            return PasskeyVaporResponse.answering(error, logger: request.logger)
        }
    }
}
#endif
