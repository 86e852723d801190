public import Hummingbird

/// What an app supplies so ``PasskeyRoutes`` can run the ceremonies over its own users and sessions.
///
/// The routes verify (through `Passkeys`) and decide nothing about accounts beyond the rules that keep them safe; the
/// app keeps its users, its credential table and its session system, and is asked at five points (the last three
/// through ``completeRegistration(_:request:context:)`` and ``completeSignIn(_:request:context:)``, which an app
/// implements instead to make storing and signing in one transaction):
/// 1. ``signedInUser(_:context:)``: who is signed in on this request, if anyone.
/// 2. ``registrationTarget(for:signedIn:request:context:)``: which account a registration is for (a default is
///    provided: the signed-in user when the request names them, else a new account).
/// 3. ``storeRegistration(_:request:context:)``: store the verified credential (and the account, if new).
/// 4. ``storeSignIn(_:request:context:)``: store what a verified sign-in changed (counter, backup state, last use).
/// 5. ``startSession(for:credential:request:context:)``: sign the user in with the app's own session system.
///
/// A hook refuses by throwing a `RelyingPartyError`: its status, code and message become the answer. A
/// `StoreUnavailable` is answered 503 with `Retry-After`; any other error is logged and answered 500, so a hook
/// should throw one only for what is really a fault.
///
/// Not here, by design: rate limiting and cross-site request checks (`Origin`, `Sec-Fetch-Site`) belong in the app's
/// middleware, in front of the group the routes are added to, as do request-body timeouts. The routes do require
/// `Content-Type: application/json`, which a cross-site form cannot send without a CORS preflight.
public protocol PasskeyHooks<Context, User>: Sendable {
    /// The app's request context.
    associatedtype Context: RequestContext
    /// The app's user type; the same as its `PasskeyAccounts.User`.
    associatedtype User: PasskeyUser

    /// The user signed in on `request` and the session they are signed in with; nil when nobody is.
    func signedInUser(_ request: Request, context: Context) async throws -> SignedInUser<User>?

    /// Which account the registration `options` asks for is for.
    ///
    /// Return `RegistrationTarget/newAccount(name:displayName:)` for a new account (the routes refuse a name that
    /// is taken), `RegistrationTarget/signedInUser` to add a passkey to `signedIn`'s account, or throw a
    /// `RelyingPartyError` to refuse (an app that allows sign-up only after e-mail verification, say). Never hand a
    /// username that belongs to an account to anyone but that account's session: the type allows no other account.
    ///
    /// The default is the policy of `passkeys serve`: the signed-in user when `options.username` is their name, else
    /// a new account with that name (refused with 403 when the name is taken).
    func registrationTarget(
        for options: RegistrationOptionsRequest, signedIn: SignedInUser<User>?, request: Request, context: Context
    ) async throws -> RegistrationTarget

    /// Stores a verified registration and returns the account it now belongs to.
    ///
    /// In one transaction: for `PasskeyRegistration/Account/new(_:)`, insert the account and the credential; for
    /// `PasskeyRegistration/Account/signedIn(sessionID:)`, insert the credential only if that session is still
    /// live and belongs to the credential's account (else throw `RelyingPartyError.sessionEnded`). Refuse a
    /// credential ID that is already stored, for any account, with `RelyingPartyError.credentialAlreadyRegistered`
    /// (WebAuthn L3 §7.1 step 26), and a name taken meanwhile with `RelyingPartyError.usernameTaken`. The routes
    /// checked both just before; the transaction is what makes the checks hold under concurrency.
    func storeRegistration(_ registration: PasskeyRegistration, request: Request, context: Context) async throws -> User

    /// Stores what a verified sign-in changed (WebAuthn L3 §7.2 step 24): `signIn.credential`'s `signCount`,
    /// `backupState` and `lastUsedAt`.
    ///
    /// The counter must only move up: update the row only where the stored `signCount` is still below the new one
    /// (or both are 0, for authenticators without a counter), and throw `RelyingPartyError.signInConflict` when no
    /// row was updated: another sign-in with a higher counter, or the credential's removal, got there first, which is
    /// how a cloned authenticator racing the real one shows (§6.1.1). The routes start no session after a refusal.
    func storeSignIn(_ signIn: VerifiedSignIn<User>, request: Request, context: Context) async throws

    /// Signs `user` in after a successful registration or sign-in with `credential`, in the app's own session system,
    /// and returns what to add to the answer (a `Set-Cookie` header, JSON members).
    func startSession(for user: User, credential: CredentialRecord, request: Request, context: Context) async throws -> SessionStart

    /// Stores a verified registration and signs its user in: what the routes call.
    ///
    /// The default calls ``storeRegistration(_:request:context:)``, checks the account, then calls
    /// ``startSession(for:credential:request:context:)``. Implement it when sessions live in the same database, to
    /// store the account, the credential and the session in one transaction; call
    /// `PasskeyRegistration/requireAccount(_:)` inside it, before committing, so a wrong account is never written.
    func completeRegistration(_ registration: PasskeyRegistration, request: Request, context: Context) async throws -> RegistrationCompletion<User>

    /// Stores what a verified sign-in changed and signs its user in: what the routes call.
    ///
    /// The default calls ``storeSignIn(_:request:context:)`` then ``startSession(for:credential:request:context:)``.
    /// Implement it when sessions live in the same database, so the counter update and the session are one
    /// transaction: insert the session only where the counter update succeeded, which also means a passkey removed
    /// meanwhile (the update finds no row) leaves no session behind.
    func completeSignIn(_ signIn: VerifiedSignIn<User>, request: Request, context: Context) async throws -> SessionStart
}

extension PasskeyHooks {
    /// The policy of `passkeys serve`: `RegistrationTarget/signedInUser` when someone is signed in and
    /// `options.username` is their `PasskeyUser.passkeyUserName` (compared by `UsernameKey`, so `Ada` typed by the
    /// signed-in `ada` adds a passkey instead of asking for a look-alike account), else
    /// `RegistrationTarget/newAccount(name:displayName:)` with the requested names (which the routes refuse when the
    /// name is taken or mixes scripts).
    public func registrationTarget(
        for options: RegistrationOptionsRequest, signedIn: SignedInUser<User>?, request: Request, context: Context
    ) async throws -> RegistrationTarget {
        RegistrationTarget.defaultPolicy(for: options, signedIn: signedIn)
    }
}
