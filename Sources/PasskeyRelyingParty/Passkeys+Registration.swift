import Crypto
public import PasskeyCore
import Synchronization

extension Passkeys {
    // MARK: Registration (§7.1)

    /// Begins a registration of a new credential for `user`.
    ///
    /// - Parameters:
    ///   - user: the account the credential will belong to; a ``NewPasskeyUser`` for an account not stored yet.
    ///   - existing: the account's credentials, for `excludeCredentials`; nil reads them from ``accounts``.
    ///   - authenticatorSelection: echoed, with a user-verification requirement below the relying party's floor
    ///     raised to it (and the floor stated when it is `required`).
    ///   - attestation: the conveyance asked for; `none` when nil.
    ///   - extensions: echoed as given.
    ///   - hints: §5.8.8 hints, most preferred first.
    ///   - sessionHash: an opaque name of the session that began the ceremony, kept for the caller to check at finish.
    ///   - conditional: begins a conditional create (the client calls `create()` with `mediation: "conditional"`,
    ///     as a browser or iOS 18 does to add a passkey right after a password sign-in): the one registration that
    ///     may finish without the UP flag (WebAuthn L3 §7.1 step 15). User verification is judged as for any other.
    ///     ``RegistrationStart/clientJSON`` carries `mediation` for the client.
    public func beginRegistration(
        for user: some PasskeyUser, excluding existing: [CredentialRecord]? = nil,
        authenticatorSelection: AuthenticatorSelectionCriteria? = nil, attestation: AttestationConveyancePreference? = nil,
        extensions: AuthenticationExtensionsClientInputsJSON? = nil, hints: [PublicKeyCredentialHint] = [], sessionHash: String? = nil,
        conditional: Bool = false
    ) async throws -> RegistrationStart {
        let excluded: [CredentialRecord]
        if let existing { excluded = existing } else { excluded = try await accounts.credentials(userHandle: user.passkeyUserHandle) }
        let (ceremony, options) = try registration(
            for: user, excluding: excluded, authenticatorSelection: authenticatorSelection, attestation: attestation, extensions: extensions,
            hints: hints, sessionHash: sessionHash, conditional: conditional)
        let sealed = try await keep(ceremony, now: configuration.nowMilliseconds)
        return RegistrationStart(options: options, ceremony: ceremony, sealedCeremony: sealed)
    }

    /// Begins a registration for a new account, unless an account has its name already (compared by ``UsernameKey``):
    /// nil then, and nothing is stored. Parameters as for
    /// ``beginRegistration(for:excluding:authenticatorSelection:attestation:extensions:hints:sessionHash:conditional:)``.
    ///
    /// With ``ceremonies`` that are a ``NameCheckingCeremonyStore``, the name's check and the ceremony's insert are one
    /// step; otherwise ``PasskeyAccounts/user(named:)`` is asked first. A sign-up page uses it to answer "taken" at
    /// once; storing the account must still refuse a name taken in the meantime.
    public func beginRegistration(
        forNewAccount user: NewPasskeyUser, authenticatorSelection: AuthenticatorSelectionCriteria? = nil,
        attestation: AttestationConveyancePreference? = nil, extensions: AuthenticationExtensionsClientInputsJSON? = nil,
        hints: [PublicKeyCredentialHint] = [], conditional: Bool = false
    ) async throws -> RegistrationStart? {
        guard let nameChecking else {
            guard try await accounts.user(named: user.passkeyUserName) == nil else { return nil }
            return try await beginRegistration(
                for: user, excluding: [], authenticatorSelection: authenticatorSelection, attestation: attestation, extensions: extensions,
                hints: hints, conditional: conditional)
        }
        let (ceremony, options) = try registration(
            for: user, excluding: [], authenticatorSelection: authenticatorSelection, attestation: attestation, extensions: extensions,
            hints: hints, sessionHash: nil, conditional: conditional)
        let name = user.passkeyUserName
        guard try await nameChecking.insertIfNameFree(ceremony, name: name, key: UsernameKey(name), now: configuration.nowMilliseconds) else {
            return nil
        }
        return RegistrationStart(options: options, ceremony: ceremony, sealedCeremony: try sealingKey?.seal(ceremony))
    }

