/// An authenticator status from a FIDO metadata status report (FIDO MDS3 §3.1.4, AuthenticatorStatus).
public struct AuthenticatorStatus: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }

    public static let attestationKeyCompromise = Self(rawValue: "ATTESTATION_KEY_COMPROMISE")
    public static let userVerificationBypass = Self(rawValue: "USER_VERIFICATION_BYPASS")
    public static let userKeyRemoteCompromise = Self(rawValue: "USER_KEY_REMOTE_COMPROMISE")
    public static let userKeyPhysicalCompromise = Self(rawValue: "USER_KEY_PHYSICAL_COMPROMISE")
    public static let revoked = Self(rawValue: "REVOKED")

    /// Statuses under which this library refuses a registration: the model's keys or its user verification can
    /// no longer be relied on, or FIDO revoked its certification.
    public static let refused: Set<AuthenticatorStatus> = [
        .attestationKeyCompromise, .userVerificationBypass, .userKeyRemoteCompromise, .userKeyPhysicalCompromise, .revoked,
    ]
}
