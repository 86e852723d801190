import Crypto
public import PasskeyCore
import Synchronization

extension Passkeys {
    // MARK: Authentication (§7.2)

    /// Begins a sign-in for the account named `username`, or (nil) with a discoverable credential.
    ///
    /// A name without an account, or one whose account has no credentials, is answered like a real one: stand-in
    /// credential IDs derived from ``init(configuration:accounts:ceremonies:unknownUserSecret:sealingKey:usedSealedCeremonyCapacity:)``'s secret, stable
    /// per name, and a user handle no account has, so the sign-in fails as with any unregistered passkey.
    /// `allowCredentials` carries IDs only: transports vary with each user's authenticators and would tell real
    /// lists from stand-ins; they are hints (§5.8.3), and clients offer every transport without them. With
    /// ``ceremonies`` that are an ``AccountReadingCeremonyStore``, the account is read and the ceremony stored in one
    /// round trip, the same for every name.
    public func beginAuthentication(
        username: String?, userVerification requested: UserVerificationRequirement? = nil,
        extensions: AuthenticationExtensionsClientInputsJSON? = nil, hints: [PublicKeyCredentialHint] = []
    ) async throws -> AuthenticationStart {
        guard let username else {
            return try await beginAuthentication(
                allowing: [], userHandle: nil, username: nil, userVerification: requested, extensions: extensions, hints: hints)
        }
        // Keyed like accounts are: `Ada` and `ada` get the same stand-ins, as they would the same account's
        // credentials, so comparing look-alike spellings tells nothing.
        let key = UsernameKey(username)
        guard let accountReading else {
            let (allowed, handle) = try await signInList(try await accounts.userWithCredentials(named: username), key: key)
            return try await beginAuthentication(
                allowing: allowed, userHandle: handle, username: username, userVerification: requested, extensions: extensions, hints: hints)
        }
        // One step reads the account and stores the ceremony (``AccountReadingCeremonyStore``). The ceremony goes in
        // with the stand-in's handle, which the store replaces with the account's when the account has a credential:
        // the same round trip for every name, so their number does not tell names with accounts apart.
        let standIns = try await standInCredentials()
        let now = configuration.nowMilliseconds
        let (ceremony, challenge, userVerification) = authenticationCeremony(
            userHandle: standIns.userHandle(for: key.rawValue), username: username, requested: requested, bound: false, now: now)
        let read = try await accountReading.insertAuthentication(ceremony, readingAccountNamed: username, key: key, now: now)
        let (allowed, handle) = try await signInList(read, key: key)
        let stored = ceremony.with(userHandle: handle)
        return AuthenticationStart(
            options: authenticationOptions(
                challenge: challenge, allowing: allowed, userVerification: userVerification, extensions: extensions, hints: hints),
            ceremony: stored, sealedCeremony: try sealingKey?.seal(stored))
    }

    /// What a sign-in by name lists and is for: the account's credentials and handle when `read` found an account
    /// with a credential, else the name's stand-ins (from its `key`, as accounts are found).
    private func signInList(
        _ read: (user: Accounts.User, credentials: [CredentialRecord])?, key: UsernameKey
    ) async throws -> (allowed: [PublicKeyCredentialDescriptorJSON], handle: [UInt8]) {
        if let (user, credentials) = read, !credentials.isEmpty {
            return (credentials.map { Self.descriptor($0, withTransports: false) }, user.passkeyUserHandle)
        }
        let standIns = try await standInCredentials()
        return (standIns.descriptors(for: key.rawValue), standIns.userHandle(for: key.rawValue))
    }

