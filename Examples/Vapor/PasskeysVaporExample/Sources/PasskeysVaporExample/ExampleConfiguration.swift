public import Foundation
public import PasskeyVapor
public import Vapor

/// Where the example keeps its data and which site it is.
public struct ExampleConfiguration: Sendable {
    /// The app's database: a SQLite file, or a PostgreSQL server (tables in `schema`, created when missing).
    public enum Storage: Sendable {
        case sqlite(path: String)
        case postgres(url: String, schema: String)
    }

    public var storage: Storage
    /// The WebAuthn RP ID and the page origins ceremonies may come from.
    public var rpID: String
    public var origins: [String]
    /// How long a passkey route's body may take to arrive (408 past it).
    public var bodyDeadline: Duration
    /// What each client may begin: how fast, and how many ceremonies it keeps waiting.
    public var limits: PasskeyRouteLimits
    /// Names a request's client for ``limits``; by default its peer address. Behind a proxy, give one that reads the
    /// address the proxy reports, and only when the peer is the proxy.
    public var clientKey: @Sendable (Request) -> String?
    /// The most begun ceremonies held in memory at once, all clients together.
    public var pendingCeremonyCapacity: Int
    /// How long, in milliseconds, a passkey verification (a sign-in that counts, or a step-up) lets a session add or
    /// remove a passkey.
    public var reverificationWindow: Int64 = 300_000
    /// The time the relying party reads (ceremony timeouts, the reverification window): the system's, unless a test
    /// moves it.
    public var clock: @Sendable () -> Date = { Date() }
    /// Session tokens of a `passkeys serve` deployment that `GET /api/me` accepts; nil serves no `/api`.
    public var sessionTokens: SessionTokenVerifier? = nil

    public init(
        storage: Storage, rpID: String = "localhost", origins: [String] = ["http://localhost:8080"], bodyDeadline: Duration = .seconds(10),
        limits: PasskeyRouteLimits = PasskeyRouteLimits(), clientKey: @escaping @Sendable (Request) -> String? = { ClientKey.peer(of: $0) },
        pendingCeremonyCapacity: Int = 250_000
    ) {
        self.storage = storage
        self.rpID = rpID
        self.origins = origins
        self.bodyDeadline = bodyDeadline
        self.limits = limits
        self.clientKey = clientKey
        self.pendingCeremonyCapacity = pendingCeremonyCapacity
    }

    /// Whether the site is served over https, read from its web origins only: an app's origin
    /// (`android:apk-key-hash:…`) says nothing about the site's scheme. An http web origin (development on
    /// `localhost`) turns `Secure` off; with no web origin at all the cookies stay Secure.
    var siteIsHTTPS: Bool { !origins.contains { $0.lowercased().hasPrefix("http://") } }
}
