import Crypto
import Foundation
public import PasskeyCore
import Synchronization

/// The relying party of `passkeys serve`: the typed ceremonies (``Passkeys``) over this server's ``Store``, plus the
/// account policy a standalone server needs and an embedding app brings its own of (who may register which name,
/// sessions, the passkey list). HTTP routes decode and encode; every decision is made here or in ``Passkeys``.
///
/// Who may do what:
/// - A username that belongs to an account gets a passkey only with that account's session; its user handle is
///   never given to anyone else.
/// - A sign-in for an unknown username is answered exactly like one for a known username (``Passkeys``'s stand-in
///   credentials, keyed by a secret kept in the database so every instance and restart answers alike).
/// - The configured user-verification policy is a floor a request can only raise.
/// - A session dies with the passkey that started it, and with its account.
public final class RelyingParty: Sendable {
    public let configuration: RelyingPartyConfiguration
    let store: any Store
    let metrics: any CeremonyMetrics
    /// The ceremonies, over this server's accounts and pending-ceremony store.
    public let passkeys: Passkeys<StoreAccounts>
    /// How often recovery codes may be tried, per account and per client.
    let recoveryLimits: RecoveryLimits
    /// The keyed hash of recovery codes, its key read once from the store's secrets.
    let recoveryHasher = Mutex<RecoveryCodeHasher?>(nil)

    public init(
        configuration: RelyingPartyConfiguration, store: any Store, metrics: (any CeremonyMetrics)? = nil,
        recoveryLimits: RecoveryLimits = RecoveryLimits()
    ) {
        self.configuration = configuration
        self.store = store
        self.metrics = metrics ?? NoMetrics()
        self.recoveryLimits = recoveryLimits
        passkeys = Passkeys(
            configuration: configuration, accounts: StoreAccounts(store: store), ceremonies: store.ceremonies,
            unknownUserSecret: { try await store.secret(named: "stand-in-credentials") { SecureRandom.bytes(32) } })
    }

    // MARK: Registration

    /// `POST /attestation/options`: begins a registration (with no limit on how often a name may be found taken).
    public func beginRegistration(_ body: JSONObject, session: SessionRecord?) async throws -> JSONObject {
        try await beginRegistration(body, session: session, takenNames: nil)
    }

    /// `POST /attestation/options`: begins a registration.
    ///
    /// A username that belongs to an account — with passkeys or without — needs that account's session: that is how
    /// a signed-in user adds a passkey, and nobody else can attach one to the account or learn its user handle. A
    /// free username begins a new account with a new random handle.
    ///
    /// With `takenNames`, a client may be told a name is taken only as often as its budget allows (``TakenNameBudget``).
    func beginRegistration(_ body: JSONObject, session: SessionRecord?, takenNames: TakenNameBudget?) async throws -> JSONObject {
        let request = try RegistrationOptionsRequest(json: body)
        try takenNames?.charge()
        // A sign-up (no session): the name's check and the ceremony in one step where the store can
        // (``NameCheckingCeremonyStore``: one PostgreSQL statement, issue #28). A name that mixes scripts takes the
        // path below, which tells a legacy account's name (taken) from a new one (refused).
        if session == nil, UsernameScripts.isSingleScript(request.username) {
            let started: RegistrationStart?
            do {
                started = try await passkeys.beginRegistration(
                    forNewAccount: NewPasskeyUser(name: request.username, displayName: request.displayName),
                    authenticatorSelection: request.authenticatorSelection, attestation: request.attestation, extensions: request.extensions,
                    conditional: request.conditional)
            } catch {
                takenNames?.refund()
                throw error
            }
            // The token is kept only when the answer is `usernameTaken`.
            guard let started else { throw RelyingPartyError.usernameTaken(request.username) }
            takenNames?.refund()
            metrics.begun(.registration)
            return started.clientJSON
        }
        let user: NewPasskeyUser
        var excluded: [CredentialRecord] = []
        var boundSession: String? = nil
        let found: UserRecord?
        do { found = try await store.user(username: request.username) } catch {
            takenNames?.refund()
            throw error
        }
        // The token is kept only when the answer is `usernameTaken`.
        if found.map({ existing in session?.userHandle != existing.handle }) != true { takenNames?.refund() }
        if let existing = found {
            guard let session, session.userHandle == existing.handle else {
                throw RelyingPartyError.usernameTaken(request.username)
            }
            // A stolen session alone must not add the thief's passkey (and so keep the account): a recent passkey
            // verification is needed, or a recovery session, which a recovery code started.
            if !session.isRecovery { try passkeys.requireRecentVerification(session.verifiedAt) }
            // The stored name, however the request spelled it (it matched by UsernameKey): authenticators list it.
            user = NewPasskeyUser(handle: existing.handle, name: existing.username, displayName: request.displayName)
            excluded = try await store.credentials(userHandle: existing.handle)
            boundSession = session.tokenHash
        } else {
            guard UsernameScripts.isSingleScript(request.username) else { throw RelyingPartyError.usernameMixesScripts(request.username) }
            user = NewPasskeyUser(name: request.username, displayName: request.displayName)
        }
        let start = try await passkeys.beginRegistration(
            for: user, excluding: excluded, authenticatorSelection: request.authenticatorSelection, attestation: request.attestation,
            extensions: request.extensions, sessionHash: boundSession, conditional: request.conditional)
        metrics.begun(.registration)
        return start.clientJSON
    }

