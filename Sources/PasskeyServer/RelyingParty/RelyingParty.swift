import Crypto
import Foundation
public import PasskeyCore
import Synchronization

/// The relying party: ceremony logic over the verification core and a ``Store``. HTTP routes decode and encode;
/// every decision is made here.
///
/// Who may do what:
/// - A username that belongs to an account gets a passkey only with that account's session; its user handle is
///   never given to anyone else.
/// - A sign-in for an unknown username is answered exactly like one for a known username (``StandInCredentials``).
/// - The configured user-verification policy is a floor a request can only raise.
/// - A session dies with the passkey that started it, and with its account.
public final class RelyingParty: Sendable {
    public let configuration: RelyingPartyConfiguration
    let store: any Store
    let metrics: any CeremonyMetrics

    /// The verifiers for the two policies a ceremony can end up with, built once: user verification required or not.
    private let registrationVerifiers: (uvRequired: RegistrationVerifier, uvOptional: RegistrationVerifier)
    private let authenticationVerifiers: (uvRequired: AuthenticationVerifier, uvOptional: AuthenticationVerifier)
    /// Parsed public keys of credentials that signed in recently.
    private let publicKeys = PublicKeyCache()
    /// Read from the store on first use (it is made once per deployment and kept there).
    private let standIns = Mutex<StandInCredentials?>(nil)

    public init(configuration: RelyingPartyConfiguration, store: any Store, metrics: (any CeremonyMetrics)? = nil) {
        self.configuration = configuration
        self.store = store
        self.metrics = metrics ?? NoMetrics()
        func policy(requireUV: Bool) -> VerificationPolicy {
            VerificationPolicy(
                rpID: configuration.rpID, origins: configuration.origins, requireUserVerification: requireUV,
                algorithms: configuration.algorithms, attestation: configuration.attestation, clock: configuration.clock)
        }
        registrationVerifiers = (RegistrationVerifier(policy: policy(requireUV: true)), RegistrationVerifier(policy: policy(requireUV: false)))
        authenticationVerifiers = (AuthenticationVerifier(policy: policy(requireUV: true)), AuthenticationVerifier(policy: policy(requireUV: false)))
    }

    // MARK: Registration

    /// `POST /attestation/options`: begins a registration.
    ///
    /// A username that belongs to an account — with passkeys or without — needs that account's session: that is how
    /// a signed-in user adds a passkey, and nobody else can attach one to the account or learn its user handle. A
    /// free username begins a new account with a new random handle.
    public func beginRegistration(_ request: JSONObject, session: SessionRecord?) async throws -> JSONObject {
        let username = try RequestMembers.requiredName(request, "username")
        let displayName = try RequestMembers.name(request, "displayName", required: false) ?? username
        var selection = try RequestMembers.optionalObject(request, "authenticatorSelection")
        let extensions = try RequestMembers.optionalObject(request, "extensions")
        let attestation = try RequestMembers.optionalString(request, "attestation")
        if let attestation, !["none", "indirect", "direct", "enterprise"].contains(attestation) {
            throw RelyingPartyError.badRequest("attestation: expected none, indirect, direct or enterprise, found '\(attestation)'")
        }
        let requested = try RequestMembers.optionalString(selection, "userVerification")
        let userVerification = configuration.userVerification.raised(by: requested)

        let handle: [UInt8]
        let newAccountName: String?
        var excluded: [CredentialRecord] = []
        if let existing = try await store.user(username: username) {
            guard let session, session.userHandle == existing.handle else {
                throw RelyingPartyError(.forbidden, "The username '\(username)' is taken. If it is yours, sign in and add the passkey from your account.")
            }
            handle = existing.handle
            newAccountName = nil
            excluded = try await store.credentials(userHandle: existing.handle)
        } else {
            handle = SecureRandom.bytes(32)
            newAccountName = username
        }
        let challenge = Base64URL.encode(SecureRandom.bytes(32))
        let now = configuration.nowMilliseconds
        try await store.ceremonies.insert(PendingCeremony(
            challenge: challenge, kind: .registration, userHandle: handle, username: newAccountName, displayName: displayName,
            requireUserVerification: userVerification == .required, expiresAt: now + configuration.ceremonyTimeout,
            sessionHash: newAccountName == nil ? session?.tokenHash : nil), now: now)
        metrics.begun(.registration)

        // Contract: authenticatorSelection, attestation and extensions are echoed as given. The one change is the
        // server's user-verification floor: a lower request is raised, and a stricter-than-default policy is stated.
        let asked = requested.flatMap(UserVerificationPolicy.init(rawValue:))
        if asked != userVerification, requested != nil || userVerification == .required {
            var raised = selection ?? JSONObject()
            raised["userVerification"] = .string(userVerification.rawValue)
            selection = raised
        }
        var response = JSONObject([
            "rp": .object(JSONObject(["name": .string(configuration.rpName), "id": .string(configuration.rpID)])),
            "user": .object(JSONObject(["id": .string(Base64URL.encode(handle)), "name": .string(username), "displayName": .string(displayName)])),
            "challenge": .string(challenge),
            "pubKeyCredParams": .array(configuration.algorithms.map { .object(JSONObject(["type": .string("public-key"), "alg": JSONValue($0.rawValue)])) }),
            "timeout": JSONValue(configuration.ceremonyTimeout),
            "excludeCredentials": .array(excluded.map { Self.descriptor($0, withTransports: true) }),
        ])
        if let selection { response["authenticatorSelection"] = .object(selection) }
        response["attestation"] = .string(attestation ?? "none")
        if let extensions { response["extensions"] = .object(extensions) }
        return response
    }

