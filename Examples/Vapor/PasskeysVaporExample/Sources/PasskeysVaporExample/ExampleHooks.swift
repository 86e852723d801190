import Fluent
import Foundation
import PasskeyVapor
import SQLKit
import Vapor

/// Where the passkey routes meet the app. Vapor's sessions and `req.auth` say who is signed in, and step-up keeps its
/// verification in the session's data (the library's defaults for a `SessionAuthenticatable` user); storing is the
/// app's own transactions over its `users` table and the library's `passkey_credentials`.
///
/// Recovery codes (``PasskeyVaporRecoveryHooks``): ten issued with each new account, in the transaction that stores
/// it, shown once in the sign-up's answer (`recoveryCodes`) and kept only as keyed hashes (``RecoveryCode``). A used
/// code moves the account's session generation on (ending its other sessions) and starts a recovery session
/// (``RecoverySession``), which the registration that adds its one passkey deletes in that passkey's transaction.
struct ExampleHooks: PasskeyVaporRecoveryHooks {
    /// The session data key of the account's session generation when the session started (``User/sessionGeneration``).
    static let generationKey = "example.sessionGeneration"
    /// The session data key of a recovery session's token (``RecoverySession``); absent in an ordinary session.
    static let recoveryTokenKey = "example.recoveryToken"

    /// The user signed in on the request's session, as the library's default reports it, unless a recovery has ended
    /// the session since (an older session generation); a recovery session is reported with `isRecoverySession`
    /// while its row lives, and as nobody after it added its passkey or expired.
    func signedInUser(_ request: Request) async throws -> SignedInUser<User>? {
        guard let user = request.auth.get(User.self), request.hasSession, let id = request.session.id else { return nil }
        guard (request.session.data[Self.generationKey] ?? "0") == String(user.sessionGeneration ?? 0) else { return nil }
        let name = PasskeySession.name(of: id)
        guard let token = request.session.data[Self.recoveryTokenKey] else {
            return SignedInUser(user: user, sessionID: name, verifiedAt: PasskeySession.verifiedAt(on: request))
        }
        guard let recovery = try await RecoverySession.find(RecoverySession.key(of: token), on: request.db),
            recovery.$user.id == user.id, recovery.expiresAt > Date()
        else { return nil }
        return SignedInUser(user: user, sessionID: name, isRecoverySession: true)
    }

    /// The signed-in user of an ordinary session, for the app's own routes: nil without one, 403
    /// `recoverySessionRestricted` for a recovery session (which may only add a passkey, the passkey routes' business).
    func ordinaryUser(_ request: Request) async throws -> SignedInUser<User>? {
        guard let signedIn = try await signedInUser(request) else { return nil }
        guard !signedIn.isRecoverySession else { throw RelyingPartyError.recoverySessionRestricted }
        return signedIn
    }

    /// As the library's default (a fresh session ID against fixation, `req.auth.login`), in the account's current
    /// session generation, and never a recovery session.
    func startSession(for user: User, credential: CredentialRecord, request: Request) async throws -> JSONObject {
        try await Self.signIn(user, request: request, recoveryToken: nil)
        return JSONObject()
    }

    /// Stores the registration, with a new account's recovery codes, and signs its user in; the codes are shown once,
    /// in this answer.
    func completeRegistration(_ registration: PasskeyRegistration, request: Request) async throws -> (user: User, members: JSONObject) {
        let (user, codes) = try await store(registration, issuingCodes: true, request: request)
        var members = try await startSession(for: user, credential: registration.credential, request: request)
        PasskeySession.recordVerification(registration.passkey.countsAsVerification ? registration.credential.createdAt : nil, on: request)
        if !codes.isEmpty { members["recoveryCodes"] = .array(codes.map(JSONValue.string)) }
        return (user, members)
    }

    /// Stores the registration without issuing recovery codes (the routes call ``completeRegistration(_:request:)``).
    func storeRegistration(_ registration: PasskeyRegistration, request: Request) async throws -> User {
        try await store(registration, issuingCodes: false, request: request).user
    }

    func storeSignIn(_ signIn: VerifiedSignIn<User>, request: Request) async throws {
        try await PasskeyCredentialModel.recordSignIn(signIn.credential, on: request.db)
    }

    func recoveryCodeKey(request: Request) async throws -> [UInt8] {
        try await Secret.named(Secret.recoveryCodes, on: request.db)
    }

