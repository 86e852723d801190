import Foundation
import GRDB
import Hummingbird
import PasskeyHummingbird

/// Where the passkey routes meet the app: its sessions say who is signed in, its transactions store what the
/// ceremonies produced. `registrationTarget` is left to the library's default (the signed-in user when they ask for
/// their own name, else a new account under a free name).
struct ExampleHooks: PasskeyReverificationHooks {
    let database: AppDatabase
    let sessions: Sessions

    func signedInUser(_ request: Request, context: ExampleContext) async throws -> SignedInUser<User>? {
        try await sessions.current(request)
    }

    func storeRegistration(_ registration: PasskeyRegistration, request: Request, context: ExampleContext) async throws -> User {
        let credential = registration.credential
        // One transaction: the checks below and the inserts see the same database, so two requests racing for one
        // name or one credential cannot both pass. A thrown refusal rolls everything back.
        return try await database.queue.write { db in
            let user: User
            switch registration.account {
            case .new(let newUser):
                guard try User.fetchOne(db, sql: "SELECT * FROM users WHERE username = ?", arguments: [newUser.passkeyUserName]) == nil else {
                    throw RelyingPartyError.usernameTaken(newUser.passkeyUserName)
                }
                try db.execute(
                    sql: "INSERT INTO users (username, display_name, user_handle) VALUES (?, ?, ?)",
                    arguments: [newUser.passkeyUserName, newUser.passkeyDisplayName, Data(newUser.passkeyUserHandle)])
                user = User(
                    id: db.lastInsertedRowID, username: newUser.passkeyUserName, displayName: newUser.passkeyDisplayName,
                    handle: newUser.passkeyUserHandle)
            case .signedIn(let sessionID):
                // The session that began the registration must still be live and be the credential's account's.
                guard let owner = try User.fetchOne(
                    db, sql: "SELECT users.* FROM sessions JOIN users ON users.id = sessions.user_id WHERE sessions.id = ? AND sessions.expires_at > ?",
                    arguments: [sessionID, Sessions.now()]), owner.handle == credential.userHandle
                else { throw RelyingPartyError.sessionEnded }
                user = owner
            }
            // WebAuthn L3 §7.1 step 26: one credential ID, one account.
            guard try Row.fetchOne(db, sql: "SELECT 1 FROM passkeys WHERE credential_id = ?", arguments: [Data(credential.id)]) == nil else {
                throw RelyingPartyError.credentialAlreadyRegistered
            }
            try credential.insert(db, userID: user.id)
            return user
        }
    }

    func storeSignIn(_ signIn: VerifiedSignIn<User>, request: Request, context: ExampleContext) async throws {
        let credential = signIn.credential
        try await database.queue.write { db in try Self.storeCounter(of: credential, db) }
    }

    func storeReverification(_ reverification: Reverification<User>, signedIn: SignedInUser<User>, request: Request, context: ExampleContext) async throws {
        let credential = reverification.signIn.credential
        try await database.queue.write { db in
            // As a sign-in, then the session records the verification, if it still lives; one transaction.
            try Self.storeCounter(of: credential, db)
            try db.execute(
                sql: "UPDATE sessions SET verified_at = ? WHERE id = ? AND expires_at > ?",
                arguments: [reverification.verifiedAt, signedIn.sessionID, Sessions.now()])
            guard db.changesCount == 1 else { throw RelyingPartyError.sessionEnded }
        }
    }

    /// What a verified assertion changed: the counter only moves up (or stays 0 for authenticators without one): a
    /// sign-in that another one with a higher counter overtook, or whose passkey was removed meanwhile, updates
    /// nothing and is refused.
    private static func storeCounter(of credential: CredentialRecord, _ db: Database) throws {
        try db.execute(
            sql: """
                UPDATE passkeys SET sign_count = ?, backup_state = ?, last_used_at = ?
                WHERE credential_id = ? AND (sign_count < ? OR (sign_count = 0 AND ? = 0))
                """,
            arguments: [
                Int64(credential.signCount), credential.backupState, credential.lastUsedAt, Data(credential.id), Int64(credential.signCount),
                Int64(credential.signCount),
            ])
        guard db.changesCount == 1 else { throw RelyingPartyError.signInConflict }
    }

    func startSession(for user: User, credential: CredentialRecord, request: Request, context: ExampleContext) async throws -> SessionStart {
        let token = try await sessions.start(for: user)
        // The cookie always; `session` only for API clients (the conformance API's member, which the project's
        // RelyingPartyClient and `passkeys login` read), never for a browser, whose page script could read it.
        let members = Sessions.isBrowser(request) ? JSONObject() : JSONObject(["session": .string(token)])
        return SessionStart(headers: [.setCookie: sessions.cookie(token)], members: members)
    }
}
