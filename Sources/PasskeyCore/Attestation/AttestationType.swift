/// Attestation types (WebAuthn L3 §6.5.3), as the CLI and API name them.
public enum AttestationType: String, Sendable, CaseIterable {
    case none
    case `self`
    case basic
    case attCA = "attca"
    case anonCA = "anonca"
}
