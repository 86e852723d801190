import Foundation
import GRDB
import Hummingbird
import PasskeyHummingbird

/// Where the passkey routes meet the app: its sessions say who is signed in, its transactions store what the
/// ceremonies produced. `registrationTarget` is the library's default (the signed-in user when they ask for their
/// own name, else a new account under a free name) except that a conditional create needs the signed-in user.
///
/// Recovery codes (``PasskeyRecoveryHooks``): ten issued with each new passkey account, in the transaction that stores
/// it, and shown once in the sign-up's answer (`recoveryCodes`); the `recovery_codes` table keeps only their keyed hashes
/// (`RecoveryCodeHasher`, under a key in `secrets`). A used code starts a recovery session (`sessions.recovery`), which
/// the registration that adds its one passkey deletes in that passkey's transaction.
struct ExampleHooks: PasskeyRecoveryHooks {
    let database: AppDatabase
    let sessions: Sessions

    /// The library's policy, with one rule more: a conditional create (the registration that may finish without the
    /// UP flag) only upgrades the signed-in user's own account, right after a password sign-in; it never makes a new
    /// account, which nobody could have meant without a gesture.
    func registrationTarget(
        for options: RegistrationOptionsRequest, signedIn: SignedInUser<User>?, request: Request, context: ExampleContext
    ) async throws -> RegistrationTarget {
        if let signedIn, UsernameKey(signedIn.user.passkeyUserName) == UsernameKey(options.username) { return .signedInUser }
        guard !options.conditional else {
            throw RelyingPartyError(
                .unauthorized, "A conditional create adds a passkey to the signed-in account; sign in first.", code: "notSignedIn")
        }
        return .newAccount(name: options.username, displayName: options.displayName)
    }

    func signedInUser(_ request: Request, context: ExampleContext) async throws -> SignedInUser<User>? {
        try await sessions.current(request)
    }

    // The routes call the two completions; each is one transaction that stores what the ceremony produced and starts
    // the session, so a refusal or a fault leaves neither half behind. The three separate hooks are the same steps
    // in transactions of their own.

    func completeRegistration(
        _ registration: PasskeyRegistration, request: Request, context: ExampleContext
    ) async throws -> RegistrationCompletion<User> {
        let (user, token, codes) = try await database.queue.write { db in
            let user = try Self.store(registration, in: db)
            // Checked before the transaction commits: a wrong account is never written.
            try registration.requireAccount(user)
            // A new account's recovery codes, stored with it: only their hashes, the codes themselves shown once.
            var codes: [String] = []
            if case .new = registration.account {
                let issued = try RecoveryCodeHasher(key: try AppDatabase.secret("recovery codes", in: db)).issue()
                for hash in issued.hashes {
                    try db.execute(sql: "INSERT INTO recovery_codes (user_id, code_hash) VALUES (?, ?)", arguments: [user.id, hash])
                }
                codes = issued.codes
            }
            return (user, try sessions.start(for: user, verified: registration.passkey.countsAsVerification, in: db), codes)
        }
        var session = sessionStart(token, request)
        if !codes.isEmpty { session.members["recoveryCodes"] = .array(codes.map(JSONValue.string)) }
        return RegistrationCompletion(user: user, session: session)
    }

    /// The recovery codes' hash key, from the `secrets` table.
    func recoveryCodeKey() async throws -> [UInt8] {
        try await database.queue.read { db in try AppDatabase.secret("recovery codes", in: db) }
    }

    /// One transaction: the code's row is deleted (so it works once), the account's sessions end (the lost device's
    /// among them), and a recovery session starts.
    func useRecoveryCode(
        username: String, codeHash: String, request: Request, context: ExampleContext
    ) async throws -> (user: User, session: SessionStart)? {
        let token = try await database.queue.write { db -> (User, String)? in
            // The name is looked up as every account lookup does (UsernameKey; User.row(named:)), and the code by the
            // account and the hash together: deleting it is the check, so two requests racing with one code cannot
            // both succeed. A name without an account runs the same statement, which deletes nothing.
            let user = try User.row(named: username, in: db).map(User.init(row:))
            try db.execute(sql: "DELETE FROM recovery_codes WHERE user_id = ? AND code_hash = ?", arguments: [user?.id ?? -1, codeHash])
            guard let user, db.changesCount == 1 else { return nil }
            try db.execute(sql: "DELETE FROM sessions WHERE user_id = ?", arguments: [user.id])
            return (user, try sessions.start(for: user, verified: false, recovery: true, in: db))
        }
        return token.map { ($0.0, sessionStart($0.1, request)) }
    }

    func completeSignIn(_ signIn: VerifiedSignIn<User>, request: Request, context: ExampleContext) async throws -> SessionStart {
        let token = try await database.queue.write { db in
            try Self.store(signIn, in: db)
            return try sessions.start(for: signIn.user, verified: signIn.countsAsVerification, in: db)
        }
        return sessionStart(token, request)
    }

    func storeRegistration(_ registration: PasskeyRegistration, request: Request, context: ExampleContext) async throws -> User {
        try await database.queue.write { db in try Self.store(registration, in: db) }
    }

