#if Vapor
public import Vapor

/// What a Vapor app supplies to offer recovery codes through ``PasskeyRouteCollection``: a user who lost every passkey
/// signs in with one of the codes the app showed at sign-up and gets a recovery session that may add one passkey and
/// nothing else. The same two questions PasskeyHummingbird's `PasskeyRecoveryHooks` asks.
///
/// With these hooks the collection also serves `POST recovery` (`{"username", "code"}`), under the limits of
/// `PasskeyRouteLimits.recovery` and the failed-results budget, with one answer (400 `invalidRecoveryCode`) for an
/// unknown name, a wrong code, a used one and input that cannot be a code. The rest is the app's, with the building
/// blocks of `PasskeyRelyingParty`:
/// - At sign-up, in the transaction that stores a new account (``PasskeyVaporHooks/completeRegistration(_:request:)``),
///   issue codes with `RecoveryCodeHasher(key:).issue()`, store only the hashes, and show the codes once (a
///   `recoveryCodes` member of the answer).
/// - A recovery session is reported by ``PasskeyVaporHooks/signedInUser(_:)`` with `isRecoverySession`: the
///   collection lets it begin adding one passkey without a step-up, and the registration that adds it asks the app to
///   end it (`PasskeyRegistration.endsSession`) in the transaction that stores the passkey, so of registrations
///   finished at once on one recovery session only one is stored. Everything else refuses it
///   (`Passkeys.requireStepUp`, `RelyingPartyError.recoverySessionRestricted`).
public protocol PasskeyVaporRecoveryHooks<User>: PasskeyVaporReverificationHooks {
    /// The key recovery codes are hashed under: 32 or more secret bytes kept with the app's data, the same on every
    /// instance.
    func recoveryCodeKey(request: Request) async throws -> [UInt8]

    /// Uses the recovery code whose keyed hash is `codeHash` (`RecoveryCodeHasher.lookupHash`) of the account named
    /// `username` (compared by `UsernameKey`, as accounts are found), in one transaction: deletes that code, so it
    /// works once; ends the account's sessions (whoever holds the lost device may hold them); and starts a recovery
    /// session, short-lived, that ``PasskeyVaporHooks/signedInUser(_:)`` then reports with `isRecoverySession`.
    /// Returns the account and JSON members to add to the answer (empty for a cookie session); nil when no unused code
    /// of that account has this hash or no account has the name, after the same work, so the answers do not tell them
    /// apart.
    func useRecoveryCode(username: String, codeHash: String, request: Request) async throws -> (user: User, members: JSONObject)?
}
#endif
