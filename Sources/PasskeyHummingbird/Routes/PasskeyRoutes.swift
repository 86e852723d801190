public import Hummingbird

/// The four ceremony endpoints of the FIDO2 conformance server API (docs/reference/http.md, "Ceremony endpoints"), for an existing Hummingbird 2
/// app to add to its own router, over its own users and sessions.
///
/// ```swift
/// let passkeys = Passkeys(configuration: configuration, accounts: MyAccounts(database))
/// router.group("passkeys").addPasskeyRoutes(passkeys, hooks: MyHooks(database))
/// ```
/// serves, relative to the group:
///
/// | route | body | ok answer (after `status`, `errorMessage`) |
/// | --- | --- | --- |
/// | `POST attestation/options` | `RegistrationOptionsRequest` | `PublicKeyCredentialCreationOptionsJSON` members, and `mediation` for a conditional create |
/// | `POST attestation/result` | `RegistrationResponseJSON` | `user`, `credential`, the app's ``SessionStart`` |
/// | `POST assertion/options` | `AuthenticationOptionsRequest` | `PublicKeyCredentialRequestOptionsJSON` members |
/// | `POST assertion/result` | `AuthenticationResponseJSON` | `user`, the app's ``SessionStart`` |
///
/// Every answer is JSON (``PasskeyResponse``); a failure is `{"status":"failed","errorMessage":…,"code":…}` with the
/// refusal's status. Bodies must be `application/json` (415) of at most ``maximumBodySize`` bytes (413), parsed
/// strictly (400); bad input is never a 5xx. An unreachable store is 503 with `Retry-After`.
///
/// The rules that keep accounts safe are kept here and in `Passkeys`, whatever the hooks do:
/// - A registration is for a new account under a name no account has, or for the signed-in user through their
///   session (`RegistrationTarget`); a taken name is refused (403) without revealing anything about its account.
/// - A registration for the signed-in user is bound to their session; the app stores it only while that session
///   lives (`PasskeyRegistration/Account/signedIn(sessionID:)`).
/// - A credential ID that is already stored is refused (WebAuthn L3 §7.1 step 26), checked by `Passkeys` and in the
///   app's transaction.
/// - Only a registration whose options request said `"mediation": "conditional"` may finish without the UP flag
///   (conditional create, WebAuthn L3 §7.1 step 15); the ceremony records it, so a response cannot claim it.
/// - Each challenge is used once and expires (§13.4.3); a sign-in begun for a user accepts only that user's passkeys
///   (§7.2 steps 5–6); an unknown passkey's answer names only the credential ID the client itself sent.
///
/// Each client (by default the peer's address when the context has one) may begin ceremonies only so fast and keep
/// only so many waiting, and a full ceremony store makes room from whoever holds the most (`PasskeyRouteLimits`).
/// The app's middleware, in front of the group, is where `Origin` / `Sec-Fetch-Site` checks go.
public struct PasskeyRoutes<Accounts: PasskeyAccounts, Hooks: PasskeyHooks>: Sendable where Hooks.User == Accounts.User {
    /// The ceremonies, over the app's accounts.
    public var passkeys: Passkeys<Accounts> { endpoints.passkeys }
    /// The app's users and sessions.
    public let hooks: Hooks
    /// The largest request body accepted, in bytes; the largest real WebAuthn response is a few KiB.
    public let maximumBodySize: Int
    /// What each client may begin (used when ``clientKey`` names the client).
    public var limits: PasskeyRouteLimits { endpoints.limits }
    /// Names the client of a request for ``limits``; nil (or a nil key) applies no per-client limits.
    public let clientKey: (@Sendable (Request, Hooks.Context) -> String?)?
    /// The endpoints' logic, shared with PasskeyVapor.
    let endpoints: CeremonyEndpoints<Accounts>

    /// The default ``maximumBodySize``: 64 KiB, as `passkeys serve` accepts.
    public static var defaultMaximumBodySize: Int { 64 * 1024 }

    /// - Parameters:
    ///   - passkeys: the ceremonies. Must keep a `CeremonyStore` (the default `MemoryCeremonyStore` does):
    ///     a result finds its ceremony by the challenge in its `clientDataJSON`, with no cookie needed.
    ///   - hooks: the app's users and sessions.
    ///   - maximumBodySize: the largest request body accepted, in bytes.
    ///   - limits: what each client may begin.
    ///   - clientKey: names the client of a request (for example from the address a trusted proxy reports); nil
    ///     applies no per-client limits, so the app's middleware must.
    public init(
        _ passkeys: Passkeys<Accounts>, hooks: Hooks, maximumBodySize: Int = Self.defaultMaximumBodySize,
        limits: PasskeyRouteLimits = PasskeyRouteLimits(), clientKey: (@Sendable (Request, Hooks.Context) -> String?)? = nil
    ) {
        self.init(passkeys: passkeys, hooks: hooks, maximumBodySize: maximumBodySize, limits: limits, keyingClientsBy: clientKey)
    }

