public import X509

/// How a relying party judges attestation (WebAuthn L3 §7.1 steps 21–24, and step 29 on keeping an untrusted one).
public struct AttestationPolicy: Sendable {
    /// Root certificates an attestation chain may end in. A chain that ends in one of these is *trusted*.
    public var trustAnchors: [Certificate]
    /// Fail registration unless the attestation is trusted (§7.1 step 24 says the RP SHOULD fail an untrusted
    /// attestation; step 29 lets it keep the credential as unattested, as most passkey RPs do, so this is off by default).
    public var requireTrustedAttestation: Bool
    /// Accept `none` attestation (§7.1 step 24, first bullet).
    public var allowNone: Bool
    /// Accept self attestation (§7.1 step 24, second bullet).
    public var allowSelf: Bool
    /// The formats that can be verified; any other `fmt` fails with `unsupportedFormat` (§7.1 step 21).
    public var formats: [any AttestationStatementVerifier]
    /// Also trust, for each format, the roots that format mandates (``AttestationStatementVerifier/builtInRoots``).
    public var useBuiltInRoots: Bool
    /// FIDO metadata: trust anchors per authenticator model and status reports that refuse compromised ones. A model
    /// metadata lists must attest with a chain to its roots (or another anchor): a chain that does not is refused.
    /// Reads ``metadataSource``'s index now; setting it gives this policy a source of its own holding the new value.
    public var metadata: MetadataIndex? {
        get { metadataSource.current }
        set { metadataSource = MetadataSource(newValue) }
    }
    /// Where ``metadata`` comes from: share one with a refresher (``MetadataSource/replace(with:)``) so the metadata
    /// in use changes while requests run, without rebuilding the relying party.
    public var metadataSource: MetadataSource
    /// Which authenticator models (AAGUIDs) may register: allow and deny lists (``AuthenticatorPolicy``).
    public var authenticators: AuthenticatorPolicy

    /// A policy; the defaults accept every format, `none` and self attestation, trust the roots formats mandate and
    /// require no trust. Set `requireTrustedAttestation` with your own `trustAnchors` or `metadata` to admit only
    /// authenticator models you know.
    public init(
        trustAnchors: [Certificate] = [],
        requireTrustedAttestation: Bool = false,
        allowNone: Bool = true,
        allowSelf: Bool = true,
        formats: [any AttestationStatementVerifier] = AttestationFormats.all,
        useBuiltInRoots: Bool = true,
        metadata: MetadataIndex? = nil,
        authenticators: AuthenticatorPolicy = .any
    ) {
        self.authenticators = authenticators
        self.useBuiltInRoots = useBuiltInRoots
        self.metadataSource = MetadataSource(metadata)
        self.trustAnchors = trustAnchors
        self.requireTrustedAttestation = requireTrustedAttestation
        self.allowNone = allowNone
        self.allowSelf = allowSelf
        self.formats = formats
    }
}

/// The attestation statement formats this library verifies.
public enum AttestationFormats {
    /// Every format of WebAuthn L3 §8 with its default policy.
    public static let all: [any AttestationStatementVerifier] = standard()

    /// Every format, with the policy choices some formats have.
    public static func standard(
        androidKey: AndroidKeyAttestation = AndroidKeyAttestation(),
        safetyNet: SafetyNetAttestation = SafetyNetAttestation()
    ) -> [any AttestationStatementVerifier] {
        [NoneAttestation(), PackedAttestation(), FIDOU2FAttestation(), TPMAttestation(), androidKey, safetyNet, AppleAttestation()]
    }
}
