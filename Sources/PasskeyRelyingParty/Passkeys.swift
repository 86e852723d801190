import Crypto
public import PasskeyCore
import Synchronization

/// The relying party's ceremonies (WebAuthn L3 §7) over an app's own accounts, without HTTP: begin a registration or
/// a sign-in, get typed options for the client, finish with the client's response, get back typed results to store.
///
/// The rules every caller would otherwise have to get right live here once:
/// - Challenges are 32 random bytes, single use, and expire after ``RelyingPartyConfiguration/ceremonyTimeout``
///   (§13.4.3). With a ``CeremonyStore`` they are claimed atomically, so a response replayed, even concurrently,
///   finishes once.
/// - The user-verification policy is the relying party's: a request may raise it, never lower it, and each
///   ceremony is judged by the policy it was begun with (§7.1 step 16, §7.2 step 17).
/// - A sign-in begun `for:` a user is bound to them: it finishes only through the finish that names the same user,
///   and that finish accepts no sign-in begun for anyone else or discoverably.
/// - A sign-in begun for a user accepts only that user's credentials (§7.2 steps 5–6); a sign-in for a name with no
///   account gets options indistinguishable from a real user's, and every refusal that could tell a stranger whether
///   a credential ID is stored has the same code and words (`unknownCredential`).
/// - Counters and backup flags are checked by the verifier (§7.2 steps 18–19, 22) and the updated record is returned.
///
/// Where a ceremony waits between begin and finish is the caller's choice: a ``CeremonyStore`` (in memory for one
/// process, a database table for several), or the app's own session, holding the ``SealedCeremony`` handed back
/// when a ``CeremonySealingKey`` is configured. A ceremony the caller keeps is accepted only sealed: what it says
/// (the user it registers, its user-verification floor, its expiry) cannot be edited, it finishes only the
/// ceremony it was issued for, and it finishes once (claimed from the store when there is one, else remembered as
/// used in this process until it expires).
public final class Passkeys<Accounts: PasskeyAccounts>: Sendable {
    /// Who the relying party is and what it accepts.
    public let configuration: RelyingPartyConfiguration
    /// The app's accounts and credentials.
    public let accounts: Accounts
    /// Where begun ceremonies wait; nil when the caller keeps them.
    public let ceremonies: (any CeremonyStore)?
    /// The key that seals the ceremonies callers keep; nil when they may keep none.
    private let sealingKey: CeremonySealingKey?
    /// Challenges of sealed ceremonies already finished, when there is no store to claim them from.
    let usedChallenges: UsedChallenges

    /// ``ceremonies`` when they can also read the credential a sign-in names (one round trip instead of two).
    private let credentialReadingCeremonies: (any CredentialReadingCeremonyStore<Accounts.User>)?
    /// ``ceremonies`` when they can check a new account's name as they store its ceremony (one round trip instead of two).
    private let nameChecking: (any NameCheckingCeremonyStore)?
    /// ``ceremonies`` when they can read a sign-in's account as they store its ceremony (one round trip instead of two).
    private let accountReading: (any AccountReadingCeremonyStore<Accounts.User>)?
    /// Whether ``accounts`` refuse a stored credential ID when they store one (``CredentialIDRefusingAccounts``).
    private let accountsRefuseStoredIDs: Bool
    /// The verifiers; each call passes the ceremony's own user-verification requirement.
    private let registrationVerifier: RegistrationVerifier
    /// For conditional-create registrations only: user presence not required (§7.1 step 15).
    private let conditionalRegistrationVerifier: RegistrationVerifier
    private let authenticationVerifier: AuthenticationVerifier
    private let publicKeys = PublicKeyCache()
    private let unknownUserSecret: @Sendable () async throws -> [UInt8]
    private let standIns = Mutex<StandInCredentials?>(nil)

