#if Vapor
public import Vapor

/// What a Vapor app supplies so ``PasskeyRouteCollection`` can run the ceremonies over its own users and sessions:
/// the same five questions PasskeyHummingbird's hooks answer, asked of a Vapor `Request`.
///
/// 1. ``signedInUser(_:)``: who is signed in on this request, if anyone.
/// 2. ``registrationTarget(for:signedIn:request:)``: which account a registration is for (default: the signed-in
///    user when the request names them, else a new account).
/// 3. ``storeRegistration(_:request:)``: store the verified credential (and the account, if new), in one transaction.
/// 4. ``storeSignIn(_:request:)``: store what a verified sign-in changed (counter, backup state, last use).
/// 5. ``startSession(for:credential:request:)``: sign the user in with the app's own session system.
///
/// When the app's user is `SessionAuthenticatable` (Vapor's sessions, `req.auth`), ``signedInUser(_:)`` and
/// ``startSession(for:credential:request:)`` have defaults: the user `req.auth` holds with the request's session,
/// and `req.auth.login(user)` in a session with a fresh ID. With Fluent, `PasskeyCredentialModel` stores
/// registrations and sign-ins under the rules below.
///
/// A hook refuses by throwing a `RelyingPartyError`: its status, code and message become the answer. A Vapor
/// `Abort` below 500 is answered with its status and reason in JSON. A `StoreUnavailable` is answered 503 with
/// `Retry-After`; any other error is logged and answered 500.
public protocol PasskeyVaporHooks<User>: Sendable {
    /// The app's user type; the same as its `PasskeyAccounts.User`.
    associatedtype User: PasskeyUser

    /// The user signed in on `request` and a stable, opaque name of the session (never its cookie value); nil when
    /// nobody is.
    func signedInUser(_ request: Request) async throws -> SignedInUser<User>?

    /// Which account the registration `options` asks for is for: a new account (the routes refuse a name that is
    /// taken), the signed-in user's, or a thrown `RelyingPartyError` to refuse.
    ///
    /// The default is the policy of `passkeys serve`: the signed-in user when `options.username` is their name,
    /// else a new account with that name.
    func registrationTarget(
        for options: RegistrationOptionsRequest, signedIn: SignedInUser<User>?, request: Request
    ) async throws -> RegistrationTarget

    /// Stores a verified registration and returns the account it now belongs to.
    ///
    /// In one transaction: for a new account (`PasskeyRegistration.Account.new`), insert the account and the
    /// credential; for the signed-in user (`.signedIn(sessionID:)`), insert the credential only if that session is
    /// still live and belongs to the credential's account (else throw `RelyingPartyError.sessionEnded`). Refuse a
    /// credential ID that is already stored, for any account, with `RelyingPartyError.credentialAlreadyRegistered`
    /// (WebAuthn L3 §7.1 step 26), and a name taken meanwhile with `RelyingPartyError.usernameTaken`.
    func storeRegistration(_ registration: PasskeyRegistration, request: Request) async throws -> User

    /// Stores what a verified sign-in changed (WebAuthn L3 §7.2 step 24), only where the stored counter is still
    /// below the new one (or both are 0), else throws `RelyingPartyError.signInConflict` (§6.1.1: how a cloned
    /// authenticator racing the real one shows). `PasskeyCredentialModel.recordSignIn(_:on:)` does exactly this.
    func storeSignIn(_ signIn: VerifiedSignIn<User>, request: Request) async throws

    /// Signs `user` in after a successful registration or sign-in with `credential`; returns JSON members to add to
    /// the answer (empty for a cookie session, which Vapor's `SessionsMiddleware` sets).
    func startSession(for user: User, credential: CredentialRecord, request: Request) async throws -> JSONObject

    /// Stores a verified registration and signs its user in: what the routes call. The default calls
    /// ``storeRegistration(_:request:)``, checks the account, then ``startSession(for:credential:request:)`` (and,
    /// for a `SessionAuthenticatable` user, records the verification in Vapor's session when the registration
    /// `countsAsVerification`). Implement it to make storing and signing in one transaction.
    func completeRegistration(_ registration: PasskeyRegistration, request: Request) async throws -> (user: User, members: JSONObject)

