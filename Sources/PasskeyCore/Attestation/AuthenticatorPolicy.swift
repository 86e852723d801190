public import PasskeyModel

/// Which authenticator models may register, by AAGUID (WebAuthn L3 §6.5.1, §7.1 step 24's "acceptable" trust path).
///
/// The AAGUID in authenticator data is the authenticator's own claim. Only an attestation bound to the model proves
/// it: the attestation key signs the authenticator data that carries the AAGUID, and the chain leads to the roots FIDO
/// metadata lists for that AAGUID, or to a trusted root through a certificate that names the AAGUID itself
/// (id-fido-gen-ce-aaguid). A chain to a format's built-in root (Google's, Apple's) proves a phone, not a model. With `none` or self attestation, or an untrusted chain, any software can claim any
/// AAGUID. So a deny list refuses a model that says what it is, but cannot stop one that lies; an allow list is
/// judged on a proven AAGUID unless ``requireProof`` is turned off (then it only keeps honest models out).
public struct AuthenticatorPolicy: Sendable, Equatable {
    /// The models that may register; `nil` admits any model not denied.
    public var allowed: Set<AAGUID>?
    /// Models refused whatever their attestation.
    public var denied: Set<AAGUID>
    /// Judge ``allowed`` only on an AAGUID that a trusted attestation proves (the default). Off, the claim alone
    /// admits: useful to keep out honest models, never as a security boundary.
    public var requireProof: Bool

    /// Every model, with no list.
    public static let any = AuthenticatorPolicy()

    /// A policy with the given lists; the default admits every model.
    public init(allowed: Set<AAGUID>? = nil, denied: Set<AAGUID> = [], requireProof: Bool = true) {
        self.allowed = allowed
        self.denied = denied
        self.requireProof = requireProof
    }

    /// Refuses a model this policy does not admit with `authenticatorNotAllowed`.
    /// - Parameters:
    ///   - aaguid: the AAGUID in the new credential's authenticator data.
    ///   - proven: whether an attestation bound to the model vouches for it (see the type's discussion).
    ///   - attestation: the attestation type and format, named in the message.
    public func check(_ aaguid: AAGUID, proven: Bool, attestation: String) throws(WebAuthnError) {
        if denied.contains(aaguid) {
            throw WebAuthnError(.authenticatorNotAllowed, "authenticator \(aaguid): expected a model this relying party admits, found one it denies")
        }
        guard let allowed else { return }
        guard allowed.contains(aaguid) else {
            throw WebAuthnError(
                .authenticatorNotAllowed,
                "authenticator \(aaguid): expected one of the \(allowed.count) model(s) this relying party allows, found another")
        }
        if requireProof, !proven {
            throw WebAuthnError(
                .authenticatorNotAllowed,
                "authenticator \(aaguid): this relying party allows only models a trusted attestation proves, found \(attestation), which proves no model"
            )
        }
    }
}
