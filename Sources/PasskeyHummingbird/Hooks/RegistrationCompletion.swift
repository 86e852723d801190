/// What ``PasskeyHooks/completeRegistration(_:request:context:)`` did: the account the passkey now belongs to, and
/// the session that signs its user in.
public struct RegistrationCompletion<User: PasskeyUser>: Sendable {
    /// The account the credential was stored for; its user handle must be the credential's.
    public let user: User
    /// What to add to the answer (a `Set-Cookie` header, JSON members).
    public let session: SessionStart

    /// `user`'s registration stored, and the session `session` started for them.
    public init(user: User, session: SessionStart) {
        self.user = user
        self.session = session
    }
}