    /// A registration's pending ceremony and its options, not stored yet.
    private func registration(
        for user: some PasskeyUser, excluding excluded: [CredentialRecord], authenticatorSelection: AuthenticatorSelectionCriteria?,
        attestation: AttestationConveyancePreference?, extensions: AuthenticationExtensionsClientInputsJSON?,
        hints: [PublicKeyCredentialHint], sessionHash: String?, conditional: Bool
    ) throws -> (PendingCeremony, PublicKeyCredentialCreationOptionsJSON) {
        let handle = user.passkeyUserHandle
        // §5.4.3: a user handle is 1 to 64 bytes.
        guard (1...64).contains(handle.count) else {
            throw RelyingPartyError(.badRequest, "user handle: expected 1 to 64 bytes, found \(handle.count)", code: "invalidUserHandle")
        }
        let requested = authenticatorSelection?.userVerification
        let userVerification = configuration.userVerification.raised(to: requested)
        var selection = authenticatorSelection
        // The one change made to an echoed selection: a lower request is raised, and a stricter-than-default floor is
        // stated, so the authenticator is asked for what the result will be judged by.
        if requested != userVerification, requested != nil || userVerification == .required {
            var raised = selection ?? AuthenticatorSelectionCriteria()
            raised.userVerification = userVerification
            selection = raised
        }

        let challenge = SecureRandom.bytes(32)
        let now = configuration.nowMilliseconds
        let ceremony = PendingCeremony(
            challenge: Base64URL.encode(challenge), kind: .registration, userHandle: handle, username: user.passkeyUserName,
            displayName: user.passkeyDisplayName, userVerification: userVerification, expiresAt: now + configuration.ceremonyTimeout,
            sessionHash: sessionHash, conditional: conditional)
        let options = PublicKeyCredentialCreationOptionsJSON(
            rp: PublicKeyCredentialRpEntity(name: configuration.rpName, id: configuration.rpID),
            user: PublicKeyCredentialUserEntityJSON(id: handle, name: user.passkeyUserName, displayName: user.passkeyDisplayName),
            challenge: challenge,
            pubKeyCredParams: configuration.algorithms.map(PublicKeyCredentialParameters.init(alg:)),
            timeout: configuration.ceremonyTimeout,
            excludeCredentials: excluded.map { Self.descriptor($0, withTransports: true) },
            authenticatorSelection: selection, hints: hints, attestation: attestation ?? AttestationConveyancePreference.none,
            extensions: extensions)
        return (ceremony, options)
    }

    /// Finishes a registration from the client's `RegistrationResponseJSON` (§5.1) text.
    ///
    /// - Parameters:
    ///   - json: the response as the client sent it; parsed strictly (no duplicate members, no trailing bytes).
    ///   - ceremony: the sealed ceremony kept by the caller (``RegistrationStart/sealedCeremony``); nil claims it from
    ///     ``ceremonies`` by the challenge in `clientDataJSON`.
    /// - Throws: ``RelyingPartyError`` with the verifier's code (400), `unknownCeremony` for a challenge that is not
    ///   pending (or a sealed ceremony that is not this response's, was changed, was used or has expired),
    ///   `ceremonySealingKeyMissing` for a sealed ceremony without a ``CeremonySealingKey``,
    ///   `credentialAlreadyRegistered` (§7.1 step 26) for a credential ID ``accounts`` has (asked only when they are
    ///   not ``CredentialIDRefusingAccounts``), or ``StoreUnavailable``.
    public func finishRegistration(_ json: [UInt8], ceremony: SealedCeremony? = nil) async throws -> RegisteredPasskey {
        let response: RegistrationResponse
        do { response = try RegistrationResponse(json: json) } catch { throw Self.refusal(error) }
        return try await finishRegistration(response, ceremony: ceremony)
    }

    /// Finishes a registration from a parsed response; see the overload that takes JSON text.
    public func finishRegistration(_ response: RegistrationResponse, ceremony given: SealedCeremony? = nil) async throws -> RegisteredPasskey {
        let now = configuration.nowMilliseconds
        let ceremony = try await pending(.registration, given: given, clientDataJSON: response.clientDataJSON, now: now)
        guard let handle = ceremony.userHandle else {
            throw RelyingPartyError(.badRequest, "This registration is incomplete; begin again with /attestation/options.", code: "unknownCeremony")
        }
        let verified: VerifiedRegistration
        do {
            // §7.1 step 15: only a ceremony begun as conditional create, as recorded when it began, skips the UP check.
            let verifier = ceremony.conditional ? conditionalRegistrationVerifier : registrationVerifier
            verified = try await verifier.verify(
                response, challenge: Challenge(base64URL: ceremony.challenge), userVerification: ceremony.userVerification)
        } catch {
            throw Self.refusal(error)
        }
        // §7.1 step 26: a credential ID registered to any account is refused, so an authenticator that reuses a
        // public ID (IDs are listed in `allowCredentials`) cannot take over its owner's passkey in an app that upserts
        // by ID. The app's transaction must still refuse it: another registration may store the ID meanwhile.
        // Accounts whose write refuses it on its own (``CredentialIDRefusingAccounts``) are not asked first.
        if !accountsRefuseStoredIDs {
            guard try await accounts.credential(id: verified.credentialID) == nil else { throw RelyingPartyError.credentialAlreadyRegistered }
        }
        let aaguid = verified.aaguid.description
        let provider = AuthenticatorProviders.provider(for: verified.aaguid, metadata: configuration.attestation.metadata)
        // A U2F key has no AAGUID; metadata may still name it by its attestation certificate's key identifier.
        let knownName = provider?.name ?? verified.authenticatorDescription
        let record = CredentialRecord(
            id: verified.credentialID, userHandle: handle, publicKey: verified.publicKey.coseBytes, signCount: verified.signCount,
            transports: verified.transports, aaguid: aaguid, format: verified.format, attestationType: verified.attestationType.rawValue,
            backupEligible: verified.backupEligible, backupState: verified.backupState, name: knownName ?? "Passkey",
            createdAt: now, lastUsedAt: nil, uvInitialized: verified.userVerified)
        // As a sign-in with the new passkey would count (``countsAsVerification(userVerified:uvInitialized:floor:)``),
        // except a conditional create: it may finish without any gesture (§7.1 step 15), so only its UV flag counts.
        let counts = verified.userVerified || (!ceremony.conditional && configuration.userVerification != .required)
        return RegisteredPasskey(
            credential: record, authenticatorName: knownName, provider: provider, verification: verified, ceremony: ceremony,
            countsAsVerification: counts)
    }
}
