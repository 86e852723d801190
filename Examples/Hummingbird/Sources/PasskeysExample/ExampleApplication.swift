import Foundation
public import Hummingbird
public import Logging
import PasskeyHummingbird

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

    public init(
        host: String = "127.0.0.1", port: Int = 8080, databasePath: String = "passkeys-example.sqlite", rpID: String = "localhost", origins: [String]? = nil,
        bodyTimeout: Duration = .seconds(10)
    ) {
        self.host = host
        self.port = port
        self.databasePath = databasePath
        self.rpID = rpID
        self.origins = origins ?? ["http://\(rpID):\(port)"]
        self.bodyTimeout = bodyTimeout
    }
}

/// The app: `/me`, `DELETE /session`, and the passkey routes under `/passkeys`. `logger` defaults to Hummingbird's.
public func buildApplication(_ configuration: ExampleConfiguration, logger: Logger? = nil) throws -> some ApplicationProtocol {
    let database = try AppDatabase(path: configuration.databasePath)
    let sessions = Sessions(database: database, secureCookies: configuration.origins.allSatisfy { $0.hasPrefix("https://") })
    // The default ceremony store keeps begun ceremonies in memory, as fits one process.
    let passkeys = Passkeys(
        configuration: RelyingPartyConfiguration(rpID: configuration.rpID, rpName: "Passkeys example", origins: configuration.origins),
        accounts: ExampleAccounts(database: database), unknownUserSecret: { try await database.standInSecret() })

    let router = Router()
    router.get("me") { request, _ -> PasskeyResponse in
        guard let signedIn = try await sessions.current(request) else {
            return .failed(.unauthorized, "Nobody is signed in.", code: "notSignedIn")
        }
        let user = signedIn.user
        return .ok(JSONObject(["user": .object(JSONObject(["name": .string(user.username), "displayName": .string(user.displayName)]))]))
    }
    router.delete("session") { request, _ -> PasskeyResponse in
        try await sessions.end(request)
        return .ok(headers: [.setCookie: sessions.cookie(nil)])
    }
    router.group("passkeys").addPasskeyRoutes(passkeys, hooks: ExampleHooks(database: database, sessions: sessions))

    // A client that announces a body and trickles it must not hold a request open for as long as it likes; the idle
    // timeout bounds slow headers, silent connections and clients that never close after their answer.
    let bodyTimeout = configuration.bodyTimeout
    return Application(
        router: router,
        server: .http1(configuration: .init(additionalChannelHandlers: [RequestBodyDeadline(limit: bodyTimeout)], idleTimeout: .seconds(30))),
        configuration: .init(address: .hostname(configuration.host, port: configuration.port)), logger: logger)
}
