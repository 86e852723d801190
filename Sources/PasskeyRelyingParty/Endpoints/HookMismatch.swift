/// A hook broke its contract: a programming error in the app. The routes log it, answer 500 and start no session.
public enum HookMismatch: Error, Sendable, Equatable, CustomStringConvertible {
    /// The account a registration was stored for is not the one the credential was registered for (its user handle).
    case registeredUser

    /// Which hook broke which promise, for the operator's log.
    public var description: String {
        switch self {
        case .registeredUser: "the registration was stored for a user whose passkeyUserHandle is not the registered credential's userHandle"
        }
    }
}