    /// `POST /attestation/result`: finishes a registration and signs the user in.
    public func finishRegistration(_ body: [UInt8]) async throws -> (response: JSONObject, sessionToken: String) {
        let registered = try await counting(.registration) { try await passkeys.finishRegistration(body) }
        let ceremony = registered.ceremony
        var record = registered.credential
        let handle = record.userHandle
        let now = record.createdAt
        // A ceremony bound to a session adds a passkey to that session's account; an unbound one creates the account.
        let newUser =
            ceremony.sessionHash == nil
            ? UserRecord(
                handle: handle, username: ceremony.username ?? "", displayName: ceremony.displayName ?? ceremony.username ?? "", createdAt: now)
            : nil
        if registered.authenticatorName == nil {
            let existingCount = newUser == nil ? try await store.credentials(userHandle: handle).count : 0
            record.name = "Passkey \(existingCount + 1)"
        }
        // The session that began a registration for an existing account: a recovery session ends once it has added
        // its one passkey.
        var beganWith: SessionRecord? = nil
        if let hash = ceremony.sessionHash { beganWith = try await store.session(tokenHash: hash, now: now) }
        let (token, session) = newSession(
            for: handle, credentialID: record.id, now: now, verified: registered.verification.userVerified, backupEligible: record.backupEligible)
        // A new account's recovery codes are stored with it (shown once, below); only their keyed hashes are kept.
        let (recoveryCodes, recoveryCodeHashes) = newUser == nil ? ([], []) : try await recoveryCodeHasher().issue()
        switch try await store.finishRegistration(
            newUser: newUser, credential: record, session: session, requiredSession: ceremony.sessionHash,
            recoveryCodeHashes: recoveryCodeHashes, now: now)
        {
        case .registered:
            break
        case .usernameTaken:
            metrics.failed(.registration, code: "usernameTaken")
            throw RelyingPartyError.usernameTakenMeanwhile(ceremony.username ?? "")
        case .credentialExists:
            // §7.1 step 26: a credential ID registered before is refused.
            metrics.failed(.registration, code: "credentialAlreadyRegistered")
            throw RelyingPartyError.credentialAlreadyRegistered
        case .accountGone:
            metrics.failed(.registration, code: "accountDeleted")
            throw RelyingPartyError.accountDeleted
        case .sessionEnded:
            metrics.failed(.registration, code: "sessionEnded")
            throw RelyingPartyError.sessionEnded
        }
        var user = newUser
        if user == nil { user = try await store.user(handle: handle) }
        guard let user else { throw RelyingPartyError.noSession }
        metrics.succeeded(.registration)
        var members = JSONObject(["session": .string(token), "user": Self.user(user), "credential": summary(record)])
        if !recoveryCodes.isEmpty { members["recoveryCodes"] = .array(recoveryCodes.map(JSONValue.string)) }
        if let beganWith, beganWith.isRecovery { try await store.deleteSession(tokenHash: beganWith.tokenHash) }
        return (members, token)
    }

