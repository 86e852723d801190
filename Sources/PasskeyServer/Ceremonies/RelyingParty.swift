import Crypto
import Foundation
public import PasskeyCore
import Synchronization

/// The relying party of `passkeys serve`: the shared ceremony endpoints (`CeremonyEndpoints`, the ones the
/// Hummingbird route group and the Vapor route collection run) over this server's ``Store`` and sessions, plus the
/// account management a standalone server needs and an embedding app brings its own of (sessions, the passkey list,
/// recovery codes). HTTP routes decode and encode; every rule of a ceremony is the endpoints' (and ``Passkeys``'s);
/// what is the server's own is how its store and sessions answer the endpoints' questions
/// (``RelyingParty+Completion.swift``).
///
/// Who may do what:
/// - A username that belongs to an account gets a passkey only with that account's session; its user handle is
///   never given to anyone else.
/// - A sign-in for an unknown username is answered exactly like one for a known username (``Passkeys``'s stand-in
///   credentials, keyed by a secret kept in the database so every instance and restart answers alike).
/// - The configured user-verification policy is a floor a request can only raise.
/// - A session dies with the passkey that started it, and with its account; sensitive actions need a recent passkey
///   verification (step-up).
public final class RelyingParty: Sendable {
    public let configuration: RelyingPartyConfiguration
    let store: any Store
    /// The ceremonies, over this server's accounts and pending-ceremony store.
    package let passkeys: Passkeys<StoreAccounts>
    /// The ceremony endpoints, with step-up, this server's limits and metrics.
    let endpoints: CeremonyEndpoints<StoreAccounts>
    /// How often recovery codes may be tried, per account and per client.
    let recoveryLimits: RecoveryLimits
    /// The keyed hash of recovery codes, its key read once from the store's sealed secrets.
    let recoveryHasher = Mutex<RecoveryCodeHasher?>(nil)
    /// Opens the deployment's secrets (the stand-in and recovery-code keys) under the key-encryption key.
    let sealer: SecretSealer
    /// Raises events for webhooks, written with each change in its transaction; nil for none.
    let events: EventRecorder?

    /// - Parameters:
    ///   - limits: what each client may do (its options rate, failed results, waiting ceremonies, taken names), and
    ///     how often recovery codes may be tried (``PasskeyRouteLimits/recovery``); nil for no per-client limits
    ///     (`--rate-limit 0`), which leaves recovery under the default ``RecoveryLimits``: a recovery code is a
    ///     credential, and its budget holds whatever the other limits say.
    ///   - events: what raises events for webhooks; nil raises none.
    ///
    /// Over a ``SharedLimitStore`` (PostgreSQL), the in-memory limits given are kept in the database instead, so they
    /// hold for every instance together (``ClusterLimits``).
    public convenience init(
        configuration: RelyingPartyConfiguration, store: any Store, metrics: (any CeremonyMetrics)? = nil, limits: PasskeyRouteLimits? = nil,
        events: EventRecorder? = nil
    ) {
        self.init(configuration: configuration, store: store, metrics: metrics, limits: limits, events: events, sealer: SecretSealer(key: nil))
    }

    /// A relying party whose deployment secrets are sealed by `sealer` (`--key-encryption-key-file`).
    package init(
        configuration: RelyingPartyConfiguration, store: any Store, metrics: (any CeremonyMetrics)?, limits: PasskeyRouteLimits?,
        events: EventRecorder?, sealer: SecretSealer
    ) {
        let shared = store as? any SharedLimitStore
        let recovery = limits?.recovery ?? RecoveryLimits()
        let limits = limits.map { limits in shared.map { ClusterLimits.shared(limits, in: $0) } ?? limits }
        self.configuration = configuration
        self.store = store
        self.recoveryLimits = shared.map { ClusterLimits.shared(recovery, in: $0) } ?? recovery
        self.events = events
        self.sealer = sealer
        passkeys = Passkeys(
            configuration: configuration, accounts: StoreAccounts(store: store), ceremonies: store.ceremonies,
            unknownUserSecret: { try await SealedSecret.load(SealedSecret.standInCredentials, from: try Self.tokenStore(store), sealer: sealer) })
        // Without limits the endpoints are given no client, so none of the per-client rules apply; the value itself is
        // then unused.
        endpoints = CeremonyEndpoints(passkeys, limits: limits ?? PasskeyRouteLimits(), stepUp: true, metrics: metrics, frontEnd: "passkeys serve")
        limited = limits != nil
    }

    /// The store's sealed secrets: both database stores keep them.
    static func tokenStore(_ store: any Store) throws -> any TokenStore {
        guard let tokens = store as? any TokenStore else { throw StoreUnavailable(reason: "the store keeps no sealed secrets") }
        return tokens
    }

    /// Whether per-client limits apply (the endpoints are given the client's key).
    private let limited: Bool

    /// The key the endpoints limit `client` by; nil when limits are off.
    func clientKey(_ client: String?) -> String? { limited ? client : nil }

    // MARK: Registration

