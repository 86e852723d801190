public import X509

/// How a relying party judges attestation (WebAuthn L3 §7.1 steps 21–24 and §7.1 step 29).
public struct AttestationPolicy: Sendable {
    /// Root certificates an attestation chain may end in. A chain that ends in one of these is *trusted*.
    public var trustAnchors: [Certificate]
    /// Fail registration unless the attestation is trusted (§7.1 step 29 says the RP SHOULD fail untrusted
    /// attestations when it asked for attestation; most passkey RPs do not, so this is off by default).
    public var requireTrustedAttestation: Bool
    /// Accept `none` attestation (§7.1 step 24, first bullet).
    public var allowNone: Bool
    /// Accept self attestation (§7.1 step 24, second bullet).
    public var allowSelf: Bool
    /// The formats that can be verified; any other `fmt` fails with `unsupportedFormat` (§7.1 step 21).
    public var formats: [any AttestationStatementVerifier]

    public init(
        trustAnchors: [Certificate] = [],
        requireTrustedAttestation: Bool = false,
        allowNone: Bool = true,
        allowSelf: Bool = true,
        formats: [any AttestationStatementVerifier] = AttestationFormats.all
    ) {
        self.trustAnchors = trustAnchors
        self.requireTrustedAttestation = requireTrustedAttestation
        self.allowNone = allowNone
        self.allowSelf = allowSelf
        self.formats = formats
    }
}

/// The attestation statement formats this library verifies.
public enum AttestationFormats {
    public static let all: [any AttestationStatementVerifier] = [
        NoneAttestation(), PackedAttestation(), FIDOU2FAttestation(),
    ]
}
