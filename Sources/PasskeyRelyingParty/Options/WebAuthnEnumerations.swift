/// `AttestationConveyancePreference` (WebAuthn L3 §5.4.7): how much attestation the relying party wants.
public enum AttestationConveyancePreference: String, Sendable, Codable, CaseIterable {
    /// No attestation statement; the default, and what most passkey relying parties should ask for.
    case none
    /// An attestation the client may anonymize.
    case indirect
    /// The authenticator's own attestation statement.
    case direct
    /// An attestation that may identify the individual device; only for managed deployments.
    case enterprise
}

/// `PublicKeyCredentialHint` (WebAuthn L3 §5.8.8): which kind of authenticator the client should offer first.
public enum PublicKeyCredentialHint: String, Sendable, Codable, CaseIterable {
    /// A physical security key.
    case securityKey = "security-key"
    /// An authenticator built into the device the user is on.
    case clientDevice = "client-device"
    /// A phone or tablet used over the hybrid transport (a QR code).
    case hybrid
}

/// `ResidentKeyRequirement` (WebAuthn L3 §5.4.6) as the relying party asks for it.
public enum ResidentKeyPreference: String, Sendable, Codable, CaseIterable {
    /// A discoverable credential (a passkey that can sign in without a username) or an error.
    case required
    /// A discoverable credential where the authenticator can make one.
    case preferred
    /// A server-side credential where possible.
    case discouraged
}
