public import Hummingbird

/// What an app supplies to offer recovery codes through ``PasskeyRoutes``: a user who lost every passkey signs in with
/// one of the codes the app showed at sign-up, and gets a recovery session that may add one passkey and nothing else.
///
/// With these hooks, ``PasskeyRoutes/addRecovery(to:)`` serves `POST recovery` (`{"username", "code"}`), under the
/// limits of `PasskeyRouteLimits.recovery` and the failed-results budget, with one answer (400 `invalidRecoveryCode`)
/// for an unknown name, a wrong code and a used one. The rest is the app's, with the building blocks of
/// `PasskeyRelyingParty`:
/// - At sign-up, in the transaction that stores a new account (``PasskeyHooks/completeRegistration(_:request:context:)``),
///   issue codes with `RecoveryCodeHasher(key:).issue()`, store only the hashes, and show the codes once (a
///   `recoveryCodes` member of the answer).
/// - A recovery session is reported by ``PasskeyHooks/signedInUser(_:context:)`` with `isRecoverySession`: the route
///   group lets it add one passkey without a step-up, and the registration that adds it asks the app to end it
///   (`PasskeyRegistration.endsSession`). Everything else refuses it (`Passkeys.requireStepUp`).
public protocol PasskeyRecoveryHooks<Context, User>: PasskeyReverificationHooks {
    /// The key recovery codes are hashed under: 32 or more secret bytes kept with the app's data, the same on every
    /// instance (`passkeys serve` keeps its own in its database's secrets).
    func recoveryCodeKey() async throws -> [UInt8]

    /// Uses the recovery code whose keyed hash is `codeHash` (`RecoveryCodeHasher.lookupHash`) of the account named
    /// `username` (compared by `UsernameKey`, as accounts are found), in one transaction: deletes that code, so it
    /// works once; ends the account's sessions (whoever holds the lost device may hold them); and starts a recovery
    /// session, short-lived, that ``PasskeyHooks/signedInUser(_:context:)`` then reports with `isRecoverySession`.
    /// Returns the account and what to add to the answer (the session's cookie); nil when no unused code of that
    /// account has this hash or no account has the name, after the same work, so the answers do not tell them apart.
    func useRecoveryCode(username: String, codeHash: String, request: Request, context: Context) async throws -> (user: User, session: SessionStart)?
}
