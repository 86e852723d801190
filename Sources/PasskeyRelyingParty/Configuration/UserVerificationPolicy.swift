/// How much user verification the relying party asks for (WebAuthn L3 §5.8.6), ordered from least to most.
///
/// The server's configured policy is a floor: a request may raise it (``raised(by:)``), never lower it, and each
/// ceremony is judged by the policy it was begun with. Only ``required`` changes verification (§7.1 step 16,
/// §7.2 step 17); the other two tell the client how hard to try.
public enum UserVerificationPolicy: String, Sendable, Codable, CaseIterable, Comparable {
    /// Ask the authenticator not to verify the user, to spare them a prompt.
    case discouraged
    /// Verify the user where the authenticator can; the result is accepted either way.
    case preferred
    /// Verify the user or fail: the UV flag must be set (§7.1 step 16, §7.2 step 17).
    case required

    /// The stricter of this policy and what a request asked for; an absent or unknown request changes nothing.
    public func raised(by requested: String?) -> UserVerificationPolicy {
        guard let requested, let asked = UserVerificationPolicy(rawValue: requested) else { return self }
        return max(self, asked)
    }

    /// The stricter of this policy and `requested`; nil changes nothing.
    public func raised(to requested: UserVerificationPolicy?) -> UserVerificationPolicy {
        requested.map { max(self, $0) } ?? self
    }

    /// Ordered from least to most verification: `discouraged < preferred < required`.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rank < rhs.rank }

    private var rank: Int {
        switch self {
        case .discouraged: 0
        case .preferred: 1
        case .required: 2
        }
    }
}
