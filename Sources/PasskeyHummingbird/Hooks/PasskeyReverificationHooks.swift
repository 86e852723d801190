public import Hummingbird

/// What an app supplies to offer step-up through ``PasskeyRoutes``: re-verifying the signed-in user with one of their
/// passkeys, without a new session, before sensitive actions.
///
/// With these hooks, ``PasskeyRoutes/addReverification(to:)`` serves `session/verify/options` and
/// `session/verify/result`, and adding a passkey to a signed-in account (`attestation/options` for
/// `RegistrationTarget/signedInUser`) needs `SignedInUser/verifiedAt` within the relying party's
/// `reverificationWindow` (403 `reverificationRequired` otherwise), checked when the registration begins and again,
/// on the session as ``session(named:request:context:)`` finds it, when it finishes. The app gates its own sensitive
/// routes (removing a passkey, ending sessions, deleting the account, payments) with
/// `Passkeys.requireRecentVerification(_:)` on the same value.
///
/// What counts as a verification: record the session's `verifiedAt` when a passkey ceremony that
/// `countsAsVerification` starts it (`VerifiedSignIn.countsAsVerification`, `RegisteredPasskey.countsAsVerification`
/// in ``PasskeyHooks/completeSignIn(_:request:context:)`` and ``PasskeyHooks/completeRegistration(_:request:context:)``)
/// and when a step-up finishes (``storeReverification(_:signedIn:request:context:)``). Nothing else counts: not a
/// password sign-in, not a passkey sign-in without UV by a passkey that has shown UV before.
public protocol PasskeyReverificationHooks<Context, User>: PasskeyHooks {
    /// Stores a verified step-up for `signedIn`'s session, in one transaction: the credential's counter, backup state,
    /// last use and `uvInitialized` (as ``PasskeyHooks/storeSignIn(_:request:context:)``, the counter only moving up)
    /// and the session's `verifiedAt` = `reverification.verifiedAt`, which ``PasskeyHooks/signedInUser(_:context:)``
    /// then reports. Throw `RelyingPartyError.signInConflict` when the counter update lost and
    /// `RelyingPartyError.sessionEnded` when the session has ended.
    func storeReverification(_ reverification: Reverification<User>, signedIn: SignedInUser<User>, request: Request, context: Context) async throws

    /// The live session named `name` (a `SignedInUser.sessionID` handed out earlier), as ``PasskeyHooks/signedInUser(_:context:)``
    /// would report it now; nil when it has ended. Asked when a registration bound to that session finishes, to check
    /// it is still live, still the account's and still within its reverification window.
    ///
    /// The default is the request's own session when it has that name, else nil: right for an app whose sessions can
    /// only be read from a request (a cookie session), where the finishing request carries the session anyway. An app
    /// that keeps sessions in its database should look the session up by its name, so a client that finishes a
    /// registration without sending the session (the conformance API needs none) is not refused.
    func session(named name: String, request: Request, context: Context) async throws -> SignedInUser<User>?
}

extension PasskeyReverificationHooks {
    /// The request's own session when its name is `name`, else nil.
    public func session(named name: String, request: Request, context: Context) async throws -> SignedInUser<User>? {
        guard let current = try await signedInUser(request, context: context), current.sessionID == name else { return nil }
        return current
    }
}
