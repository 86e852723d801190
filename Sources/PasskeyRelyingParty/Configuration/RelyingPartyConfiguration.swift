public import Foundation
public import PasskeyCore

/// What the relying party is and how long things last.
public struct RelyingPartyConfiguration: Sendable {
    /// The RP ID (§4): the registrable domain credentials are scoped to, such as `example.com`.
    public var rpID: String
    /// The relying party's name as authenticators may show it (`rp.name`).
    public var rpName: String
    /// Every origin whose pages may run ceremonies (`https://example.com`, an app's `android:apk-key-hash:` origin);
    /// client data from any other is refused (§7.1 step 9).
    public var origins: [String]
    /// Credential algorithms offered in `pubKeyCredParams`, most preferred first.
    public var algorithms: [COSEAlgorithm]
    /// How long a begun ceremony may take, in milliseconds; also the `timeout` sent to the client.
    public var ceremonyTimeout: Int64
    /// How long a session lasts, in milliseconds.
    public var sessionLifetime: Int64
    /// Which attestation formats and trust anchors registrations are judged by.
    public var attestation: AttestationPolicy
    /// The least user verification every ceremony asks for and is judged by; requests may only raise it.
    public var userVerification: UserVerificationPolicy
    /// The time for expiry and certificate validity; tests move it by hand.
    public var clock: @Sendable () -> Date

    /// A configuration with production defaults: every algorithm the verifier implements, five-minute ceremonies,
    /// week-long sessions, `preferred` user verification and attestation `none` accepted.
    public init(
        rpID: String, rpName: String, origins: [String], algorithms: [COSEAlgorithm] = [.es256, .edDSA, .rs256, .ps256],
        ceremonyTimeout: Int64 = 300_000, sessionLifetime: Int64 = 7 * 24 * 3_600_000,
        attestation: AttestationPolicy = AttestationPolicy(), userVerification: UserVerificationPolicy = .preferred, clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.rpID = rpID
        self.rpName = rpName
        self.origins = origins
        self.algorithms = algorithms
        self.ceremonyTimeout = ceremonyTimeout
        self.sessionLifetime = sessionLifetime
        self.attestation = attestation
        self.userVerification = userVerification
        self.clock = clock
    }

    /// The clock's time in milliseconds since 1970, the unit of every stored time and `expiresAt`.
    public var nowMilliseconds: Int64 { Int64((clock().timeIntervalSince1970 * 1000).rounded()) }
}
