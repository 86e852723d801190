/// An authenticator status from a FIDO metadata status report (FIDO MDS3 §3.1.4, AuthenticatorStatus).
public struct AuthenticatorStatus: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The status as FIDO metadata spells it, such as `FIDO_CERTIFIED_L1` or `REVOKED`.
    public let rawValue: String
    /// A status from its metadata spelling. Any string is accepted, so statuses defined after this library are kept,
    /// not refused.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The metadata spelling, as messages show it.
    public var description: String { rawValue }

    /// The model's attestation key leaked: anyone may produce its attestations, so they prove nothing.
    public static let attestationKeyCompromise = Self(rawValue: "ATTESTATION_KEY_COMPROMISE")
    /// The model has a weakness that lets its credentials be used without proper user verification.
    public static let userVerificationBypass = Self(rawValue: "USER_VERIFICATION_BYPASS")
    /// The model has a weakness that lets credential private keys be extracted remotely.
    public static let userKeyRemoteCompromise = Self(rawValue: "USER_KEY_REMOTE_COMPROMISE")
    /// The model has a weakness that lets credential private keys be extracted by someone holding the device.
    public static let userKeyPhysicalCompromise = Self(rawValue: "USER_KEY_PHYSICAL_COMPROMISE")
    /// The FIDO Alliance revoked the model's certification.
    public static let revoked = Self(rawValue: "REVOKED")

    /// Statuses under which this library refuses a registration: the model's keys or its user verification can
    /// no longer be relied on, or FIDO revoked its certification.
    public static let refused: Set<AuthenticatorStatus> = [
        .attestationKeyCompromise, .userVerificationBypass, .userKeyRemoteCompromise, .userKeyPhysicalCompromise, .revoked,
    ]
}
