import Crypto
import Foundation
public import PasskeyCore

/// The relying party: ceremony logic over the verification core and a ``Store``. HTTP routes decode and encode;
/// every decision is made here.
public final class RelyingParty: Sendable {
    public let configuration: RelyingPartyConfiguration
    let store: any Store
    let metrics: any CeremonyMetrics

    /// The verifiers for the two policies a ceremony can ask for, built once: user verification required or not.
    private let registrationVerifiers: (uvRequired: RegistrationVerifier, uvOptional: RegistrationVerifier)
    private let authenticationVerifiers: (uvRequired: AuthenticationVerifier, uvOptional: AuthenticationVerifier)

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

    static let maximumNameLength = 64

    // MARK: Registration

    /// `POST /attestation/options`: begins a registration. A username that already has passkeys needs a session of
    /// that user (that is how a signed-in user adds a passkey); nobody else can attach a passkey to it.
    public func beginRegistration(_ request: JSONObject, session: SessionRecord?) async throws -> JSONObject {
        let username = try Self.requiredName(request, "username")
        let displayName = try Self.name(request, "displayName", required: false) ?? username
        let selection = try Self.optionalObject(request, "authenticatorSelection")
        let extensions = try Self.optionalObject(request, "extensions")
        let attestation = try Self.optionalString(request, "attestation")
        if let attestation, !["none", "indirect", "direct", "enterprise"].contains(attestation) {
            throw RelyingPartyError.badRequest("attestation: expected none, indirect, direct or enterprise, found '\(attestation)'")
        }
        let requireUV = try Self.optionalString(selection, "userVerification") == "required"

        var handle = Self.randomBytes(32)
        var excluded: [CredentialRecord] = []
        if let existing = try await store.user(username: username) {
            excluded = try await store.credentials(userHandle: existing.handle)
            if !excluded.isEmpty {
                guard let session, session.userHandle == existing.handle else {
                    throw RelyingPartyError(.forbidden, "The username '\(username)' already has passkeys. Sign in as that user to add another.")
                }
            }
            handle = existing.handle
        }
        let challenge = Base64URL.encode(Self.randomBytes(32))
        try await store.insertCeremony(PendingCeremony(
            challenge: challenge, kind: .registration, userHandle: handle, username: username, displayName: displayName,
            requireUserVerification: requireUV, expiresAt: configuration.nowMilliseconds + configuration.ceremonyTimeout))
        metrics.begun(.registration)

        // Contract: authenticatorSelection, attestation and extensions are echoed verbatim, nothing added.
        var response = JSONObject([
            "rp": .object(JSONObject(["name": .string(configuration.rpName), "id": .string(configuration.rpID)])),
            "user": .object(JSONObject(["id": .string(Base64URL.encode(handle)), "name": .string(username), "displayName": .string(displayName)])),
            "challenge": .string(challenge),
            "pubKeyCredParams": .array(configuration.algorithms.map { .object(JSONObject(["type": .string("public-key"), "alg": JSONValue($0.rawValue)])) }),
            "timeout": JSONValue(configuration.ceremonyTimeout),
            "excludeCredentials": .array(excluded.map(Self.descriptor)),
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
        guard let handle = ceremony.userHandle, let username = ceremony.username else {
            throw RelyingPartyError.badRequest("This registration is incomplete; begin again with /attestation/options.")
        }
        let verified: VerifiedRegistration
        do {
            let verifier = ceremony.requireUserVerification ? registrationVerifiers.uvRequired : registrationVerifiers.uvOptional
            verified = try await verifier.verify(response, challenge: Challenge(base64URL: ceremony.challenge))
        } catch {
            throw failure(.registration, error)
        }

        var user = try await store.user(handle: handle)
        if user == nil {
            let created = UserRecord(handle: handle, username: username, displayName: ceremony.displayName ?? username, createdAt: now)
            guard try await store.insertUser(created) else {
                metrics.failed(.registration, code: "usernameTaken")
                throw RelyingPartyError(.forbidden, "The username '\(username)' was taken while this registration was in progress.")
            }
            user = created
        }
        guard let user else { throw RelyingPartyError.badRequest("The account could not be created.") }
        let existing = try await store.credentials(userHandle: handle)
        let aaguid = verified.aaguid.description
        let record = CredentialRecord(
            id: verified.credentialID, userHandle: handle, publicKey: verified.publicKey.coseBytes, signCount: verified.signCount,
            transports: verified.transports, aaguid: aaguid, format: verified.format, attestationType: verified.attestationType.rawValue,
            backupEligible: verified.backupEligible, backupState: verified.backupState,
            name: verified.authenticatorDescription ?? AuthenticatorNames.name(for: aaguid) ?? "Passkey \(existing.count + 1)",
            createdAt: now, lastUsedAt: nil)
        // §7.1 step 26: a credential ID registered before is refused.
        guard try await store.insertCredential(record) else {
            metrics.failed(.registration, code: "credentialAlreadyRegistered")
            throw RelyingPartyError.badRequest("This passkey is already registered.")
        }
        let token = try await startSession(for: handle, now: now)
        metrics.succeeded(.registration)
        return (JSONObject(["session": .string(token), "user": Self.user(user), "credential": summary(record)]), token)
    }

    // MARK: Authentication

    /// `POST /assertion/options`: begins a sign-in, for a username or (none given) with a discoverable passkey.
    public func beginAuthentication(_ request: JSONObject) async throws -> JSONObject {
        // Contract: an empty or absent username begins a discoverable sign-in.
        let given = try Self.optionalString(request, "username") ?? ""
        let username = given.isEmpty ? nil : try Self.name(request, "username", required: false)
        let userVerification = try Self.optionalString(request, "userVerification")
        if let userVerification, !["required", "preferred", "discouraged"].contains(userVerification) {
            throw RelyingPartyError.badRequest("userVerification: expected required, preferred or discouraged, found '\(userVerification)'")
        }
        let extensions = try Self.optionalObject(request, "extensions")
        var allowed: [CredentialRecord] = []
        var handle: [UInt8]? = nil
        if let username {
            guard let (user, credentials) = try await store.userWithCredentials(username: username), !credentials.isEmpty else {
                throw RelyingPartyError.badRequest("No passkeys are registered for '\(username)'.")
            }
            allowed = credentials
            handle = user.handle
        }
        let challenge = Base64URL.encode(Self.randomBytes(32))
        try await store.insertCeremony(PendingCeremony(
            challenge: challenge, kind: .authentication, userHandle: handle, username: username, displayName: nil,
            requireUserVerification: userVerification == "required", expiresAt: configuration.nowMilliseconds + configuration.ceremonyTimeout))
        metrics.begun(.authentication)
        var response = JSONObject([
            "challenge": .string(challenge),
            "timeout": JSONValue(configuration.ceremonyTimeout),
            "rpId": .string(configuration.rpID),
            "allowCredentials": .array(allowed.map(Self.descriptor)),
            "userVerification": .string(userVerification ?? "preferred"),
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
        guard let (record, user) = try await store.credentialWithOwner(id: response.rawID) else {
            metrics.failed(.authentication, code: "unknownCredential")
            throw RelyingPartyError.badRequest("This passkey is not registered here (it may have been removed).")
        }
        // §7.2 steps 5–6: a username sign-in allowed only that user's credentials.
        if let identified = ceremony.userHandle, identified != record.userHandle {
            throw failure(.authentication, WebAuthnError(.credentialNotAllowed, "rawId: expected one of the passkeys of the user who began this sign-in, found a passkey of another account"))
        }
        let verified: VerifiedAuthentication
        do {
            let key = try CredentialPublicKey(coseBytes: record.publicKey)
            let stored = StoredCredential(id: record.id, publicKey: key, signCount: record.signCount, backupEligible: record.backupEligible, userHandle: record.userHandle)
            let verifier = ceremony.requireUserVerification ? authenticationVerifiers.uvRequired : authenticationVerifiers.uvOptional
            verified = try verifier.verify(
                response, challenge: Challenge(base64URL: ceremony.challenge), credential: stored,
                userHandleRequired: ceremony.userHandle == nil)
        } catch {
            throw failure(.authentication, error)
        }
        let (token, session) = newSession(for: user.handle, now: now)
        try await store.recordSignIn(credentialID: record.id, signCount: verified.newSignCount, backupState: verified.backupState, at: now, session: session)
        metrics.succeeded(.authentication)
        return (JSONObject(["session": .string(token), "user": Self.user(user)]), token)
    }

    // MARK: Sessions and passkey management

    /// The session for a token, or nil when there is none or it expired.
    public func session(token: String?) async throws -> SessionRecord? {
        guard let token, !token.isEmpty, token.utf8.count <= 128 else { return nil }
        return try await store.session(tokenHash: Self.hash(token), now: configuration.nowMilliseconds)
    }

    /// The signed-in user, or 401.
    public func signedInUser(_ session: SessionRecord?) async throws -> UserRecord {
        guard let session, let user = try await store.user(handle: session.userHandle) else { throw RelyingPartyError.noSession }
        return user
    }

    public func currentUser(_ session: SessionRecord?) async throws -> JSONObject {
        JSONObject(["user": Self.user(try await signedInUser(session))])
    }

    public func signOut(token: String?) async throws {
        guard let token, !token.isEmpty else { return }
        try await store.deleteSession(tokenHash: Self.hash(token))
    }

    public func listCredentials(_ session: SessionRecord?) async throws -> JSONObject {
        let user = try await signedInUser(session)
        return JSONObject(["credentials": .array(try await store.credentials(userHandle: user.handle).map(summary))])
    }

    public func renameCredential(_ session: SessionRecord?, id: String, body: JSONObject) async throws -> JSONObject {
        let user = try await signedInUser(session)
        let credentialID = try Self.credentialID(id)
        let name = try Self.requiredName(body, "name")
        guard try await store.renameCredential(id: credentialID, userHandle: user.handle, name: name),
              let record = try await store.credential(id: credentialID) else {
            throw RelyingPartyError(.notFound, "No passkey \(id) belongs to this account.")
        }
        return JSONObject(["credential": summary(record)])
    }

    public func deleteCredential(_ session: SessionRecord?, id: String) async throws {
        let user = try await signedInUser(session)
        guard try await store.deleteCredential(id: try Self.credentialID(id), userHandle: user.handle) else {
            throw RelyingPartyError(.notFound, "No passkey \(id) belongs to this account.")
        }
    }

    // MARK: Helpers

    /// Counts a failed verification and turns it into the 400 answer.
    private func failure(_ kind: PendingCeremony.Kind, _ error: WebAuthnError) -> RelyingPartyError {
        metrics.failed(kind, code: error.code.rawValue)
        return RelyingPartyError.verification(error)
    }

    /// Finds and consumes the pending ceremony named by `clientDataJSON.challenge` (contract: no cookie needed;
    /// each challenge finishes once). The client data is verified in full later, by the core.
    private func claimCeremony(_ kind: PendingCeremony.Kind, clientDataJSON: [UInt8], now: Int64) async throws -> PendingCeremony {
        let clientData: CollectedClientData
        do { clientData = try CollectedClientData(bytes: clientDataJSON, field: "response.clientDataJSON") } catch { throw failure(kind, error) }
        guard Self.couldBeOurChallenge(clientData.challenge),
              let ceremony = try await store.takeCeremony(challenge: clientData.challenge, kind: kind, now: now) else {
            metrics.failed(kind, code: "unknownCeremony")
            let begin = kind == .registration ? "/attestation/options" : "/assertion/options"
            throw RelyingPartyError.badRequest("This \(kind == .registration ? "registration" : "sign-in") is unknown, already finished or expired: begin again with \(begin).")
        }
        return ceremony
    }

    /// A new session: the token for the client, and the record (holding only the token's hash) for the store.
    private func newSession(for handle: [UInt8], now: Int64) -> (token: String, record: SessionRecord) {
        let token = Base64URL.encode(Self.randomBytes(32))
        return (token, SessionRecord(tokenHash: Self.hash(token), userHandle: handle, expiresAt: now + configuration.sessionLifetime))
    }

    private func startSession(for handle: [UInt8], now: Int64) async throws -> String {
        let (token, session) = newSession(for: handle, now: now)
        try await store.insertSession(session)
        return token
    }

    /// Our challenges are 43 base64url characters; anything else cannot name a pending ceremony, and is not sent to
    /// the database (PostgreSQL refuses some characters, such as NUL, in text).
    static func couldBeOurChallenge(_ text: String) -> Bool {
        text.utf8.count == 43 && text.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) || $0 == 0x2D || $0 == 0x5F }
    }

    static func hash(_ token: String) -> String { Hex.encode(SHA256.hash(data: Array(token.utf8))) }

    static func randomBytes(_ count: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    }

    static func credentialID(_ text: String) throws -> [UInt8] {
        do { return try Base64URL.decode(text, field: "credential id") } catch {
            throw RelyingPartyError(.notFound, "No passkey \(text) belongs to this account (\(error.message)).")
        }
    }

    static func descriptor(_ record: CredentialRecord) -> JSONValue {
        var object = JSONObject(["type": .string("public-key"), "id": .string(Base64URL.encode(record.id))])
        if !record.transports.isEmpty { object["transports"] = .array(record.transports.map(JSONValue.string)) }
        return .object(object)
    }

    static func user(_ user: UserRecord) -> JSONValue {
        .object(JSONObject(["id": .string(Base64URL.encode(user.handle)), "name": .string(user.username), "displayName": .string(user.displayName)]))
    }

    func summary(_ record: CredentialRecord) -> JSONValue {
        .object(JSONObject([
            "id": .string(Base64URL.encode(record.id)),
            "name": .string(record.name),
            "createdAt": .string(Self.iso8601(record.createdAt)),
            "lastUsedAt": record.lastUsedAt.map { .string(Self.iso8601($0)) } ?? .null,
            "aaguid": .string(record.aaguid),
            "authenticatorName": AuthenticatorNames.name(for: record.aaguid, metadata: configuration.attestation.metadata).map(JSONValue.string) ?? .null,
            "format": .string(record.format),
            "backupEligible": .bool(record.backupEligible),
            "backupState": .bool(record.backupState),
            "transports": .array(record.transports.map(JSONValue.string)),
        ]))
    }

    static func iso8601(_ milliseconds: Int64) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: Date(timeIntervalSince1970: Double(milliseconds) / 1000))
    }