    /// - Parameters:
    ///   - configuration: the RP ID, origins, algorithms, attestation policy and user-verification floor.
    ///   - accounts: the app's accounts, read to build credential lists and to find a signing credential's owner.
    ///   - ceremonies: where begun ceremonies wait; nil to keep each ``PendingCeremony`` yourself. A store that is
    ///     also a ``CredentialReadingCeremonyStore`` of the accounts' user type reads a sign-in's credential itself,
    ///     and `accounts.credential(id:)` is then not asked for sign-ins that claim from it; one that is an
    ///     ``AccountReadingCeremonyStore`` reads the account a sign-in names as it stores the ceremony, and
    ///     `accounts.userWithCredentials(named:)` is then not asked. Pass such a store only with the accounts it reads.
    ///   - unknownUserSecret: the key from which sign-in options for names without an account are derived. Give a
    ///     secret kept with your data, so the answers for one name stay the same across restarts and instances (a
    ///     name whose options change on restart is a name without an account); the default is random per process.
    ///   - sealingKey: the key that seals ceremonies for the caller to keep (``RegistrationStart/sealedCeremony``);
    ///     nil, the default, hands out none and refuses any passed back. Needed when `ceremonies` is nil.
    ///   - usedSealedCeremonyCapacity: without a store, how many used sealed ceremonies are remembered at once (until
    ///     they expire); when that many are remembered and none has expired, finishing is refused as
    ///     ``StoreUnavailable``. Several instances without a shared store each remember only their own: give them a
    ///     shared ``CeremonyStore`` too, and a sealed ceremony is claimed from it.
    public init(
        configuration: RelyingPartyConfiguration, accounts: Accounts, ceremonies: (any CeremonyStore)? = MemoryCeremonyStore(),
        unknownUserSecret: (@Sendable () async throws -> [UInt8])? = nil, sealingKey: CeremonySealingKey? = nil,
        usedSealedCeremonyCapacity: Int = 250_000
    ) {
        self.configuration = configuration
        self.accounts = accounts
        self.ceremonies = ceremonies
        self.sealingKey = sealingKey
        self.usedChallenges = UsedChallenges(capacity: usedSealedCeremonyCapacity)
        self.credentialReadingCeremonies = ceremonies as? any CredentialReadingCeremonyStore<Accounts.User>
        self.accountsRefuseStoredIDs = accounts is any CredentialIDRefusingAccounts
        self.nameChecking = ceremonies as? any NameCheckingCeremonyStore
        self.accountReading = ceremonies as? any AccountReadingCeremonyStore<Accounts.User>
        let processSecret = SecureRandom.bytes(32)
        self.unknownUserSecret = unknownUserSecret ?? { processSecret }
        func policy(requireUP: Bool = true) -> VerificationPolicy {
            VerificationPolicy(
                rpID: configuration.rpID, origins: configuration.origins + configuration.relatedOrigins,
                userVerification: configuration.userVerification, requireUserPresence: requireUP, algorithms: configuration.algorithms,
                attestation: configuration.attestation, clock: configuration.clock)
        }
        registrationVerifier = RegistrationVerifier(policy: policy())
        conditionalRegistrationVerifier = RegistrationVerifier(policy: policy(requireUP: false))
        authenticationVerifier = AuthenticationVerifier(policy: policy())
    }

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

    // MARK: Rules shared by both ceremonies

    /// The same words for a credential ID that is not stored (never was, was removed, or was a stand-in) and for one
    /// that is stored but whose assertion was not made with its key: the two must not be told apart.
    public static var unknownPasskeyMessage: String {
        "This passkey is not registered here (it may have been removed), or it did not sign this sign-in."
    }

    /// Failures that depend on the stored credential and come before (or are) its signature check.
    static var answeredAsUnknown: Set<WebAuthnError.Code> {
        [.invalidSignature, .backupEligibilityChanged, .userHandleMismatch, .credentialIdMismatch, .credentialNotAllowed, .invalidPublicKey]
    }

    private static func notAccepted(reason: String) -> RelyingPartyError {
        RelyingPartyError(.badRequest, unknownPasskeyMessage, code: "unknownCredential", reason: reason)
    }

    /// A verification failure as the client sees it: the core's code and message, except where the message would
    /// list this relying party's configuration (a client learns its origin is not accepted, not which are: they may
    /// name internal or unreleased sites).
    static func refusal(_ error: WebAuthnError) -> RelyingPartyError {
        let message =
            switch error.code {
            case .originMismatch: "clientDataJSON.origin: expected one of this relying party's origins, found another"
            case .topOriginMismatch: "clientDataJSON.topOrigin: expected one of the pages allowed to embed this relying party, found another"
            default: error.message
            }
        return RelyingPartyError(.badRequest, message, code: error.code.rawValue)
    }

    /// Keeps a begun ceremony: in ``ceremonies`` when there is a store, and sealed for the caller when there is a
    /// key. With neither it could never be finished, so it is refused.
    private func keep(_ ceremony: PendingCeremony, now: Int64) async throws -> SealedCeremony? {
        guard ceremonies != nil || sealingKey != nil else { throw RelyingPartyError.ceremonySealingKeyMissing }
        try await ceremonies?.insert(ceremony, now: now)
        return try sealingKey?.seal(ceremony)
    }