    /// `POST /attestation/result`: finishes a registration and signs the user in.
    public func finishRegistration(_ body: [UInt8]) async throws -> (response: JSONObject, sessionToken: String) {
        let response: RegistrationResponse
        do { response = try RegistrationResponse(json: body) } catch { throw failure(.registration, error) }
        let now = configuration.nowMilliseconds
        let ceremony = try await claimCeremony(.registration, clientDataJSON: response.clientDataJSON, now: now)
        guard let handle = ceremony.userHandle else {
            throw RelyingPartyError.badRequest("This registration is incomplete; begin again with /attestation/options.")
        }
        let verified: VerifiedRegistration
        do {
            let verifier = ceremony.requireUserVerification ? registrationVerifiers.uvRequired : registrationVerifiers.uvOptional
            verified = try await verifier.verify(response, challenge: Challenge(base64URL: ceremony.challenge))
        } catch {
            throw failure(.registration, error)
        }

        let newUser = ceremony.username.map { UserRecord(handle: handle, username: $0, displayName: ceremony.displayName ?? $0, createdAt: now) }
        let existingCount = newUser == nil ? try await store.credentials(userHandle: handle).count : 0
        let aaguid = verified.aaguid.description
        let record = CredentialRecord(
            id: verified.credentialID, userHandle: handle, publicKey: verified.publicKey.coseBytes, signCount: verified.signCount,
            transports: verified.transports, aaguid: aaguid, format: verified.format, attestationType: verified.attestationType.rawValue,
            backupEligible: verified.backupEligible, backupState: verified.backupState,
            name: verified.authenticatorDescription ?? AuthenticatorNames.name(for: aaguid) ?? "Passkey \(existingCount + 1)",
            createdAt: now, lastUsedAt: nil)
        let (token, session) = newSession(for: handle, credentialID: record.id, now: now)
        switch try await store.finishRegistration(newUser: newUser, credential: record, session: session, requiredSession: ceremony.sessionHash, now: now) {
        case .registered:
            break
        case .usernameTaken:
            metrics.failed(.registration, code: "usernameTaken")
            throw RelyingPartyError(.forbidden, "The username '\(ceremony.username ?? "")' was taken while this registration was in progress.", code: "usernameTaken")
        case .credentialExists:
            // §7.1 step 26: a credential ID registered before is refused.
            metrics.failed(.registration, code: "credentialAlreadyRegistered")
            throw RelyingPartyError(.badRequest, "This passkey is already registered.", code: "credentialAlreadyRegistered")
        case .accountGone:
            metrics.failed(.registration, code: "accountDeleted")
            throw RelyingPartyError(.forbidden, "The account this passkey was for was deleted while the registration was in progress.", code: "accountDeleted")
        case .sessionEnded:
            metrics.failed(.registration, code: "sessionEnded")
            throw RelyingPartyError(.forbidden, "The session that began this registration has ended (signed out, expired, or its passkey was removed); sign in and begin again.", code: "sessionEnded")
        }
        var user = newUser
        if user == nil { user = try await store.user(handle: handle) }
        guard let user else { throw RelyingPartyError.noSession }
        metrics.succeeded(.registration)
        return (JSONObject(["session": .string(token), "user": Self.user(user), "credential": summary(record)]), token)
    }

    // MARK: Authentication

