public import PasskeyCore

/// A begun registration: the options for the client and the ceremony to finish it with.
public struct RegistrationStart: Sendable {
    /// What the client passes to `navigator.credentials.create()` or the platform API.
    public let options: PublicKeyCredentialCreationOptionsJSON
    /// What the ceremony was begun with. Already kept in the ``CeremonyStore`` when ``Passkeys`` has one; to keep it
    /// yourself, keep ``sealedCeremony``.
    public let ceremony: PendingCeremony
    /// ``ceremony`` sealed under the relying party's ``CeremonySealingKey`` (nil when none is configured): what a
    /// caller keeps (in its session, a cookie) and passes to `Passkeys.finishRegistration(_:ceremony:)`. It opens
    /// only for this ceremony's response, unchanged, before it expires, and once.
    public let sealedCeremony: SealedCeremony?

    /// What to send the client: ``options`` as JSON, with `"mediation": "conditional"` beside its members for a
    /// conditional create, so the client passes it to `create()` (it belongs to `CredentialCreationOptions`, not to
    /// the `publicKey` options, which ignore unknown members).
    public var clientJSON: JSONObject {
        var json = options.json
        if ceremony.conditional { json["mediation"] = .string("conditional") }
        return json
    }
}

/// A begun sign-in: the options for the client and the ceremony to finish it with.
public struct AuthenticationStart: Sendable {
    /// What the client passes to `navigator.credentials.get()` or the platform API.
    public let options: PublicKeyCredentialRequestOptionsJSON
    /// What the ceremony was begun with; see ``RegistrationStart/ceremony``.
    public let ceremony: PendingCeremony
    /// ``ceremony`` sealed for the caller to keep; see ``RegistrationStart/sealedCeremony``.
    public let sealedCeremony: SealedCeremony?
}

/// A verified registration (WebAuthn L3 §7.1 steps 1–26): the credential record to store for
/// ``PendingCeremony/userHandle``. Step 26 (the credential ID must be new) was checked through
/// ``PasskeyAccounts/credential(id:)``; storing the record (step 29) is the caller's, in a transaction that refuses
/// an ID stored meanwhile.
public struct RegisteredPasskey: Sendable {
    /// The record to store. Its ``CredentialRecord/name`` is the authenticator's name where known (its attestation,
    /// FIDO metadata or the built-in AAGUID list), else "Passkey".
    public let credential: CredentialRecord
    /// The name the authenticator is known by, or nil when only the generic "Passkey" was available.
    public let authenticatorName: String?
    /// Who holds the passkey (FIDO metadata or the built-in provider table), with checked icons; nil when unknown.
    /// Unlike the credential's name, which the user may change, this stays what the AAGUID says.
    public let provider: AuthenticatorProvider?
    /// Everything the verifier established: attestation type and trust path, flags, extensions' client data.
    public let verification: VerifiedRegistration
    /// The ceremony this registration finished (already removed from the ``CeremonyStore``).
    public let ceremony: PendingCeremony
    /// Whether this registration counts as a passkey verification for the session it starts: record the session's
    /// `verifiedAt` only when it does (``Passkeys/isRecentlyVerified(_:)``). True when the authenticator verified the
    /// user, or (with a relying party that does not require UV) when the new passkey has not shown UV at all, as a
    /// sign-in with it would count (``VerifiedSignIn/countsAsVerification``); never for a conditional create without UV,
    /// which may finish without a gesture.
    public let countsAsVerification: Bool
}

/// A verified sign-in (WebAuthn L3 §7.2 steps 1–23) of ``user`` with ``credential``.
///
/// The caller stores ``credential`` (its new counter, backup state and last use, §7.2 step 24) and starts its
/// session; storing should refuse a counter that another sign-in has meanwhile raised past this one (a cloned
/// authenticator racing the real one).
public struct VerifiedSignIn<User: PasskeyUser>: Sendable {
    /// The account that owns the credential.
    public let user: User
    /// The stored record updated by this sign-in: ``CredentialRecord/signCount``, ``CredentialRecord/backupState``,
    /// ``CredentialRecord/lastUsedAt`` and ``CredentialRecord/uvInitialized``.
    public let credential: CredentialRecord
    /// What the verifier established (user verification, flags, the user handle the authenticator returned).
    public let verification: VerifiedAuthentication
    /// The ceremony this sign-in finished (already removed from the ``CeremonyStore``).
    public let ceremony: PendingCeremony
    /// Whether this sign-in counts as a passkey verification, which lets a session take sensitive actions for the
    /// reverification window (``Passkeys/isRecentlyVerified(_:)``): the authenticator verified the user (UV), or the
    /// passkey has never shown UV (its record's `uvInitialized` was false: a security key without a PIN, a U2F key)
    /// and the relying party does not require UV. A passkey that has shown UV must show it again to count. Record the
    /// session's `verifiedAt` only when this is true.
    public let countsAsVerification: Bool
}