    init(
        passkeys: Passkeys<Accounts>, hooks: Hooks, maximumBodySize: Int, limits: PasskeyRouteLimits,
        keyingClientsBy clientKey: (@Sendable (Request, Hooks.Context) -> String?)?
    ) {
        endpoints = CeremonyEndpoints(passkeys, limits: limits, stepUp: hooks is any PasskeyReverificationHooks, frontEnd: "PasskeyRoutes")
        self.hooks = hooks
        self.maximumBodySize = maximumBodySize
        self.clientKey = clientKey
    }

    /// Adds the four routes to `routes` (a router or a group, whose path prefixes theirs). Any other method on their
    /// paths (GET, HEAD, PUT, PATCH, DELETE, OPTIONS, TRACE) is answered 405 `methodNotAllowed` with `Allow: POST`
    /// (RFC 9110 §15.5.6), so these paths take no other route of the app's.
    public func add(to routes: some RouterMethods<Hooks.Context>) {
        routes.post("attestation/options") { request, context in await answer(request, context, beginRegistration) }
        routes.post("attestation/result") { request, context in await answer(request, context, finishRegistration) }
        routes.post("assertion/options") { request, context in await answer(request, context, beginAuthentication) }
        routes.post("assertion/result") { request, context in await answer(request, context, finishAuthentication) }
        for path in ["attestation/options", "attestation/result", "assertion/options", "assertion/result"] {
            for method in PasskeyResponse.refusedMethods where method != .post {
                routes.on(RouterPath(path), method: method) { request, _ in
                    PasskeyResponse.methodNotAllowed(request.method, path: request.uri.path, allowed: [.post])
                }
            }
        }
    }

    /// Reads the body and runs `route` on it; whatever is thrown becomes a JSON failure, so the answer's shape never
    /// depends on the app's error middleware.
    func answer(
        _ request: Request, _ context: Hooks.Context, _ route: ([UInt8], Request, Hooks.Context) async throws -> PasskeyResponse
    ) async -> PasskeyResponse {
        do {
            let body = try await JSONRequestBody.bytes(of: request, limit: maximumBodySize)
            return try await route(body, request, context)
        } catch {
            return .answering(error, context: context)
        }
    }
}

extension PasskeyRoutes where Hooks.Context: RemoteAddressRequestContext {
    /// As the general initializer, with each client keyed by its connection's peer address (`ClientKey`) unless
    /// `clientKey` says otherwise. Behind a proxy every request comes from the proxy: give a `clientKey` that reads
    /// the address the proxy reports.
    public init(
        _ passkeys: Passkeys<Accounts>, hooks: Hooks, maximumBodySize: Int = Self.defaultMaximumBodySize,
        limits: PasskeyRouteLimits = PasskeyRouteLimits(), clientKey: (@Sendable (Request, Hooks.Context) -> String?)? = nil
    ) {
        self.init(
            passkeys: passkeys, hooks: hooks, maximumBodySize: maximumBodySize, limits: limits,
            keyingClientsBy: clientKey ?? { _, context in ClientKey.peer(context.remoteAddress) })
    }
}

extension RouterMethods {
    /// Adds the passkey routes (``PasskeyRoutes``) over `passkeys` and the app's `hooks` to this router or group.
    ///
    /// ```swift
    /// router.group("passkeys").addPasskeyRoutes(passkeys, hooks: MyHooks(database))
    /// ```
    @discardableResult
    public func addPasskeyRoutes<Accounts: PasskeyAccounts, Hooks: PasskeyHooks>(
        _ passkeys: Passkeys<Accounts>, hooks: Hooks, maximumBodySize: Int = PasskeyRoutes<Accounts, Hooks>.defaultMaximumBodySize,
        limits: PasskeyRouteLimits = PasskeyRouteLimits(), clientKey: (@Sendable (Request, Context) -> String?)? = nil
    ) -> Self where Hooks.Context == Context, Hooks.User == Accounts.User {
        PasskeyRoutes(passkeys, hooks: hooks, maximumBodySize: maximumBodySize, limits: limits, clientKey: clientKey).add(to: self)
        return self
    }
}

extension RouterMethods where Context: RemoteAddressRequestContext {
    /// Adds the passkey routes (``PasskeyRoutes``), each client keyed by its peer address unless `clientKey` says
    /// otherwise.
    @discardableResult
    public func addPasskeyRoutes<Accounts: PasskeyAccounts, Hooks: PasskeyHooks>(
        _ passkeys: Passkeys<Accounts>, hooks: Hooks, maximumBodySize: Int = PasskeyRoutes<Accounts, Hooks>.defaultMaximumBodySize,
        limits: PasskeyRouteLimits = PasskeyRouteLimits(), clientKey: (@Sendable (Request, Context) -> String?)? = nil
    ) -> Self where Hooks.Context == Context, Hooks.User == Accounts.User {
        PasskeyRoutes(passkeys, hooks: hooks, maximumBodySize: maximumBodySize, limits: limits, clientKey: clientKey).add(to: self)
        return self
    }
}
