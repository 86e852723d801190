import Crypto
import Foundation
import GRDB
import HTTPTypes
import Hummingbird
import PasskeyHummingbird

/// The app's own sessions: a random token in an HttpOnly cookie (or, for API clients, `Authorization: Bearer`), and a
/// `sessions` row keyed by the token's SHA-256. The passkey library never sees a token, only the row's key.
struct Sessions: Sendable {
    let database: AppDatabase
    /// Seconds a session lasts.
    let lifetime: Int64 = 7 * 24 * 3600
    /// Seconds a recovery session lasts: time to register one passkey (`RecoveryLimits.sessionLifetime`'s default).
    let recoveryLifetime: Int64 = 600
    /// `Secure` cookies: the site is served over https.
    let secureCookies: Bool
    /// `__Host-example_session` on an https site: the prefix makes browsers refuse the cookie unless it is Secure,
    /// has `Path=/` and no `Domain`, so a sibling subdomain or a plain-http page cannot plant or overwrite it.
    /// Plain `example_session` on an http development site, where a `__Host-` cookie would be refused.
    let cookieName: String

    init(database: AppDatabase, secureCookies: Bool) {
        self.database = database
        self.secureCookies = secureCookies
        cookieName = secureCookies ? "__Host-example_session" : "example_session"
    }

    /// Whether the site is served over https, read from its web origins only: an app's origin
    /// (`android:apk-key-hash:…`, `ios:bundle-id:…`) says nothing about the site's scheme. An http web origin
    /// (development on `localhost`) turns `Secure` off; with no web origin at all the cookies stay Secure.
    static func siteIsHTTPS(_ origins: [String]) -> Bool {
        !origins.contains { $0.lowercased().hasPrefix("http://") }
    }

    /// Whether a request comes from a browser, which gets its session only as the HttpOnly cookie (a token in the
    /// JSON body would be readable by any script on the page, which is what HttpOnly is there to prevent). Browsers
    /// send `Sec-Fetch-Site` (Fetch Metadata) or `Origin` on every POST from page script, and script can neither set
    /// nor remove either (forbidden header names); native and command-line API clients send neither and get the
    /// token in the body to send as `Authorization: Bearer`.
    static func isBrowser(_ request: Request) -> Bool {
        request.headers[values: secFetchSite].isEmpty == false || request.headers[.origin] != nil
    }

    static let secFetchSite = HTTPField.Name("Sec-Fetch-Site")!

    /// Starts a session for `user`; returns the token. `verified`: the sign-in that starts it counts as a verification
    /// for step-up (see ``start(for:verified:in:)``).
    func start(for user: User, verified: Bool) async throws -> String {
        try await database.queue.write { db in try start(for: user, verified: verified, in: db) }
    }

    /// Starts a session for `user` inside the caller's transaction (``ExampleHooks``' completions); returns the token.
    ///
    /// `verified` records the start as the session's first verification (`verified_at`), which lets it add a passkey
    /// for the reverification window: a passkey ceremony that `countsAsVerification`, or a password sign-in to an
    /// account without passkeys (its password is then its only credential, and the upgrade to a passkey follows).
    /// Nothing else counts: not a password sign-in to an account that has passkeys, not a passkey sign-in without UV
    /// by a passkey that has verified its user before.
    ///
    /// `recovery` starts a recovery session instead (``PasskeyRecoveryHooks``): short-lived, verifying nothing, able to
    /// add one passkey and nothing else.
    func start(for user: User, verified: Bool, recovery: Bool = false, in db: Database) throws -> String {
        let token = Base64URL.encode(SecureRandom.bytes(32))
        try db.execute(
            sql: "INSERT INTO sessions (id, user_id, expires_at, verified_at, recovery) VALUES (?, ?, ?, ?, ?)",
            arguments: [
                Self.id(of: token), user.id, Self.now() + (recovery ? recoveryLifetime : lifetime),
                verified && !recovery ? Self.nowMilliseconds() : nil,
                recovery,
            ])
        return token
    }

    /// The user signed in on `request`, with the session's key; nil without a live session.
    func current(_ request: Request) async throws -> SignedInUser<User>? {
        guard let token = token(request) else { return nil }
        return try await session(id: Self.id(of: token))
    }

    /// The live session whose key is `id`, with its user; nil when it has ended.
    func session(id: String) async throws -> SignedInUser<User>? {
        let found = try await database.queue.read { db -> (User, Int64?, Bool)? in
            guard
                let row = try Row.fetchOne(
                    db,
                    sql: """
                        SELECT users.*, sessions.verified_at AS session_verified_at, sessions.recovery AS session_recovery
                        FROM sessions JOIN users ON users.id = sessions.user_id WHERE sessions.id = ? AND sessions.expires_at > ?
                        """,
                    arguments: [id, Self.now()])
            else { return nil }
            return (try User(row: row), row["session_verified_at"], row["session_recovery"])
        }
        return found.map { SignedInUser(user: $0.0, sessionID: id, verifiedAt: $0.1, isRecoverySession: $0.2) }
    }

    /// The user signed in on `request` with an ordinary session: nil without a live session; 403
    /// `recoverySessionRestricted` for a recovery session, which may only add a passkey (the passkey routes' business).
    func ordinary(_ request: Request) async throws -> SignedInUser<User>? {
        guard let signedIn = try await current(request) else { return nil }
        guard !signedIn.isRecoverySession else { throw RelyingPartyError.recoverySessionRestricted }
        return signedIn
    }

    /// Ends the session on `request`, if any.
    func end(_ request: Request) async throws {
        guard let token = token(request) else { return }
        try await database.queue.write { db in try db.execute(sql: "DELETE FROM sessions WHERE id = ?", arguments: [Self.id(of: token)]) }
    }

    /// `Set-Cookie` for `token`, or one that clears the cookie for nil. SameSite=Lax keeps it off cross-site POSTs.
    func cookie(_ token: String?) -> String {
        Cookie(
            name: cookieName, value: token ?? "", maxAge: token == nil ? 0 : Int(lifetime), path: "/", secure: secureCookies, httpOnly: true,
            sameSite: .lax
        ).description
    }

    private func token(_ request: Request) -> String? {
        if let authorization = request.headers[.authorization], authorization.hasPrefix("Bearer ") {
            return String(authorization.dropFirst("Bearer ".count))
        }
        return request.cookies[cookieName]?.value
    }

    static func id(of token: String) -> String { Hex.encode(Array(SHA256.hash(data: Array(token.utf8)))) }

    static func now() -> Int64 { Int64(Date().timeIntervalSince1970) }

    /// The unit of `verified_at`, as the passkey library counts time.
    static func nowMilliseconds() -> Int64 { Int64((Date().timeIntervalSince1970 * 1000).rounded()) }
}