    /// `POST /attestation/options`: begins a registration. A username that belongs to an account needs that account's
    /// session (and a recent verification, or a recovery session): that is how a signed-in user adds a passkey, and
    /// nobody else can attach one to the account or learn its user handle. A free username begins a new account.
    public func beginRegistration(_ body: [UInt8], session: SessionRecord?, client: String? = nil) async throws -> JSONObject {
        try await countingFailures(client: client) {
            try await endpoints.beginRegistration(
                body, client: clientKey(client), signedIn: { try await signedIn(session) },
                target: { options, signedIn in RegistrationTarget.defaultPolicy(for: options, signedIn: signedIn) })
        }
    }

    /// `POST /attestation/result`: finishes a registration and signs the user in; its audit entry and events name
    /// `origin`.
    public func finishRegistration(
        _ body: [UInt8], client: String? = nil, origin: ChangeOrigin
    ) async throws -> (response: JSONObject, sessionToken: String) {
        let registered = try await countingFailures(client: client) {
            try await endpoints.finishRegistration(
                body, client: clientKey(client), boundSession: { try await boundSession(named: $0) },
                complete: { try await completeRegistration($0, origin: origin) })
        }
        var members = registered.members
        members.add(registered.session.members)
        return (members, registered.session.token)
    }

    // MARK: Authentication

    /// `POST /assertion/options`: begins a sign-in, for a username or (none given) with a discoverable passkey.
    ///
    /// An unknown username is answered like a known one (200, stand-in credential IDs), so this endpoint does not
    /// tell who has an account; the sign-in then fails as with any passkey that is not registered.
    public func beginAuthentication(_ body: [UInt8], client: String? = nil) async throws -> JSONObject {
        try await countingFailures(client: client) { try await endpoints.beginAuthentication(body, client: clientKey(client)) }
    }

    /// `POST /assertion/result`: finishes a sign-in and starts a session; its audit entry and events name `origin`.
    public func finishAuthentication(
        _ body: [UInt8], client: String? = nil, origin: ChangeOrigin
    ) async throws -> (response: JSONObject, sessionToken: String) {
        let verified = try await countingFailures(client: client) {
            try await endpoints.finishAuthentication(body, client: clientKey(client), complete: { try await completeSignIn($0, origin: origin) })
        }
        var members = verified.members
        members.add(verified.session.members)
        return (members, verified.session.token)
    }

    // MARK: Step-up

    /// `POST /session/verify/options`: a sign-in bound to the session's user and to the session, asking for the user
    /// verification the account's passkeys can give.
    package func beginReverification(_ body: [UInt8], session: SessionRecord?, client: String? = nil) async throws -> JSONObject {
        try await countingFailures(client: client) {
            try await endpoints.beginReverification(body, client: clientKey(client), signedIn: { try await signedIn(session) })
        }
    }

    /// `POST /session/verify/result`: verifies the step-up and records on the session when it happened (with the
    /// credential's new counter, in one transaction). Answers `verifiedAt` and `verifiedUntil` (RFC 3339). Its audit
    /// entry and events name `origin`.
    package func finishReverification(
        _ body: [UInt8], session: SessionRecord?, client: String? = nil, origin: ChangeOrigin
    ) async throws -> JSONObject {
        try await countingFailures(client: client) {
            try await endpoints.finishReverification(
                body, client: clientKey(client), signedIn: { try await signedIn(session) },
                store: { try await storeReverification($0, signedIn: $1, origin: origin) })
        }
    }

    // MARK: Helpers

    /// A new session: the token for the client, and the record (holding only the token's hash) for the store. A
    /// ceremony that counts as a verification (`verified`) is recorded as one for the reverification window; its
    /// `amr` (session tokens) says what the ceremony did: `user` and `mfa` only when the authenticator
    /// verified the user (`userVerified`), `hwk` or `swk` by the passkey's backup eligibility. A recovery session lasts
    /// ``RecoveryLimits/sessionLifetime`` at most.
    func newSession(
        for handle: [UInt8], credentialID: [UInt8]?, now: Int64, verified: Bool, userVerified: Bool = false, backupEligible: Bool = false,
        recovery: Bool = false
    ) -> (token: String, record: SessionRecord) {
        let token = OpaqueSecret.make()
        let lifetime = recovery ? min(recoveryLimits.sessionLifetime, configuration.sessionLifetime) : configuration.sessionLifetime
        return (
            token,
            SessionRecord(
                tokenHash: Self.hash(token), userHandle: handle, credentialID: credentialID, expiresAt: now + lifetime,
                verifiedAt: verified ? now : nil, isRecovery: recovery, startedAt: now,
                authenticationMethods: recovery ? [] : SessionStart.authenticationMethods(userVerified: userVerified, backupEligible: backupEligible),
                userVerifiedAt: userVerified && !recovery ? now : nil)
        )
    }

    static func hash(_ token: String) -> String { OpaqueSecret.digest(token) }

    static func user(_ user: UserRecord) -> JSONValue { .object(user.userJSON) }
}
