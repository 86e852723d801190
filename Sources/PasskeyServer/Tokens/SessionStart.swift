/// What a session records about the ceremony that started it, as the `amr` (Authentication Methods References,
/// RFC 8176 §2) of its tokens. The mapping:
///
/// - `hwk` (proof of possession of a hardware-secured key) for a passkey that is not backup eligible: a
///   single-device credential whose private key never leaves its authenticator (WebAuthn L3 §6.1.3, BE clear);
/// - `swk` (proof of possession of a software-secured key) for a backup-eligible passkey: a multi-device credential
///   whose private key is copied between devices by a sync service (BE set), so it is not bound to one piece of
///   hardware;
/// - `user` and `mfa` besides when the ceremony verified the user (UV, §6.1 flag UV): the authenticator checked a
///   biometric or a PIN on top of the key it holds, two factors in one gesture.
///
/// BE is fixed for a credential's life (§6.3.3; a change is refused at sign-in), so the value recorded at the start is
/// the passkey's. It is what the authenticator states: attestation, with its policies, is what proves the model.
public enum SessionStart {
    /// The RFC 8176 values for a ceremony with these flags.
    public static func authenticationMethods(userVerified: Bool, backupEligible: Bool) -> [String] {
        [backupEligible ? "swk" : "hwk"] + (userVerified ? ["user", "mfa"] : [])
    }
}