    /// `POST /assertion/options`: begins a sign-in, for a username or (none given) with a discoverable passkey.
    ///
    /// An unknown username is answered like a known one (200, stand-in credential IDs), so this endpoint does not
    /// tell who has an account; the sign-in then fails as with any passkey that is not registered.
    public func beginAuthentication(_ request: JSONObject) async throws -> JSONObject {
        // Contract: an empty or absent username begins a discoverable sign-in.
        let given = try RequestMembers.optionalString(request, "username") ?? ""
        let username = given.isEmpty ? nil : try RequestMembers.name(request, "username", required: false)
        let requested = try RequestMembers.optionalString(request, "userVerification")
        if let requested, UserVerificationPolicy(rawValue: requested) == nil {
            throw RelyingPartyError.badRequest("userVerification: expected required, preferred or discouraged, found '\(requested)'")
        }
        let userVerification = configuration.userVerification.raised(by: requested)
        let extensions = try RequestMembers.optionalObject(request, "extensions")
        var allowed: [JSONValue] = []
        var handle: [UInt8]? = nil
        if let username {
            if let (user, credentials) = try await store.userWithCredentials(username: username), !credentials.isEmpty {
                // IDs only: transports (which vary with each user's authenticators) would tell real lists from
                // stand-ins. They are hints (§5.8.3); clients offer every transport without them.
                allowed = credentials.map { Self.descriptor($0, withTransports: false) }
                handle = user.handle
            } else {
                let standIns = try await standInCredentials()
                allowed = standIns.descriptors(for: username)
                handle = standIns.userHandle(for: username)
            }
        }
        let challenge = Base64URL.encode(SecureRandom.bytes(32))
        let now = configuration.nowMilliseconds
        try await store.ceremonies.insert(PendingCeremony(
            challenge: challenge, kind: .authentication, userHandle: handle, username: username, displayName: nil,
            requireUserVerification: userVerification == .required, expiresAt: now + configuration.ceremonyTimeout), now: now)
        metrics.begun(.authentication)
        var response = JSONObject([
            "challenge": .string(challenge),
            "timeout": JSONValue(configuration.ceremonyTimeout),
            "rpId": .string(configuration.rpID),
            "allowCredentials": .array(allowed),
            "userVerification": .string(userVerification.rawValue),
        ])
        if let extensions { response["extensions"] = .object(extensions) }
        return response
    }

    /// `POST /assertion/result`: finishes a sign-in and starts a session.
    public func finishAuthentication(_ body: [UInt8]) async throws -> (response: JSONObject, sessionToken: String) {
        let response: AuthenticationResponse
        do { response = try AuthenticationResponse(json: body) } catch { throw failure(.authentication, error) }
        let now = configuration.nowMilliseconds
        let ceremony = try await claimCeremony(.authentication, clientDataJSON: response.clientDataJSON, now: now)
        let verifier = ceremony.requireUserVerification ? authenticationVerifiers.uvRequired : authenticationVerifiers.uvOptional
        let challenge = Challenge(base64URL: ceremony.challenge)
        // §7.2 steps 9–19 first: they do not depend on the credential, so their detailed answers reveal nothing about
        // which credential IDs (and so which accounts) exist. Everything after the lookup that a sender without the
        // private key can provoke gets the one answer an unknown passkey gets (`unknownCredential`); /metrics keeps
        // the real reason for operators.
        do { try verifier.verifyCeremonyData(response, challenge: challenge) } catch { throw failure(.authentication, error) }
        guard let (record, user) = try await store.credentialWithOwner(id: response.rawID) else {
            throw notAccepted(code: "unknownCredential")
        }
        // §7.2 steps 5–6: a username sign-in allowed only that user's credentials.
        if let identified = ceremony.userHandle, identified != record.userHandle {
            throw notAccepted(code: WebAuthnError.Code.credentialNotAllowed.rawValue)
        }
        let verified: VerifiedAuthentication
        do {
            let key = try publicKeys.key(for: record.publicKey)
            let stored = StoredCredential(id: record.id, publicKey: key, signCount: record.signCount, backupEligible: record.backupEligible, userHandle: record.userHandle)
            verified = try verifier.verify(response, challenge: challenge, credential: stored, userHandleRequired: ceremony.userHandle == nil)
        } catch {
            // Until the signature has verified, the sender may not hold the key: what the stored record says (its
            // owner's handle, its backup eligibility) stays hidden. After it (the counter), the sender is the holder.
            if Self.answeredAsUnknown.contains(error.code) { throw notAccepted(code: error.code.rawValue) }
            throw failure(.authentication, error)
        }
        let (token, session) = newSession(for: user.handle, credentialID: record.id, now: now)
        guard try await store.recordSignIn(credentialID: record.id, signCount: verified.newSignCount, backupState: verified.backupState, at: now, session: session) else {
            metrics.failed(.authentication, code: "signInConflict")
            throw RelyingPartyError(.conflict, "This sign-in was overtaken: the passkey signed in again with the same or a higher counter, or it was removed, at the same moment. No session was started; sign in again.", code: "signInConflict")
        }
        metrics.succeeded(.authentication)
        return (JSONObject(["session": .string(token), "user": Self.user(user)]), token)
    }

