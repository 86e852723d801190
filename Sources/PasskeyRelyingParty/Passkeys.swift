import Crypto
import PasskeyCore
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
    let sealingKey: CeremonySealingKey?
    /// Challenges of sealed ceremonies already finished, when there is no store to claim them from.
    let usedChallenges: UsedChallenges

    /// ``ceremonies`` when they can also read the credential a sign-in names (one round trip instead of two).
    let credentialReadingCeremonies: (any CredentialReadingCeremonyStore<Accounts.User>)?
    /// ``ceremonies`` when they can check a new account's name as they store its ceremony (one round trip instead of two).
    let nameChecking: (any NameCheckingCeremonyStore)?
    /// ``ceremonies`` when they can read a sign-in's account as they store its ceremony (one round trip instead of two).
    let accountReading: (any AccountReadingCeremonyStore<Accounts.User>)?
    /// Whether ``accounts`` refuse a stored credential ID when they store one (``CredentialIDRefusingAccounts``).
    let accountsRefuseStoredIDs: Bool
    /// The verifiers; each call passes the ceremony's own user-verification requirement.
    let registrationVerifier: RegistrationVerifier
    /// For conditional-create registrations only: user presence not required (§7.1 step 15).
    let conditionalRegistrationVerifier: RegistrationVerifier
    let authenticationVerifier: AuthenticationVerifier
    let publicKeys = PublicKeyCache()
    let unknownUserSecret: @Sendable () async throws -> [UInt8]
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

    static func notAccepted(reason: String) -> RelyingPartyError {
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
    func keep(_ ceremony: PendingCeremony, now: Int64) async throws -> SealedCeremony? {
        guard ceremonies != nil || sealingKey != nil else { throw RelyingPartyError.ceremonySealingKeyMissing }
        try await ceremonies?.insert(ceremony, now: now)
        return try sealingKey?.seal(ceremony)
    }

    /// The ceremony a response finishes, claimed once: the caller's sealed one (opened under the key for this kind and
    /// the challenge in `clientDataJSON`), or the one with that challenge in ``ceremonies`` (contract: no cookie
    /// needed). A sealed ceremony is still claimed from the store when there is one, so passing it back never skips
    /// single use; without a store its challenge is remembered as used until it expires.
    func pending(_ kind: PendingCeremony.Kind, given: SealedCeremony?, clientDataJSON: [UInt8], now: Int64) async throws -> PendingCeremony {
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
    static func isUsable(_ ceremony: PendingCeremony, for kind: PendingCeremony.Kind, now: Int64) -> Bool {
        ceremony.kind == kind && ceremony.expiresAt > now
    }

    /// The challenge `clientDataJSON` names, if it could be one of ours (else the ceremony is unknown). The client
    /// data is verified in full later, by the core; here it only names the ceremony.
    static func challenge(in clientDataJSON: [UInt8], kind: PendingCeremony.Kind) throws -> String {
        let clientData: CollectedClientData
        do { clientData = try CollectedClientData(bytes: clientDataJSON, field: "response.clientDataJSON") } catch { throw Self.refusal(error) }
        guard Self.couldBeOurChallenge(clientData.challenge) else { throw Self.unknownCeremony(kind) }
        return clientData.challenge
    }

    /// The refusal of a response whose ceremony is not pending (never begun, finished already, or expired).
    static func unknownCeremony(_ kind: PendingCeremony.Kind) -> RelyingPartyError {
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

    func standInCredentials() async throws -> StandInCredentials {
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
