/// Who is signed in on a request, as the app's session system says: the user, a name for the session itself, when the
/// session last verified with a passkey, and whether it is a recovery session.
///
/// The session's name lets a registration that adds a passkey to this user be bound to this session
/// (`PendingCeremony.sessionHash`): when the registration is finished, the app stores the passkey only if that
/// session is still live, so a stolen session that has since been ended cannot finish registrations it began
/// beforehand and keep a passkey to the account. A step-up is bound to it the same way: it verifies only the session
/// that began it.
public struct SignedInUser<User: PasskeyUser>: Sendable {
    /// The signed-in account.
    public let user: User
    /// A stable, opaque name of the session: the session row's ID or a hash of its token, never the token itself
    /// (it is kept with the pending ceremony, which may be stored in a database).
    public let sessionID: String
    /// When the user last verified with a passkey on this session, in milliseconds since 1970; nil when unknown or
    /// never. Record it when a ceremony that `countsAsVerification` starts the session (`VerifiedSignIn` and
    /// `RegisteredPasskey` say so) and when a step-up finishes. With step-up offered, adding a passkey needs it within
    /// the relying party's reverification window, at the registration's begin and again at its finish.
    public let verifiedAt: Int64?
    /// A recovery session: one started by something other than a passkey (a recovery code) to let a user who lost
    /// every passkey register a new one. It may add one passkey to its account without a step-up, and do nothing
    /// else; the registration that adds it ends it, in the same transaction (``PasskeyRegistration/endsSession``).
    public let isRecoverySession: Bool

    /// `user`, signed in with the session named `sessionID`, last verified at `verifiedAt`; a recovery session when
    /// `isRecoverySession`.
    public init(user: User, sessionID: String, verifiedAt: Int64? = nil, isRecoverySession: Bool = false) {
        self.user = user
        self.sessionID = sessionID
        self.verifiedAt = verifiedAt
        self.isRecoverySession = isRecoverySession
    }
}