    // Request members, typed, with the contract's wording for errors.
    static func name(_ object: JSONObject, _ key: String, required: Bool) throws -> String? {
        guard let value = object[key] else {
            if required { throw RelyingPartyError.badRequest("\(key): expected a non-empty string, found nothing") }
            return nil
        }
        guard case .string(let text) = value else { throw RelyingPartyError.badRequest("\(key): expected a string, found \(value.typeName)") }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw RelyingPartyError.badRequest("\(key): expected a non-empty string, found an empty one") }
        guard trimmed.count <= maximumNameLength else {
            throw RelyingPartyError.badRequest("\(key): expected at most \(maximumNameLength) characters, found \(trimmed.count)")
        }
        guard !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw RelyingPartyError.badRequest("\(key): expected no control characters")
        }
        return trimmed
    }

    static func requiredName(_ object: JSONObject, _ key: String) throws -> String {
        guard let name = try name(object, key, required: true) else {
            throw RelyingPartyError.badRequest("\(key): expected a non-empty string, found nothing")
        }
        return name
    }

    static func optionalString(_ object: JSONObject?, _ key: String) throws -> String? {
        guard let value = object?[key] else { return nil }
        guard case .string(let text) = value else { throw RelyingPartyError.badRequest("\(key): expected a string, found \(value.typeName)") }
        return text
    }

    static func optionalObject(_ object: JSONObject, _ key: String) throws -> JSONObject? {
        guard let value = object[key] else { return nil }
        guard case .object(let inner) = value else { throw RelyingPartyError.badRequest("\(key): expected an object, found \(value.typeName)") }
        return inner
    }
}
