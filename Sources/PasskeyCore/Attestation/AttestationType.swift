/// Attestation types (WebAuthn L3 §6.5.3), as the CLI and API name them.
public enum AttestationType: String, Sendable, CaseIterable {
    /// No attestation: the authenticator vouches for nothing (format `none`). Most passkey registrations, and all a
    /// relying party needs to sign users in.
    case none
    /// Self attestation: the credential key signs its own attestation. Proves the statement is well formed, not which
    /// authenticator made it.
    case `self`
    /// Basic attestation: an attestation key shared by a batch of authenticators of one model signs, with a certificate
    /// chain a relying party can trust through the vendor's root or FIDO metadata.
    case basic
    /// Attestation CA: a TPM's attestation identity key, certified by a CA that vouches for the TPM, signs.
    case attCA = "attca"
    /// Anonymization CA: a CA issues a certificate for each credential key, so the model is proven without linking
    /// credentials to one device (Apple).
    case anonCA = "anonca"
}
