import Foundation
import GRDB
import Hummingbird
import NIOCore
import PasskeyHummingbird

/// Password accounts, as the app had before passkeys: `POST /password/sign-up` and `POST /password/sign-in`, each
/// starting the app's session. A password sign-in answers `upgrade: true` while the account has no passkey: the
/// page then asks for a conditional create (`POST /passkeys/attestation/options` with `"mediation":
/// "conditional"` and the new session), which the browser or iOS 18 completes without a sheet (WebAuthn L3 §5.1.3).
struct PasswordRoutes: Sendable {
    let database: AppDatabase
    let sessions: Sessions
    let gate: PasswordHashingGate
    /// How often one client may be told a name is taken (the passkey routes' `takenNameLimiter`); nil for no limit.
    let takenNames: (any ClientRateLimiter)?
    /// Names a request's client; nil keys it by its peer address.
    let clientKey: (@Sendable (Request, ExampleContext) -> String?)?
    /// The most a request body may hold.
    static let maximumBodySize = 16 * 1024

    func add(to router: Router<ExampleContext>) {
        router.post("password/sign-up") { request, context in await answer { try await signUp(request, context) } }
        router.post("password/sign-in") { request, _ in await answer { try await signIn(request) } }
    }

    private func answer(_ body: () async throws -> PasskeyResponse) async -> PasskeyResponse {
        do { return try await body() } catch let refusal as RelyingPartyError {
            return .failed(refusal)
        } catch {
            return .failed(.serviceUnavailable, "The service is unavailable; try again later.", code: "storeUnavailable")
        }
    }

    /// The body as JSON (415 unless declared so, which also keeps other sites' forms out), with the names checked by
    /// the library's rules and the password bounded.
    private func credentials(_ request: Request) async throws -> (username: String, displayName: String, password: String) {
        try RequestJSON.requireJSON(request.headers[.contentType])
        let bytes: [UInt8]
        do { bytes = Array(buffer: try await request.body.collect(upTo: Self.maximumBodySize)) } catch {
            throw RelyingPartyError(.payloadTooLarge, "The request body is larger than \(Self.maximumBodySize) bytes.", code: "inputTooLarge")
        }
        let object = try RequestJSON.object(bytes)
        let username = try RequestMembers.requiredName(object, "username")
        let displayName = try RequestMembers.name(object, "displayName", required: false) ?? username
        guard case .string(let password)? = object["password"] else {
            throw RelyingPartyError(.badRequest, "password: expected a string, found \(object["password"]?.typeName ?? "nothing")")
        }
        guard password.count >= PasswordHash.minimumLength, password.utf8.count <= PasswordHash.maximumBytes else {
            throw RelyingPartyError(
                .badRequest,
                "password: expected \(PasswordHash.minimumLength) characters to \(PasswordHash.maximumBytes) bytes, found \(password.count) characters",
                code: "invalidPassword")
        }
        return (username, displayName, password)
    }

    private func signUp(_ request: Request, _ context: ExampleContext) async throws -> PasskeyResponse {
        let (username, displayName, password) = try await credentials(request)
        // The passkey routes' rules for a new name: one script, compared by UsernameKey.
        guard UsernameScripts.isSingleScript(username) else { throw RelyingPartyError.usernameMixesScripts(username) }
        let key = UsernameKey(username).rawValue
        // Every sign-up takes a token; every answer but usernameTaken gives it back (PasskeyRouteLimits).
        let client = clientKey?(request, context) ?? ClientKey.peer(context.remoteAddress)
        let budget = client.flatMap { client in takenNames.map { (client, $0) } }
        if let (client, limiter) = budget, try await !limiter.allow(client) { throw RelyingPartyError.tooManyRequests }
        let user: User?
        do {
            user = try await insertUser(username: username, key: key, displayName: displayName, password: password)
        } catch {
            if let (client, limiter) = budget { await limiter.refund(client) }
            throw error
        }
        guard let user else { throw RelyingPartyError.usernameTaken(username) }
        if let (client, limiter) = budget { await limiter.refund(client) }
        return try await signedIn(user, request, upgrade: true)
    }

    /// A new account with a password, unless an account has the name (nil).
    private func insertUser(username: String, key: String, displayName: String, password: String) async throws -> User? {
        let hash = try await gate.run { try PasswordHash.make(password) }
        return try await database.queue.write { db -> User? in
            guard try User.fetchOne(db, sql: "SELECT * FROM users WHERE username_key = ?", arguments: [key]) == nil else { return nil }
            let handle = SecureRandom.bytes(32)
            try db.execute(
                sql: "INSERT INTO users (username, username_key, display_name, user_handle, password_hash) VALUES (?, ?, ?, ?, ?)",
                arguments: [username, key, displayName, Data(handle), hash])
            return User(id: db.lastInsertedRowID, username: username, displayName: displayName, handle: handle)
        }
    }

    private func signIn(_ request: Request) async throws -> PasskeyResponse {
        let (username, _, password) = try await credentials(request)
        let found = try await database.queue.read { db -> (User, String?, Bool)? in
            guard let row = try User.row(named: username, in: db) else { return nil }
            let hasPasskey =
                try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM passkeys WHERE user_id = ?)", arguments: [row["id"] as Int64]) ?? false
            return (try User(row: row), row["password_hash"], hasPasskey)
        }
        // An unknown name, an account without a password and a wrong password cost the same and answer alike.
        let stored = found?.1
        guard try await gate.run({ try PasswordHash.verify(password, against: stored) }), let found else {
            throw RelyingPartyError(.unauthorized, "The username or password is wrong.", code: "wrongPassword")
        }
        return try await signedIn(found.0, request, upgrade: !found.2)
    }

    private func signedIn(_ user: User, _ request: Request, upgrade: Bool) async throws -> PasskeyResponse {
        // The password counts as a verification (it may add the first passkey) only while it is the account's one
        // credential: once the account has a passkey, only a passkey verifies it (step-up).
        let token = try await sessions.start(for: user, verified: upgrade)
        var members = JSONObject([
            "user": .object(JSONObject(["name": .string(user.username), "displayName": .string(user.displayName)])), "upgrade": .bool(upgrade),
        ])
        if !Sessions.isBrowser(request) { members["session"] = .string(token) }
        return .ok(members, headers: [.setCookie: sessions.cookie(token)])
    }
}