    /// The ceremony a response finishes, claimed once: the caller's sealed one (opened under the key for this kind and
    /// the challenge in `clientDataJSON`), or the one with that challenge in ``ceremonies`` (contract: no cookie
    /// needed). A sealed ceremony is still claimed from the store when there is one, so passing it back never skips
    /// single use; without a store its challenge is remembered as used until it expires.
    private func pending(_ kind: PendingCeremony.Kind, given: SealedCeremony?, clientDataJSON: [UInt8], now: Int64) async throws -> PendingCeremony {
        if let given {
            guard let sealingKey else { throw RelyingPartyError.ceremonySealingKeyMissing }
            let challenge = try Self.challenge(in: clientDataJSON, kind: kind)
            // §13.4.3: the expiry read from the sealed content, which the caller cannot change.
            guard let opened = sealingKey.open(given, kind: kind, challenge: challenge), Self.isUsable(opened, for: kind, now: now) else {
                throw Self.unknownCeremony(kind)
            }
            if let ceremonies {
                guard try await ceremonies.take(challenge: challenge, kind: kind, now: now) != nil else { throw Self.unknownCeremony(kind) }
            } else {
                guard try usedChallenges.claim(challenge, expiresAt: opened.expiresAt, now: now) else { throw Self.unknownCeremony(kind) }
            }
            return opened
        }
        guard let ceremonies else {
            throw RelyingPartyError(
                .badRequest, "No ceremony was given and this relying party keeps none: pass the sealed ceremony that began it.",
                code: "unknownCeremony")
        }
        guard let ceremony = try await ceremonies.take(challenge: try Self.challenge(in: clientDataJSON, kind: kind), kind: kind, now: now) else {
            throw Self.unknownCeremony(kind)
        }
        return ceremony
    }

    /// Whether `ceremony` may finish a ceremony of `kind` at `now`: of that kind and not expired (§13.4.3).
    private static func isUsable(_ ceremony: PendingCeremony, for kind: PendingCeremony.Kind, now: Int64) -> Bool {
        ceremony.kind == kind && ceremony.expiresAt > now
    }

    /// The challenge `clientDataJSON` names, if it could be one of ours (else the ceremony is unknown). The client
    /// data is verified in full later, by the core; here it only names the ceremony.
    private static func challenge(in clientDataJSON: [UInt8], kind: PendingCeremony.Kind) throws -> String {
        let clientData: CollectedClientData
        do { clientData = try CollectedClientData(bytes: clientDataJSON, field: "response.clientDataJSON") } catch { throw Self.refusal(error) }
        guard Self.couldBeOurChallenge(clientData.challenge) else { throw Self.unknownCeremony(kind) }
        return clientData.challenge
    }

    /// The refusal of a response whose ceremony is not pending (never begun, finished already, or expired).
    private static func unknownCeremony(_ kind: PendingCeremony.Kind) -> RelyingPartyError {
        let begin = kind == .registration ? "/attestation/options" : "/assertion/options"
        return RelyingPartyError(
            .badRequest,
            "This \(kind == .registration ? "registration" : "sign-in") is unknown, already finished or expired: begin again with \(begin).",
            code: "unknownCeremony")
    }

    /// Our challenges are 43 base64url characters; anything else cannot name a pending ceremony, and is not sent to
    /// a database (PostgreSQL refuses some characters, such as NUL, in text).
    static func couldBeOurChallenge(_ text: String) -> Bool {
        text.utf8.count == 43
            && text.utf8.allSatisfy {
                ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) || $0 == 0x2D || $0 == 0x5F
            }
    }

    private func standInCredentials() async throws -> StandInCredentials {
        if let ready = standIns.withLock({ $0 }) { return ready }
        let made = StandInCredentials(secret: try await unknownUserSecret())
        standIns.withLock { $0 = made }
        return made
    }

    /// A `PublicKeyCredentialDescriptorJSON`; transports only where their shape reveals nothing (to the account's own
    /// session, in `excludeCredentials`).
    static func descriptor(_ record: CredentialRecord, withTransports: Bool) -> PublicKeyCredentialDescriptorJSON {
        PublicKeyCredentialDescriptorJSON(id: record.id, transports: withTransports && !record.transports.isEmpty ? record.transports : nil)
    }
}
