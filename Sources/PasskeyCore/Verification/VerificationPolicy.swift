public import Foundation

/// What a relying party accepts in a ceremony: its RP ID, its origins, and its rules for user presence and
/// verification, algorithms and attestation. A value type: build one per configuration and share it.
public struct VerificationPolicy: Sendable {
    /// The RP ID whose SHA-256 hash authenticator data must carry (WebAuthn L3 §7.1 step 14, §7.2 step 16).
    public var rpID: String
    /// Origins `clientDataJSON.origin` may equal, exactly (§7.1 step 9, §13.4.9). Include
    /// `android:apk-key-hash:…` origins for Android apps and `ios:bundle-id:…` style origins when a platform sends them.
    public var origins: [String]
    /// Whether a ceremony run in a cross-origin iframe (`crossOrigin: true`) is acceptable (§7.1 step 10).
    public var allowCrossOrigin: Bool
    /// Top-level origins that may embed the ceremony; `topOrigin` must be one of these when present (§7.1 step 11).
    public var topOrigins: [String]
    /// Require the UV flag (§7.1 step 16, §7.2 step 18).
    public var requireUserVerification: Bool
    /// Require the UP flag (§7.1 step 15, §7.2 step 17). Turn off only for conditional-create registrations.
    public var requireUserPresence: Bool
    /// Credential algorithms accepted at registration (§7.1 step 20: `pubKeyCredParams`).
    public var algorithms: [COSEAlgorithm]
    public var attestation: AttestationPolicy
    /// The clock for certificate validity; injected so verification is deterministic in tests and `--at`.
    public var clock: @Sendable () -> Date

    public init(
        rpID: String,
        origins: [String],
        allowCrossOrigin: Bool = false,
        topOrigins: [String] = [],
        requireUserVerification: Bool = false,
        requireUserPresence: Bool = true,
        algorithms: [COSEAlgorithm] = COSEAlgorithm.credentialDefaults,
        attestation: AttestationPolicy = AttestationPolicy(),
        clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.rpID = rpID
        self.origins = origins
        self.allowCrossOrigin = allowCrossOrigin
        self.topOrigins = topOrigins
        self.requireUserVerification = requireUserVerification
        self.requireUserPresence = requireUserPresence
        self.algorithms = algorithms
        self.attestation = attestation
        self.clock = clock
    }
}
