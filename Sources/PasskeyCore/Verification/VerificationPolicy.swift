public import Foundation

/// What a relying party accepts in a ceremony: its RP ID, its origins, and its rules for user presence and
/// verification, algorithms and attestation. A value type: build one per configuration and share it.
public struct VerificationPolicy: Sendable {
    /// The RP ID whose SHA-256 hash authenticator data must carry (WebAuthn L3 §7.1 step 14, §7.2 step 15).
    public var rpID: String
    /// Origins `clientDataJSON.origin` may equal, exactly (§7.1 step 9, §13.4.9). Include
    /// `android:apk-key-hash:…` origins for Android apps and `ios:bundle-id:…` style origins when a platform sends them.
    public var origins: [String]
    /// Whether a ceremony run in a cross-origin iframe (`crossOrigin: true`) is acceptable (§7.1 step 10, §7.2 step 13).
    public var allowCrossOrigin: Bool
    /// Top-level origins that may embed the ceremony; `topOrigin` must be one of these when present (§7.1 step 11,
    /// §7.2 step 14).
    public var topOrigins: [String]
    /// The user verification ceremonies are judged by when the call names none: only `required` makes the UV flag
    /// mandatory (§7.1 step 16, §7.2 step 17). A relying party that asks different ceremonies for different levels
    /// passes each ceremony's own to the verifier instead.
    public var userVerification: UserVerificationRequirement
    /// Require the UP flag (§7.1 step 15, §7.2 step 16). Turn off only for conditional-create registrations.
    public var requireUserPresence: Bool
    /// Credential algorithms accepted at registration (§7.1 step 20: `pubKeyCredParams`).
    public var algorithms: [COSEAlgorithm]
    /// Which attestation formats and types are accepted and whether attestation must be trusted. The default accepts
    /// every format of §8, `none` and self attestation, and trusts the roots formats mandate without requiring trust:
    /// right for most relying parties, which need no proof of the authenticator model.
    public var attestation: AttestationPolicy
    /// The clock for certificate validity; injected so verification is deterministic in tests and `--at`.
    public var clock: @Sendable () -> Date

    /// A policy for one relying party. The defaults are the production settings: same-origin ceremonies only, user
    /// presence required, user verification left to the ceremony, every algorithm but RS1, the default attestation
    /// policy, the system clock.
    public init(
        rpID: String,
        origins: [String],
        allowCrossOrigin: Bool = false,
        topOrigins: [String] = [],
        userVerification: UserVerificationRequirement = .preferred,
        requireUserPresence: Bool = true,
        algorithms: [COSEAlgorithm] = COSEAlgorithm.credentialDefaults,
        attestation: AttestationPolicy = AttestationPolicy(),
        clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.rpID = rpID
        self.origins = origins
        self.allowCrossOrigin = allowCrossOrigin
        self.topOrigins = topOrigins
        self.userVerification = userVerification
        self.requireUserPresence = requireUserPresence
        self.algorithms = algorithms
        self.attestation = attestation
        self.clock = clock
    }
}

extension VerificationPolicy {
    /// Whether the UV flag is required: ``userVerification`` is `required`. Setting it chooses `required` or
    /// `preferred`.
    public var requireUserVerification: Bool {
        get { userVerification == .required }
        set { userVerification = newValue ? .required : .preferred }
    }
}