    func storeSignIn(_ signIn: VerifiedSignIn<User>, request: Request, context: ExampleContext) async throws {
        try await database.queue.write { db in try Self.store(signIn, in: db) }
    }

    func storeReverification(
        _ reverification: Reverification<User>, signedIn: SignedInUser<User>, request: Request, context: ExampleContext
    ) async throws {
        try await database.queue.write { db in
            // As a sign-in, then the session records the verification, if it still lives; one transaction.
            try Self.store(reverification.signIn, in: db)
            try db.execute(
                sql: "UPDATE sessions SET verified_at = ? WHERE id = ? AND expires_at > ?",
                arguments: [reverification.verifiedAt, signedIn.sessionID, Sessions.now()])
            guard db.changesCount == 1 else { throw RelyingPartyError.sessionEnded }
        }
    }

    /// The routes call the completions above; a session started through this hook alone does not know what the
    /// ceremony verified, so it records no verification.
    func startSession(for user: User, credential: CredentialRecord, request: Request, context: ExampleContext) async throws -> SessionStart {
        sessionStart(try await sessions.start(for: user, verified: false), request)
    }

    /// The session by its key, from the sessions table: a client that finishes a registration without sending its
    /// session (the conformance API needs none) is checked against the session that began it all the same.
    func session(named name: String, request: Request, context: ExampleContext) async throws -> SignedInUser<User>? {
        try await sessions.session(id: name)
    }

    /// The cookie always; `session` only for API clients (the conformance API's member, which the project's
    /// RelyingPartyClient and `passkeys login` read), never for a browser, whose page script could read it.
    private func sessionStart(_ token: String, _ request: Request) -> SessionStart {
        let members = Sessions.isBrowser(request) ? JSONObject() : JSONObject(["session": .string(token)])
        return SessionStart(headers: [.setCookie: sessions.cookie(token)], members: members)
    }

    /// Stores a registration in the caller's transaction: the checks and the inserts see the same database, so two
    /// requests racing for one name or one credential cannot both pass. A thrown refusal rolls everything back.
    private static func store(_ registration: PasskeyRegistration, in db: Database) throws -> User {
        let credential = registration.credential
        let user: User
        switch registration.account {
        case .new(let newUser):
            // Taken when any account's name has the same UsernameKey (`Ada`, `аda` and `ada` are one name);
            // the unique index on username_key refuses a racing look-alike too.
            let key = UsernameKey(newUser.passkeyUserName).rawValue
            guard try User.fetchOne(db, sql: "SELECT * FROM users WHERE username_key = ?", arguments: [key]) == nil else {
                throw RelyingPartyError.usernameTaken(newUser.passkeyUserName)
            }
            try db.execute(
                sql: "INSERT INTO users (username, username_key, display_name, user_handle) VALUES (?, ?, ?, ?)",
                arguments: [newUser.passkeyUserName, key, newUser.passkeyDisplayName, Data(newUser.passkeyUserHandle)])
            user = User(
                id: db.lastInsertedRowID, username: newUser.passkeyUserName, displayName: newUser.passkeyDisplayName,
                handle: newUser.passkeyUserHandle)
        case .signedIn(let sessionID):
            // The session that began the registration must still be live and be the credential's account's.
            guard
                let owner = try User.fetchOne(
                    db,
                    sql: "SELECT users.* FROM sessions JOIN users ON users.id = sessions.user_id WHERE sessions.id = ? AND sessions.expires_at > ?",
                    arguments: [sessionID, Sessions.now()]), owner.handle == credential.userHandle
            else { throw RelyingPartyError.sessionEnded }
            // A recovery session adds one passkey: it ends here, in this transaction, so of registrations finished at
            // once on it only the first finds it.
            if registration.endsSession {
                try db.execute(sql: "DELETE FROM sessions WHERE id = ?", arguments: [sessionID])
            }
            user = owner
        }
        // WebAuthn L3 §7.1 step 26: one credential ID, one account.
        guard try Row.fetchOne(db, sql: "SELECT 1 FROM passkeys WHERE credential_id = ?", arguments: [Data(credential.id)]) == nil else {
            throw RelyingPartyError.credentialAlreadyRegistered
        }
        try credential.insert(db, userID: user.id)
        return user
    }

    /// Stores what a sign-in changed in the caller's transaction. The counter only moves up (or stays 0 for
    /// authenticators without one): a sign-in that another one with a higher counter overtook, or whose passkey was
    /// removed meanwhile, updates nothing and is refused, and the session its completion would start is not stored.
    private static func store(_ signIn: VerifiedSignIn<User>, in db: Database) throws {
        let credential = signIn.credential
        let count = Int64(credential.signCount)
        try db.execute(
            sql: """
                UPDATE passkeys SET sign_count = ?, backup_state = ?, last_used_at = ?, uv_initialized = MAX(uv_initialized, ?)
                WHERE credential_id = ? AND (sign_count < ? OR (sign_count = 0 AND ? = 0))
                """,
            arguments: [count, credential.backupState, credential.lastUsedAt, credential.uvInitialized, Data(credential.id), count, count])
        guard db.changesCount == 1 else { throw RelyingPartyError.signInConflict }
    }
}