    /// The same words for a credential ID that is not stored (never was, was removed, or was a stand-in) and for one
    /// that is stored but whose assertion was not made with its key: the two must not be told apart.
    static let unknownPasskey = "This passkey is not registered here (it may have been removed), or it did not sign this sign-in."

    /// Failures that depend on the stored credential and come before (or are) its signature check.
    static let answeredAsUnknown: Set<WebAuthnError.Code> = [.invalidSignature, .backupEligibilityChanged, .userHandleMismatch, .credentialIdMismatch, .credentialNotAllowed, .invalidPublicKey]

    /// The one answer for every failure that could tell a stranger whether a credential ID is stored; `code` is the
    /// real reason, counted in metrics only.
    private func notAccepted(code: String) -> RelyingPartyError {
        metrics.failed(.authentication, code: code)
        return RelyingPartyError(.badRequest, Self.unknownPasskey, code: "unknownCredential")
    }

    // MARK: Helpers

    /// Counts a failed verification and turns it into the 400 answer.
    func failure(_ kind: PendingCeremony.Kind, _ error: WebAuthnError) -> RelyingPartyError {
        metrics.failed(kind, code: error.code.rawValue)
        return RelyingPartyError(.badRequest, Self.messageForClients(error), code: error.code.rawValue)
    }

    /// The core's message, except where it lists this server's configuration: a client learns that its origin is
    /// not accepted, not which origins are (they may name internal or unreleased sites).
    static func messageForClients(_ error: WebAuthnError) -> String {
        switch error.code {
        case .originMismatch: "clientDataJSON.origin: expected one of this relying party's origins, found another"
        case .topOriginMismatch: "clientDataJSON.topOrigin: expected one of the pages allowed to embed this relying party, found another"
        default: error.message
        }
    }

    /// Finds and consumes the pending ceremony named by `clientDataJSON.challenge` (contract: no cookie needed;
    /// each challenge finishes once). The client data is verified in full later, by the core.
    private func claimCeremony(_ kind: PendingCeremony.Kind, clientDataJSON: [UInt8], now: Int64) async throws -> PendingCeremony {
        let clientData: CollectedClientData
        do { clientData = try CollectedClientData(bytes: clientDataJSON, field: "response.clientDataJSON") } catch { throw failure(kind, error) }
        guard Self.couldBeOurChallenge(clientData.challenge),
              let ceremony = try await store.ceremonies.take(challenge: clientData.challenge, kind: kind, now: now) else {
            metrics.failed(kind, code: "unknownCeremony")
            let begin = kind == .registration ? "/attestation/options" : "/assertion/options"
            throw RelyingPartyError(.badRequest, "This \(kind == .registration ? "registration" : "sign-in") is unknown, already finished or expired: begin again with \(begin).", code: "unknownCeremony")
        }
        return ceremony
    }

    private func standInCredentials() async throws -> StandInCredentials {
        if let ready = standIns.withLock({ $0 }) { return ready }
        let secret = try await store.secret(named: "stand-in-credentials") { SecureRandom.bytes(32) }
        let made = StandInCredentials(secret: secret)
        standIns.withLock { $0 = made }
        return made
    }

    /// A new session: the token for the client, and the record (holding only the token's hash) for the store.
    func newSession(for handle: [UInt8], credentialID: [UInt8]?, now: Int64) -> (token: String, record: SessionRecord) {
        let token = Base64URL.encode(SecureRandom.bytes(32))
        return (token, SessionRecord(tokenHash: Self.hash(token), userHandle: handle, credentialID: credentialID, expiresAt: now + configuration.sessionLifetime))
    }

    /// Our challenges are 43 base64url characters; anything else cannot name a pending ceremony, and is not sent to
    /// the database (PostgreSQL refuses some characters, such as NUL, in text).
    static func couldBeOurChallenge(_ text: String) -> Bool {
        text.utf8.count == 43 && text.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) || $0 == 0x2D || $0 == 0x5F }
    }

    static func hash(_ token: String) -> String { Hex.encode(SHA256.hash(data: Array(token.utf8))) }

    /// A `PublicKeyCredentialDescriptorJSON`; transports only where their shape reveals nothing (to the account's
    /// own session, in `excludeCredentials`).
    static func descriptor(_ record: CredentialRecord, withTransports: Bool) -> JSONValue {
        var object = JSONObject(["type": .string("public-key"), "id": .string(Base64URL.encode(record.id))])
        if withTransports, !record.transports.isEmpty { object["transports"] = .array(record.transports.map(JSONValue.string)) }
        return .object(object)
    }

    static func user(_ user: UserRecord) -> JSONValue {
        .object(JSONObject(["id": .string(Base64URL.encode(user.handle)), "name": .string(user.username), "displayName": .string(user.displayName)]))
    }
}