    /// Begins a sign-in for a user the app has identified itself (say, a signed-in user confirming a sensitive
    /// action): only `user`'s credentials can finish it.
    ///
    /// Bound by default: finish it with `finishAuthentication(_:for:ceremony:)` for the same user. The plain
    /// `finishAuthentication(_:ceremony:)` (the one that signs someone in) refuses it, and the bound finish refuses
    /// every sign-in not begun for its user, so a response to someone else's sign-in, posted where this one is
    /// finished, confirms nothing.
    ///
    /// - Parameters:
    ///   - user: the account to sign in to.
    ///   - credentials: the user's credentials for `allowCredentials`; nil reads them from ``accounts``.
    ///   - requested: raises the relying party's user-verification floor, never lowers it.
    ///   - extensions: extension inputs for the client, sent as given.
    ///   - hints: §5.8.8 hints, most preferred first.
    ///   - bound: false lets the plain finish complete it too (a sign-in form that already knows the user); it then
    ///     starts a session like a sign-in begun by name.
    public func beginAuthentication(
        for user: some PasskeyUser, credentials: [CredentialRecord]? = nil, userVerification requested: UserVerificationRequirement? = nil,
        extensions: AuthenticationExtensionsClientInputsJSON? = nil, hints: [PublicKeyCredentialHint] = [], bound: Bool = true
    ) async throws -> AuthenticationStart {
        try await beginAuthentication(
            for: user, credentials: credentials, userVerification: { _ in requested }, extensions: extensions, hints: hints, bound: bound)
    }

    /// A sign-in for `user`, listing their credentials (`credentials`, or read from ``accounts``) and asking for the
    /// user verification `userVerification` chooses from that list; bound to `session` when given (a step-up).
    func beginAuthentication(
        for user: some PasskeyUser, credentials: [CredentialRecord]?, userVerification: ([CredentialRecord]) -> UserVerificationRequirement?,
        extensions: AuthenticationExtensionsClientInputsJSON?, hints: [PublicKeyCredentialHint], bound: Bool, session: String? = nil
    ) async throws -> AuthenticationStart {
        let handle = user.passkeyUserHandle
        let listed: [CredentialRecord]
        if let credentials { listed = credentials } else { listed = try await accounts.credentials(userHandle: handle) }
        return try await beginAuthentication(
            allowing: listed.map { Self.descriptor($0, withTransports: true) }, userHandle: handle, username: user.passkeyUserName,
            userVerification: userVerification(listed), extensions: extensions, hints: hints, bound: bound, session: session)
    }

    func beginAuthentication(
        allowing allowed: [PublicKeyCredentialDescriptorJSON], userHandle handle: [UInt8]?, username: String?,
        userVerification requested: UserVerificationRequirement?, extensions: AuthenticationExtensionsClientInputsJSON?,
        hints: [PublicKeyCredentialHint],
        bound: Bool = false, session: String? = nil
    ) async throws -> AuthenticationStart {
        let now = configuration.nowMilliseconds
        let (ceremony, challenge, userVerification) = authenticationCeremony(
            userHandle: handle, username: username, requested: requested, bound: bound, session: session, now: now)
        let sealed = try await keep(ceremony, now: now)
        return AuthenticationStart(
            options: authenticationOptions(
                challenge: challenge, allowing: allowed, userVerification: userVerification, extensions: extensions, hints: hints),
            ceremony: ceremony, sealedCeremony: sealed)
    }

    /// A sign-in's pending ceremony with a new challenge, not stored yet, and the user verification it asks for.
    private func authenticationCeremony(
        userHandle handle: [UInt8]?, username: String?, requested: UserVerificationRequirement?, bound: Bool, session: String? = nil, now: Int64
    ) -> (ceremony: PendingCeremony, challenge: [UInt8], userVerification: UserVerificationRequirement) {
        let userVerification = configuration.userVerification.raised(to: requested)
        let challenge = SecureRandom.bytes(32)
        let ceremony = PendingCeremony(
            challenge: Base64URL.encode(challenge), kind: .authentication, userHandle: handle, username: username, displayName: nil,
            userVerification: userVerification, expiresAt: now + configuration.ceremonyTimeout, sessionHash: session, boundToUser: bound)
        return (ceremony, challenge, userVerification)
    }

    /// The options of a sign-in (§5.5).
    private func authenticationOptions(
        challenge: [UInt8], allowing allowed: [PublicKeyCredentialDescriptorJSON], userVerification: UserVerificationRequirement,
        extensions: AuthenticationExtensionsClientInputsJSON?, hints: [PublicKeyCredentialHint]
    ) -> PublicKeyCredentialRequestOptionsJSON {
        PublicKeyCredentialRequestOptionsJSON(
            challenge: challenge, timeout: configuration.ceremonyTimeout, rpId: configuration.rpID, allowCredentials: allowed,
            userVerification: userVerification, hints: hints, extensions: extensions)
    }

