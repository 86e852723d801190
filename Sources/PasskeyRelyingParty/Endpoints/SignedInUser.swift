/// Who is signed in on a request, as the app's session system says: the user, and a name for the session itself.
///
/// The session's name lets a registration that adds a passkey to this user be bound to this session
/// (`PendingCeremony.sessionHash`): when the registration is finished, the app stores the passkey only if that
/// session is still live, so a stolen session that has since been ended cannot finish registrations it began
/// beforehand and keep a passkey to the account.
public struct SignedInUser<User: PasskeyUser>: Sendable {
    /// The signed-in account.
    public let user: User
    /// A stable, opaque name of the session: the session row's ID or a hash of its token, never the token itself
    /// (it is kept with the pending ceremony, which may be stored in a database).
    public let sessionID: String
    /// When the user last verified with a passkey on this session (the sign-in that started it, or a step-up through
    /// `PasskeyReverificationHooks`), in milliseconds since 1970; nil when unknown or never. With step-up offered,
    /// adding a passkey needs it within the relying party's reverification window.
    public let verifiedAt: Int64?

    /// `user`, signed in with the session named `sessionID`, last verified at `verifiedAt`.
    public init(user: User, sessionID: String, verifiedAt: Int64? = nil) {
        self.user = user
        self.sessionID = sessionID
        self.verifiedAt = verifiedAt
    }
}
