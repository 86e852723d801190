public import Hummingbird

// Storing what a ceremony produced and signing its user in, as one step an app can make one transaction.
//
// `passkeys serve` stores a sign-in's counter and its session in one transaction, so a passkey removed meanwhile
// leaves no session behind ("a session ends with its passkey"), and a registration's account, credential and session
// together. An app whose sessions live in the same database does the same by implementing these two hooks; the
// defaults call the separate hooks in turn (store, check, start the session), which is right for an app whose
// sessions live elsewhere (a signed cookie, another service).
extension PasskeyHooks {
    /// The default: ``storeRegistration(_:request:context:)``, then the account check, then
    /// ``startSession(for:credential:request:context:)``. A hook that returned another account than the credential's
    /// stops it before any session starts (500, `HookMismatch/registeredUser`).
    public func completeRegistration(
        _ registration: PasskeyRegistration, request: Request, context: Context
    ) async throws -> RegistrationCompletion<User> {
        let user = try await storeRegistration(registration, request: request, context: context)
        try registration.requireAccount(user)
        let session = try await startSession(for: user, credential: registration.credential, request: request, context: context)
        return RegistrationCompletion(user: user, session: session)
    }

    /// The default: ``storeSignIn(_:request:context:)``, then ``startSession(for:credential:request:context:)``.
    public func completeSignIn(_ signIn: VerifiedSignIn<User>, request: Request, context: Context) async throws -> SessionStart {
        try await storeSignIn(signIn, request: request, context: context)
        return try await startSession(for: signIn.user, credential: signIn.credential, request: request, context: context)
    }
}