    /// Finishes a sign-in from the client's `AuthenticationResponseJSON` (§5.1) text.
    ///
    /// - Parameters:
    ///   - json: the response as the client sent it; parsed strictly (no duplicate members, no trailing bytes).
    ///   - ceremony: the sealed ceremony kept by the caller (``AuthenticationStart/sealedCeremony``); nil claims it
    ///     from ``ceremonies`` by the challenge in `clientDataJSON`.
    /// - Throws: ``RelyingPartyError``: the verifier's code (400) for failures that do not depend on the stored
    ///   credential, `unknownCredential` for every failure that could tell whether a credential ID is stored (the
    ///   real cause in ``RelyingPartyError/reason``), `unknownCeremony`, `ceremonySealingKeyMissing`; or
    ///   ``StoreUnavailable``.
    public func finishAuthentication(_ json: [UInt8], ceremony: SealedCeremony? = nil) async throws -> VerifiedSignIn<Accounts.User> {
        let response: AuthenticationResponse
        do { response = try AuthenticationResponse(json: json) } catch { throw Self.refusal(error) }
        return try await finishAuthentication(response, ceremony: ceremony)
    }

    /// Finishes a sign-in from a parsed response; see the overload that takes JSON text.
    public func finishAuthentication(
        _ response: AuthenticationResponse, ceremony given: SealedCeremony? = nil
    ) async throws -> VerifiedSignIn<Accounts.User> {
        try await finishAuthentication(response, expecting: nil, ceremony: given)
    }

    /// Finishes a sign-in begun with `beginAuthentication(for:)` for `user`, from the client's
    /// `AuthenticationResponseJSON` text: a signed-in user confirming an action.
    ///
    /// Refused with `ceremonyUserMismatch` unless the ceremony the response finishes was begun for `user` (a
    /// response to a discoverable sign-in, or to one begun for someone else, confirms nothing here, even though its
    /// signature is good); and, as for every sign-in begun for a user, only `user`'s credentials are accepted.
    ///
    /// - Parameters:
    ///   - json: the response as the client sent it.
    ///   - user: the account the sign-in was begun for, as the app's session names it.
    ///   - ceremony: the sealed ceremony kept by the caller; nil claims it from ``ceremonies``.
    public func finishAuthentication(
        _ json: [UInt8], for user: some PasskeyUser, ceremony: SealedCeremony? = nil
    ) async throws -> VerifiedSignIn<Accounts.User> {
        let response: AuthenticationResponse
        do { response = try AuthenticationResponse(json: json) } catch { throw Self.refusal(error) }
        return try await finishAuthentication(response, for: user, ceremony: ceremony)
    }

    /// Finishes a sign-in begun for `user` from a parsed response; see the overload that takes JSON text.
    public func finishAuthentication(
        _ response: AuthenticationResponse, for user: some PasskeyUser, ceremony: SealedCeremony? = nil
    ) async throws -> VerifiedSignIn<Accounts.User> {
        try await finishAuthentication(response, expecting: user.passkeyUserHandle, ceremony: ceremony)
    }

