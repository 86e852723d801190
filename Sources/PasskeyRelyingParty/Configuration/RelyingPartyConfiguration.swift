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
    /// Origins on other sites that may use this RP ID through related origin requests (WebAuthn L3 §5.11.1), such as
    /// `https://example.co.uk` for the RP ID `example.com`: accepted in clientDataJSON like ``origins``, and what
    /// `/.well-known/webauthn` on the RP ID's host must list for browsers to allow them (`passkeys serve` serves it
    /// and checks the browsers' rules at start). Empty by default.
    public var relatedOrigins: [String] = []
    /// Credential algorithms offered in `pubKeyCredParams`, most preferred first; registrations with any other are
    /// refused (§7.1 step 20).
    public var algorithms: [COSEAlgorithm]

    /// The algorithms offered when the operator names none: the classical ones nearly every authenticator makes
    /// (ES256, EdDSA, RS256, PS256), then ML-DSA-65 and ML-DSA-87, so an authenticator that can make a
    /// post-quantum key is offered one without any other authenticator choosing it over what it made before
    /// (authenticators take the first listed algorithm they support, WebAuthn L3 §5.4 `pubKeyCredParams`).
    public static let defaultAlgorithms: [COSEAlgorithm] = [.es256, .edDSA, .rs256, .ps256, .mlDSA65, .mlDSA87]
    /// How long a begun ceremony may take, in milliseconds; also the `timeout` sent to the client.
    public var ceremonyTimeout: Int64
    /// How long a session lasts, in milliseconds.
    public var sessionLifetime: Int64
    /// How long a passkey verification (a step-up, or the sign-in that started the session) lets a session take
    /// sensitive actions, in milliseconds: five minutes by default (``Passkeys/isRecentlyVerified(_:)``).
    public var reverificationWindow: Int64 = 300_000
    /// Which attestation formats and trust anchors registrations are judged by.
    public var attestation: AttestationPolicy
    /// The least user verification every ceremony asks for and is judged by; requests may only raise it.
    public var userVerification: UserVerificationRequirement
    /// The time for expiry and certificate validity; tests move it by hand.
    public var clock: @Sendable () -> Date

    /// A configuration with production defaults: every algorithm the verifier implements, five-minute ceremonies,
    /// week-long sessions, `preferred` user verification and attestation `none` accepted.
    public init(
        rpID: String, rpName: String, origins: [String], algorithms: [COSEAlgorithm] = RelyingPartyConfiguration.defaultAlgorithms,
        ceremonyTimeout: Int64 = 300_000, sessionLifetime: Int64 = 7 * 24 * 3_600_000,
        attestation: AttestationPolicy = AttestationPolicy(), userVerification: UserVerificationRequirement = .preferred,
        clock: @escaping @Sendable () -> Date = { Date() }
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

    /// Reads the algorithms an operator lists (names such as `ML-DSA-65` or COSE numbers such as `-49`, most preferred
    /// first) into what ``algorithms`` may hold: at least one, none twice, and never RS1, which WebAuthn allows in
    /// TPM attestation statements only, not for credential keys.
    public static func algorithms(parsing names: [String], field: String) throws(WebAuthnError) -> [COSEAlgorithm] {
        guard !names.isEmpty else { throw WebAuthnError(.unsupportedAlgorithm, "\(field): expected at least one algorithm, found none") }
        var chosen: [COSEAlgorithm] = []
        for name in names {
            let algorithm = try COSEAlgorithm.parse(name, field: field)
            guard algorithm != .rs1 else {
                throw WebAuthnError(.unsupportedAlgorithm, "\(field): RS1 (-65535) is for TPM attestation statements only, never a credential key")
            }
            guard !chosen.contains(algorithm) else {
                throw WebAuthnError(.malformedInput, "\(field): expected each algorithm once, found \(algorithm) twice")
            }
            chosen.append(algorithm)
        }
        return chosen
    }

    /// The clock's time in milliseconds since 1970, the unit of every stored time and `expiresAt`.
    public var nowMilliseconds: Int64 { UnixMilliseconds.of(clock()) }
}
