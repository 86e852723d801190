import Fluent
import PasskeyVapor
import Vapor

/// Where the passkey routes meet the app. Who is signed in, starting a session and step-up (the verification kept in
/// the session's data) are the library's defaults for a `SessionAuthenticatable` user (Vapor's sessions and
/// `req.auth`); storing is the app's own transactions over its `users` table and the library's `passkey_credentials`.
/// The app has no recovery sessions, so no registration asks it to end one (`PasskeyRegistration.endsSession`).
struct ExampleHooks: PasskeyVaporReverificationHooks {
    func storeRegistration(_ registration: PasskeyRegistration, request: Request) async throws -> User {
        let credential = registration.credential
        let account: User
        switch registration.account {
        case .new(let newUser):
            account = User(newUser)
        case .signedIn(let sessionID):
            // The session that began the registration must be the one this request carries, still live, and be the
            // credential's account's: a session ended since (signed out) finishes nothing it began.
            guard PasskeySession.isLive(sessionID, on: request), let owner = request.auth.get(User.self),
                owner.passkeyUserHandle == credential.userHandle
            else { throw RelyingPartyError.sessionEnded }
            account = owner
        }
        // One transaction: a refusal (a name or a credential ID taken meanwhile) rolls the new account back too.
        try await request.db.transaction { database in
            if account.id == nil {
                guard try await User.query(on: database).filter(\.$usernameKey == account.usernameKey).count() == 0 else {
                    throw RelyingPartyError.usernameTaken(account.username)
                }
                do {
                    try await account.create(on: database)
                } catch let error as any DatabaseError where error.isConstraintFailure {
                    throw RelyingPartyError.usernameTaken(account.username)
                }
            }
            try await PasskeyCredentialModel.store(credential, on: database)
        }
        return account
    }

    func storeSignIn(_ signIn: VerifiedSignIn<User>, request: Request) async throws {
        try await PasskeyCredentialModel.recordSignIn(signIn.credential, on: request.db)
    }
}