    /// Stores what a verified sign-in changed and signs its user in: what the routes call. The default calls
    /// ``storeSignIn(_:request:)`` then ``startSession(for:credential:request:)`` (and, for a `SessionAuthenticatable`
    /// user, records the verification in Vapor's session when the sign-in `countsAsVerification`).
    func completeSignIn(_ signIn: VerifiedSignIn<User>, request: Request) async throws -> JSONObject
}

extension PasskeyVaporHooks {
    /// The default: ``storeRegistration(_:request:)``, the account check, ``startSession(for:credential:request:)``.
    public func completeRegistration(_ registration: PasskeyRegistration, request: Request) async throws -> (user: User, members: JSONObject) {
        let user = try await storeRegistration(registration, request: request)
        // The account check before any session starts: a wrong account's session is never created.
        try registration.requireAccount(user)
        return (user, try await startSession(for: user, credential: registration.credential, request: request))
    }

    /// The default: ``storeSignIn(_:request:)``, then ``startSession(for:credential:request:)``.
    public func completeSignIn(_ signIn: VerifiedSignIn<User>, request: Request) async throws -> JSONObject {
        try await storeSignIn(signIn, request: request)
        return try await startSession(for: signIn.user, credential: signIn.credential, request: request)
    }
}

extension PasskeyVaporHooks {
    /// The policy of `passkeys serve`: the signed-in user when someone is signed in and `options.username` is their
    /// name, else a new account with the requested names (which the routes refuse when the name is taken).
    public func registrationTarget(
        for options: RegistrationOptionsRequest, signedIn: SignedInUser<User>?, request: Request
    ) async throws -> RegistrationTarget {
        RegistrationTarget.defaultPolicy(for: options, signedIn: signedIn)
    }
}

extension PasskeyVaporHooks where User: SessionAuthenticatable {
    /// The user `req.auth` holds (put there by `User.sessionAuthenticator()` in front of the routes), with the name
    /// of the request's session (``PasskeySession/name(of:)``) and its last passkey verification
    /// (``PasskeySession/verifiedAt(on:)``); nil when nobody is signed in or there is no session.
    public func signedInUser(_ request: Request) async throws -> SignedInUser<User>? {
        guard let user = request.auth.get(User.self), request.hasSession, let id = request.session.id else { return nil }
        return SignedInUser(user: user, sessionID: PasskeySession.name(of: id), verifiedAt: PasskeySession.verifiedAt(on: request))
    }

    /// As the plain default, then the session records the registration as a verification when it
    /// `countsAsVerification` (``PasskeySession/recordVerification(_:on:)``).
    public func completeRegistration(_ registration: PasskeyRegistration, request: Request) async throws -> (user: User, members: JSONObject) {
        let user = try await storeRegistration(registration, request: request)
        try registration.requireAccount(user)
        let members = try await startSession(for: user, credential: registration.credential, request: request)
        PasskeySession.recordVerification(registration.passkey.countsAsVerification ? registration.credential.createdAt : nil, on: request)
        return (user, members)
    }

    /// As the plain default, then the session records the sign-in as a verification when it `countsAsVerification`.
    public func completeSignIn(_ signIn: VerifiedSignIn<User>, request: Request) async throws -> JSONObject {
        try await storeSignIn(signIn, request: request)
        let members = try await startSession(for: signIn.user, credential: signIn.credential, request: request)
        PasskeySession.recordVerification(signIn.countsAsVerification ? signIn.credential.lastUsedAt : nil, on: request)
        return members
    }

    /// Signs `user` in with Vapor's sessions: a fresh session ID (``PasskeySession/renew(_:)``, so a session ID
    /// planted before the sign-in is worth nothing after it) and `req.auth.login(user)`. Adds no JSON members.
    public func startSession(for user: User, credential: CredentialRecord, request: Request) async throws -> JSONObject {
        try await PasskeySession.renew(request)
        request.auth.login(user)
        request.session.authenticate(user)
        return JSONObject()
    }
}
#endif
