public import Foundation
public import Hummingbird
public import Logging
public import PasskeyHummingbird

/// Where the example listens and which site it is.
public struct ExampleConfiguration: Sendable {
    public var host: String
    public var port: Int
    /// The SQLite file; created when missing.
    public var databasePath: String
    /// The WebAuthn RP ID and the page origins ceremonies may come from.
    public var rpID: String
    public var origins: [String]
    /// How long a request's body may take to arrive after its head (408 past it).
    public var bodyTimeout: Duration
    /// What each client may begin: how fast, and how many ceremonies it keeps waiting (`PasskeyRouteLimits`).
    public var limits: PasskeyRouteLimits
    /// Names a request's client for ``limits``; nil keys each client by its peer address. Behind a proxy, give one
    /// that reads the address the proxy reports, and only when the peer is the proxy.
    public var clientKey: (@Sendable (Request, ExampleContext) -> String?)?
    /// The most begun ceremonies held in memory at once, all clients together.
    public var pendingCeremonyCapacity: Int
    /// The most password hashes computed at once (PBKDF2, a tenth of a second or more of one core each); more sign-ins
    /// at the same moment are answered 429. By default half the cores, at least one, so password checks never take
    /// every thread that answers requests.
    public var passwordHashingCapacity: Int = max(1, ProcessInfo.processInfo.activeProcessorCount / 2)
    /// How long, in milliseconds, a passkey verification (the sign-in, or a step-up) lets a session add a passkey.
    public var reverificationWindow: Int64 = 300_000
    /// The time the relying party reads (ceremony timeouts, the reverification window): the system's, unless a test
    /// moves it.
    public var clock: @Sendable () -> Date = { Date() }
    /// The signing secret (`whsec_…`) of a `passkeys serve` that sends this app its events at `POST /hooks/passkeys`
    /// (``WebhookReceiver``); nil serves no such route.
    public var webhookSecret: String? = nil
    /// Session tokens of a `passkeys serve` deployment that `GET /api/me` accepts; nil serves no `/api`.
    public var sessionTokens: SessionTokenVerifier? = nil

    public init(
        host: String = "127.0.0.1", port: Int = 8080, databasePath: String = "passkeys-example.sqlite", rpID: String = "localhost",
        origins: [String]? = nil,
        bodyTimeout: Duration = .seconds(10), limits: PasskeyRouteLimits = PasskeyRouteLimits(),
        clientKey: (@Sendable (Request, ExampleContext) -> String?)? = nil, pendingCeremonyCapacity: Int = 250_000
    ) {
        self.host = host
        self.port = port
        self.databasePath = databasePath
        self.rpID = rpID
        self.origins = origins ?? ["http://\(rpID):\(port)"]
        self.bodyTimeout = bodyTimeout
        self.limits = limits
        self.clientKey = clientKey
        self.pendingCeremonyCapacity = pendingCeremonyCapacity
    }
}

/// The app: `/me`, `DELETE /session`, the account's passkeys under `/credentials`, and the passkey routes (with
/// step-up and recovery) under `/passkeys`. `logger` defaults to Hummingbird's.
public func buildApplication(_ configuration: ExampleConfiguration, logger: Logger? = nil) throws -> some ApplicationProtocol {
    let database = try AppDatabase(path: configuration.databasePath)
    let sessions = Sessions(database: database, secureCookies: Sessions.siteIsHTTPS(configuration.origins))
    // The default ceremony store keeps begun ceremonies in memory, as fits one process.
    var relyingParty = RelyingPartyConfiguration(rpID: configuration.rpID, rpName: "Passkeys example", origins: configuration.origins)
    relyingParty.reverificationWindow = configuration.reverificationWindow
    relyingParty.clock = configuration.clock
    let passkeys = Passkeys(
        configuration: relyingParty,
        accounts: ExampleAccounts(database: database), ceremonies: MemoryCeremonyStore(capacity: configuration.pendingCeremonyCapacity),
        unknownUserSecret: { try await database.standInSecret() })

    let router = Router(context: ExampleContext.self)
    router.get("me") { request, context -> PasskeyResponse in
        // A recovery session may add a passkey and nothing else: not even this (403 recoverySessionRestricted).
        let current: SignedInUser<User>?
        do { current = try await sessions.ordinary(request) } catch { return .answering(error, context: context) }
        guard let signedIn = current else {
            return .failed(.unauthorized, "Nobody is signed in.", code: "notSignedIn")
        }
        let user = signedIn.user
        return .ok(JSONObject(["user": .object(JSONObject(["name": .string(user.username), "displayName": .string(user.displayName)]))]))
    }
    router.delete("session") { request, _ -> PasskeyResponse in
        try await sessions.end(request)
        return .ok(headers: [.setCookie: sessions.cookie(nil)])
    }
    // Password accounts, and the upgrade to a passkey right after a password sign-in (conditional create).
    // Password sign-up spends the same taken-name budget as passkey sign-up: two doors, one limit on enumeration.
    PasswordRoutes(
        database: database, sessions: sessions, gate: PasswordHashingGate(capacity: configuration.passwordHashingCapacity),
        takenNames: configuration.limits.takenNameLimiter, clientKey: configuration.clientKey
    ).add(to: router)
    // Each client (its peer address unless the configuration says otherwise) begins ceremonies only so fast and keeps
    // only so many waiting, so one client's flood cannot fill the ceremony store for everyone.
    // With step-up (`session/verify/options` and `/result`): adding a passkey to a signed-in account needs a passkey
    // verification within the last five minutes, the sign-in itself or a step-up.
    // The account's passkeys; removing one needs a step-up.
    CredentialRoutes(database: database, sessions: sessions, passkeys: passkeys).add(to: router)
    // Events from a `passkeys serve` beside the app: a profile row for each of its accounts.
    if let secret = configuration.webhookSecret {
        WebhookReceiver(database: database, verifier: try WebhookVerifier(secret: secret)).add(to: router)
    }
    // And recovery (`POST /passkeys/recovery`): a user who lost every passkey uses one of the codes shown at sign-up and
    // gets a recovery session that may add one passkey (PasskeyRecoveryHooks, in ExampleHooks).
    let passkeyRoutes = PasskeyRoutes(
        passkeys, hooks: ExampleHooks(database: database, sessions: sessions), limits: configuration.limits, clientKey: configuration.clientKey)
    let passkeyGroup = router.group("passkeys").addPasskeyRoutesWithReverification(passkeyRoutes)
    passkeyRoutes.addRecovery(to: passkeyGroup)

    // The app's own API, for users signed in on a `passkeys serve` deployment: tokens verified against its JWKS.
    if let verifier = configuration.sessionTokens { APIRoutes(verifier: verifier).add(to: router) }

    // A client that announces a body and trickles it must not hold a request open for as long as it likes; the idle
    // timeout bounds slow headers, silent connections and clients that never close after their answer.
    let bodyTimeout = configuration.bodyTimeout
    return Application(
        router: router,
        server: .http1(configuration: .init(additionalChannelHandlers: [RequestBodyDeadline(limit: bodyTimeout)], idleTimeout: .seconds(30))),
        configuration: .init(address: .hostname(configuration.host, port: configuration.port)), logger: logger)
}