    /// A sign-in's finish; `expected` is the user a bound finish names (nil for the plain finish).
    private func finishAuthentication(
        _ response: AuthenticationResponse, expecting expected: [UInt8]?, ceremony given: SealedCeremony?
    ) async throws -> VerifiedSignIn<Accounts.User> {
        let now = configuration.nowMilliseconds
        let ceremony: PendingCeremony
        // A ``CredentialReadingCeremonyStore`` reads the credential with the claim (one round trip); it is used only
        // below, after the client data has verified. nil: not read yet; `.some(nil)`: read, and not stored.
        var claimedCredential: (credential: CredentialRecord, user: Accounts.User)?? = nil
        if given == nil, let store = credentialReadingCeremonies {
            let challenge = try Self.challenge(in: response.clientDataJSON, kind: .authentication)
            // Kind and expiry are the store's promise; checked again, as for a ceremony the caller kept.
            guard let claimed = try await store.takeAuthentication(challenge: challenge, credentialID: response.rawID, now: now),
                Self.isUsable(claimed.ceremony, for: .authentication, now: now)
            else {
                throw Self.unknownCeremony(.authentication)
            }
            ceremony = claimed.ceremony
            claimedCredential = .some(claimed.credential)
        } else {
            ceremony = try await pending(.authentication, given: given, clientDataJSON: response.clientDataJSON, now: now)
        }
        // A finish bound to a user takes only a sign-in begun for that user; the plain finish takes no bound sign-in.
        if let expected {
            guard ceremony.userHandle == expected else { throw RelyingPartyError.ceremonyUserMismatch }
        } else if ceremony.boundToUser {
            throw RelyingPartyError.ceremonyUserMismatch
        }
        let verifier = authenticationVerifier
        let challenge = Challenge(base64URL: ceremony.challenge)
        // §7.2 steps 8–18 first: they do not depend on the credential, so their detailed answers reveal nothing about
        // which credential IDs (and so which accounts) exist.
        do {
            _ = try verifier.verifyCeremonyData(response, challenge: challenge, userVerification: ceremony.userVerification)
        } catch {
            throw Self.refusal(error)
        }
        let stored: (credential: CredentialRecord, user: Accounts.User)?
        if let claimedCredential { stored = claimedCredential } else { stored = try await accounts.credential(id: response.rawID) }
        guard let (record, user) = stored else {
            throw Self.notAccepted(reason: "unknownCredential")
        }
        // §7.2 steps 5–6: a sign-in begun for a user accepts only that user's credentials.
        if let identified = ceremony.userHandle, identified != record.userHandle {
            throw Self.notAccepted(reason: WebAuthnError.Code.credentialNotAllowed.rawValue)
        }
        let verified: VerifiedAuthentication
        do {
            let key = try publicKeys.key(for: record.publicKey)
            let stored = StoredCredential(
                id: record.id, publicKey: key, signCount: record.signCount, backupEligible: record.backupEligible, userHandle: record.userHandle)
            verified = try verifier.verify(
                response, challenge: challenge, credential: stored, userHandleRequired: ceremony.userHandle == nil,
                userVerification: ceremony.userVerification)
        } catch {
            // Until the signature has verified, the sender may not hold the key: what the stored record says (its
            // owner's handle, its backup eligibility) stays hidden. After it (the counter), the sender is the holder.
            if Self.answeredAsUnknown.contains(error.code) { throw Self.notAccepted(reason: error.code.rawValue) }
            throw Self.refusal(error)
        }
        var updated = record
        updated.signCount = verified.newSignCount
        updated.backupState = verified.backupState
        updated.lastUsedAt = now
        // §7.2 step 24: uvInitialized turns true with the first assertion that carries UV, and never back. The step
        // asks that this change be authorized by a factor equivalent to UV, because a relying party that lets a passkey
        // with uvInitialized act as a single factor would otherwise let any assertion promote it. Here it can only
        // raise what is asked of the passkey from then on (a step-up then requires its UV; nothing is allowed that
        // was not before), so no further authorization is needed.
        updated.uvInitialized = record.uvInitialized || verified.userVerified
        let counts = Self.countsAsVerification(
            userVerified: verified.userVerified, uvInitialized: record.uvInitialized, floor: configuration.userVerification)
        return VerifiedSignIn(user: user, credential: updated, verification: verified, ceremony: ceremony, countsAsVerification: counts)
    }

    /// Whether a ceremony counts as a passkey verification, the kind that lets a session take sensitive actions for
    /// the reverification window: it carried UV, or its passkey has never shown UV (`uvInitialized` false: a security
    /// key without a PIN, any U2F key) and the relying party does not require UV. Asking such a passkey for a UV it
    /// cannot give would lock its account out of every sensitive action; what it proves (possession of the key, with
    /// user presence) is what signing in with it proves. A passkey that has shown UV must show it again.
    public static func countsAsVerification(userVerified: Bool, uvInitialized: Bool, floor: UserVerificationRequirement) -> Bool {
        userVerified || (!uvInitialized && floor != .required)
    }
}
