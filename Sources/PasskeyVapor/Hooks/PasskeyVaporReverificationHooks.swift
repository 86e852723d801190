#if Vapor
public import Vapor

/// What a Vapor app supplies to offer step-up through ``PasskeyRouteCollection``: re-verifying the signed-in user with
/// one of their passkeys, without a new session, before sensitive actions. The same two questions
/// PasskeyHummingbird's `PasskeyReverificationHooks` asks.
///
/// With these hooks the collection also serves `session/verify/options` and `session/verify/result`, and adding a
/// passkey to a signed-in account needs `SignedInUser.verifiedAt` within the relying party's reverification window
/// (403 `reverificationRequired` otherwise), at the registration's begin and again at its finish. The app gates its
/// own sensitive routes (removing a passkey, ending sessions, deleting the account) with `Passkeys.requireStepUp(_:)`.
///
/// For a `SessionAuthenticatable` user both have defaults over Vapor's sessions: the verification is kept in the
/// session's data (``PasskeySession/verifiedAtKey``), recorded when a ceremony that `countsAsVerification` signs the
/// user in and when a step-up finishes. An app that conforms needs no more code than the conformance.
public protocol PasskeyVaporReverificationHooks<User>: PasskeyVaporHooks {
    /// Stores a verified step-up for `signedIn`'s session: the credential's new state (as
    /// ``PasskeyVaporHooks/storeSignIn(_:request:)``) and the session's `verifiedAt` = `reverification.verifiedAt`,
    /// which ``PasskeyVaporHooks/signedInUser(_:)`` then reports. Throw `RelyingPartyError.signInConflict` when the
    /// counter update lost and `RelyingPartyError.sessionEnded` when the session has ended.
    func storeReverification(_ reverification: Reverification<User>, signedIn: SignedInUser<User>, request: Request) async throws

    /// The live session named `name`, as ``PasskeyVaporHooks/signedInUser(_:)`` would report it now; nil when it has
    /// ended. Asked when a registration bound to that session finishes. The default is the request's own session when
    /// it has that name (Vapor's sessions are read from the request; a session ID cannot be found from its name).
    func session(named name: String, request: Request) async throws -> SignedInUser<User>?
}

extension PasskeyVaporReverificationHooks {
    /// The request's own session when its name is `name`, else nil.
    public func session(named name: String, request: Request) async throws -> SignedInUser<User>? {
        guard let current = try await signedInUser(request), current.sessionID == name else { return nil }
        return current
    }
}

extension PasskeyVaporReverificationHooks where User: SessionAuthenticatable {
    /// Stores the sign-in's new state (``PasskeyVaporHooks/storeSignIn(_:request:)``), then records the step-up's time
    /// on the request's session, which must still be `signedIn`'s.
    public func storeReverification(_ reverification: Reverification<User>, signedIn: SignedInUser<User>, request: Request) async throws {
        guard request.hasSession, let id = request.session.id, PasskeySession.name(of: id) == signedIn.sessionID else {
            throw RelyingPartyError.sessionEnded
        }
        try await storeSignIn(reverification.signIn, request: request)
        PasskeySession.recordVerification(reverification.verifiedAt, on: request)
    }
}
#endif