    /// One transaction: the code's row is deleted (the delete is the check, so two requests racing with one code
    /// cannot both succeed), the account's session generation moves on (its other sessions end, the lost device's
    /// among them), and a recovery session's row is stored. Then the request's session becomes the recovery session.
    func useRecoveryCode(username: String, codeHash: String, request: Request) async throws -> (user: User, members: JSONObject)? {
        let token = Base64URL.encode(SecureRandom.bytes(32))
        let recovered: User? = try await request.db.transaction { database in
            // Looked up as the library finds accounts (UsernameKey); a name without an account runs the same queries.
            let account = try await User.query(on: database).filter(\.$usernameKey == UsernameKey(username).rawValue).first()
            let code = try await RecoveryCode.query(on: database).filter(\.$id == codeHash).filter(\.$user.$id == (account?.id ?? UUID())).first()
            guard let account, let accountID = account.id, code != nil,
                try await Self.delete(RecoveryCode.schema, "code_hash", codeHash, on: database)
            else { return nil }
            account.sessionGeneration = (account.sessionGeneration ?? 0) + 1
            try await account.save(on: database)
            try await RecoverySession(token: token, userID: accountID, expiresAt: Date().addingTimeInterval(RecoverySession.lifetime)).create(
                on: database)
            return account
        }
        guard let recovered else { return nil }
        try await Self.signIn(recovered, request: request, recoveryToken: token)
        return (recovered, JSONObject())
    }

    /// Stores a registration in one transaction: a refusal (a name or a credential ID taken meanwhile, a recovery
    /// session already used) rolls all of it back. Returns the account and a new account's recovery codes.
    private func store(_ registration: PasskeyRegistration, issuingCodes: Bool, request: Request) async throws -> (user: User, codes: [String]) {
        let credential = registration.credential
        let account: User
        switch registration.account {
        case .new(let newUser):
            account = User(newUser)
        case .signedIn(let sessionID):
            // The session that began the registration must be the one this request carries, still live, and be the
            // credential's account's: a session ended since (signed out) finishes nothing it began.
            guard PasskeySession.isLive(sessionID, on: request), let owner = try await signedInUser(request)?.user,
                owner.passkeyUserHandle == credential.userHandle
            else { throw RelyingPartyError.sessionEnded }
            account = owner
        }
        let recoveryToken = request.hasSession ? request.session.data[Self.recoveryTokenKey] : nil
        return try await request.db.transaction { database in
            var codes: [String] = []
            if account.id == nil {
                guard try await User.query(on: database).filter(\.$usernameKey == account.usernameKey).count() == 0 else {
                    throw RelyingPartyError.usernameTaken(account.username)
                }
                do {
                    try await account.create(on: database)
                } catch let error as any DatabaseError where error.isConstraintFailure {
                    throw RelyingPartyError.usernameTaken(account.username)
                }
                if issuingCodes, let accountID = account.id {
                    let issued = try RecoveryCodeHasher(key: try await Secret.named(Secret.recoveryCodes, on: database)).issue()
                    for hash in issued.hashes { try await RecoveryCode(hash: hash, userID: accountID).create(on: database) }
                    codes = issued.codes
                }
            }
            // A recovery session adds one passkey: its row is deleted here, in this transaction, so of registrations
            // finished at once on it only the one whose delete removed the row stores its passkey.
            if registration.endsSession {
                guard let recoveryToken,
                    try await Self.delete(RecoverySession.schema, "token_hash", RecoverySession.key(of: recoveryToken), on: database)
                else { throw RelyingPartyError.sessionEnded }
            }
            try await PasskeyCredentialModel.store(credential, on: database)
            // Checked before the transaction commits: a wrong account is never written.
            try registration.requireAccount(account)
            return (account, codes)
        }
    }

    /// Deletes the row of `table` whose `column` is `key`; whether this statement deleted it (`RETURNING`, which SQLite
    /// and PostgreSQL both have), so of transactions racing for one row exactly one sees true.
    private static func delete(_ table: String, _ column: String, _ key: String, on database: any Database) async throws -> Bool {
        guard let sql = database as? any SQLDatabase else { throw StoreUnavailable(reason: "the database does not speak SQL") }
        return try await !sql.delete(from: table).where(SQLIdentifier(column), .equal, SQLBind(key)).returning(SQLIdentifier(column)).all().isEmpty
    }

    /// Signs `user` in on a fresh session ID in the account's current session generation: an ordinary session, or a
    /// recovery session with `recoveryToken`.
    private static func signIn(_ user: User, request: Request, recoveryToken: String?) async throws {
        try await PasskeySession.renew(request)
        request.auth.login(user)
        request.session.authenticate(user)
        request.session.data[generationKey] = String(user.sessionGeneration ?? 0)
        request.session.data[recoveryTokenKey] = recoveryToken
        if recoveryToken != nil { PasskeySession.recordVerification(nil, on: request) }
    }
}