    // MARK: Authentication

    /// `POST /assertion/options`: begins a sign-in, for a username or (none given) with a discoverable passkey.
    ///
    /// An unknown username is answered like a known one (200, stand-in credential IDs), so this endpoint does not
    /// tell who has an account; the sign-in then fails as with any passkey that is not registered.
    public func beginAuthentication(_ body: JSONObject) async throws -> JSONObject {
        let request = try AuthenticationOptionsRequest(json: body)
        let start = try await passkeys.beginAuthentication(
            username: request.username, userVerification: request.userVerification, extensions: request.extensions)
        metrics.begun(.authentication)
        return start.options.json
    }

    /// `POST /assertion/result`: finishes a sign-in and starts a session.
    public func finishAuthentication(_ body: [UInt8]) async throws -> (response: JSONObject, sessionToken: String) {
        let signIn = try await counting(.authentication) { try await passkeys.finishAuthentication(body) }
        let record = signIn.credential
        let now = record.lastUsedAt ?? configuration.nowMilliseconds
        let (token, session) = newSession(
            for: signIn.user.handle, credentialID: record.id, now: now, verified: signIn.verification.userVerified,
            backupEligible: record.backupEligible)
        guard
            try await store.recordSignIn(
                credentialID: record.id, signCount: record.signCount, backupState: record.backupState, at: now, session: session)
        else {
            metrics.failed(.authentication, code: "signInConflict")
            throw RelyingPartyError.signInConflict
        }
        metrics.succeeded(.authentication)
        return (JSONObject(["session": .string(token), "user": Self.user(signIn.user)]), token)
    }

    // MARK: Helpers

    /// Runs a ceremony step, counting a refusal under its real cause (the client may see a deliberately vaguer code).
    func counting<Result>(_ kind: PendingCeremony.Kind, _ step: () async throws -> Result) async throws -> Result {
        do { return try await step() } catch let refusal as RelyingPartyError {
            metrics.failed(kind, code: refusal.metricCode)
            throw refusal
        }
    }

    /// A new session: the token for the client, and the record (holding only the token's hash) for the store. A
    /// ceremony that verified the user counts as a verification for the reverification window; a recovery session
    /// lasts ``RecoveryLimits/sessionLifetime`` at most.
    func newSession(
        for handle: [UInt8], credentialID: [UInt8]?, now: Int64, verified: Bool, backupEligible: Bool = false, recovery: Bool = false
    ) -> (token: String, record: SessionRecord) {
        let token = Base64URL.encode(SecureRandom.bytes(32))
        let lifetime = recovery ? min(recoveryLimits.sessionLifetime, configuration.sessionLifetime) : configuration.sessionLifetime
        return (
            token,
            SessionRecord(
                tokenHash: Self.hash(token), userHandle: handle, credentialID: credentialID, expiresAt: now + lifetime,
                verifiedAt: verified ? now : nil, isRecovery: recovery, startedAt: now,
                authenticationMethods: recovery ? [] : SessionStart.authenticationMethods(userVerified: verified, backupEligible: backupEligible))
        )
    }

    static func hash(_ token: String) -> String { Hex.encode(SHA256.hash(data: Array(token.utf8))) }

    static func user(_ user: UserRecord) -> JSONValue { .object(user.userJSON) }
}
