public import Hummingbird

/// What an app supplies to offer step-up through ``PasskeyRoutes``: re-verifying the signed-in user with one of their
/// passkeys, without a new session, before sensitive actions.
///
/// With these hooks, ``PasskeyRoutes/addReverification(to:)`` serves `session/verify/options` and
/// `session/verify/result`, and adding a passkey to a signed-in account (`attestation/options` for
/// `RegistrationTarget/signedInUser`) needs `SignedInUser/verifiedAt` within the relying party's
/// `reverificationWindow` (403 `reverificationRequired` otherwise). The app gates its own sensitive routes (removing a
/// passkey, ending sessions, deleting the account, payments) with `Passkeys.requireRecentVerification(_:)` on the
/// same value. A session's start counts as a verification: record `verifiedAt` when it starts.
public protocol PasskeyReverificationHooks<Context, User>: PasskeyHooks {
    /// Stores a verified step-up for `signedIn`'s session, in one transaction: the credential's counter, backup state
    /// and last use (as ``PasskeyHooks/storeSignIn(_:request:context:)``, the counter only moving up) and the
    /// session's `verifiedAt` = `reverification.verifiedAt`, which ``PasskeyHooks/signedInUser(_:context:)`` then
    /// reports. Throw `RelyingPartyError.signInConflict` when the counter update lost and
    /// `RelyingPartyError.sessionEnded` when the session has ended.
    func storeReverification(_ reverification: Reverification<User>, signedIn: SignedInUser<User>, request: Request, context: Context) async throws
}
