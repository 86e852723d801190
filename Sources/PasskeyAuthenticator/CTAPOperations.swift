import Crypto
import Foundation
public import PasskeyCore

/// authenticatorMakeCredential parameters (CTAP2 §6.1.1), in the software authenticator's terms.
public struct MakeCredentialRequest: Sendable {
    /// SHA-256 of `clientDataJSON` (32 bytes), which an attestation signature covers: it binds the new credential to
    /// this ceremony's challenge and origin.
    public var clientDataHash: [UInt8]
    /// The RP ID the credential is scoped to: its SHA-256 goes into authenticator data, and only requests for this RP
    /// ID can use the credential later.
    public var rpID: String
    /// `user.id` (1 to 64 bytes): stored with the credential and returned in assertions, so a relying party can find
    /// the account without a username.
    public var userHandle: [UInt8]
    /// `user.name`, stored so the user can tell credentials apart when choosing one.
    public var userName: String
    /// `user.displayName`, stored for display.
    public var userDisplayName: String
    /// Acceptable algorithms, most preferred first (pubKeyCredParams).
    public var algorithms: [COSEAlgorithm]
    /// IDs of credentials the account already has: if this authenticator holds one for the same RP ID, it refuses with
    /// ``AuthenticatorError/Code/credentialExcluded`` instead of making a second.
    public var excludeList: [[UInt8]]
    /// Create a discoverable credential (the "rk" option).
    public var residentKey: Bool
    /// Whether the user must, may or need not be verified; `required` fails up front on an authenticator that cannot
    /// verify.
    public var userVerification: UserVerificationRequirement
    /// False for a conditional create (WebAuthn L3 §5.1.3 `mediation: "conditional"`): the client asks without a
    /// gesture, so the authenticator neither asks the user nor sets UP or UV, and the relying party accepts that only
    /// for a ceremony it began as conditional (§7.1 step 15).
    public var userPresence: Bool = true

    /// A request; by default for an ES256, discoverable credential with user verification `preferred`.
    public init(
        clientDataHash: [UInt8], rpID: String, userHandle: [UInt8], userName: String, userDisplayName: String,
        algorithms: [COSEAlgorithm] = [.es256], excludeList: [[UInt8]] = [], residentKey: Bool = true,
        userVerification: UserVerificationRequirement = .preferred
    ) {
        self.clientDataHash = clientDataHash
        self.rpID = rpID
        self.userHandle = userHandle
        self.userName = userName
        self.userDisplayName = userDisplayName
        self.algorithms = algorithms
        self.excludeList = excludeList
        self.residentKey = residentKey
        self.userVerification = userVerification
    }
}

/// authenticatorGetAssertion parameters (CTAP2 §6.2.1).
public struct GetAssertionRequest: Sendable {
    /// SHA-256 of `clientDataJSON` (32 bytes), signed with authenticator data.
    public var clientDataHash: [UInt8]
    /// The RP ID whose credentials may answer.
    public var rpID: String
    /// Credential IDs the RP accepts; empty means "any discoverable credential for this RP".
    public var allowList: [[UInt8]]
    /// Whether the user must, may or need not be verified.
    public var userVerification: UserVerificationRequirement

    /// A request; with no allow list, the newest discoverable credential for `rpID` answers.
    public init(clientDataHash: [UInt8], rpID: String, allowList: [[UInt8]] = [], userVerification: UserVerificationRequirement = .preferred) {
        self.clientDataHash = clientDataHash
        self.rpID = rpID
        self.allowList = allowList
        self.userVerification = userVerification
    }
}

/// What authenticatorGetAssertion returns.
public struct Assertion: Sendable {
    /// The credential that signed, with its counter advanced: its ID and user handle go into the response.
    public let credential: SoftwareCredential
    /// Authenticator data: RP ID hash, flags and counter, no attested credential data.
    public let authenticatorData: [UInt8]
    /// The signature over `authenticatorData ‖ clientDataHash` by the credential's private key.
    public let signature: [UInt8]
}

extension SoftwareAuthenticator {
    /// authenticatorMakeCredential (CTAP2 §6.1.2): creates, stores and attests a new credential.
    public func authenticatorMakeCredential(
        _ request: MakeCredentialRequest
    ) async throws(AuthenticatorError) -> (credential: SoftwareCredential, attestationObject: [UInt8]) {
        // Step 3: the first algorithm this authenticator supports.
        guard let algorithm = request.algorithms.first(where: { algorithms.contains($0) && Self.supportedAlgorithms.contains($0) }) else {
            throw AuthenticatorError(
                .unsupportedAlgorithm,
                "none of the requested algorithms (\(request.algorithms.map(\.name).joined(separator: ", "))) is supported; this authenticator makes \(algorithms.map(\.name).joined(separator: ", "))"
            )
        }
        // Step 4 (excludeList): refuse if this authenticator already holds one of the RP's excluded credentials.
        if !request.excludeList.isEmpty, try await !storeCall({ try await store.credentials(ids: request.excludeList, rpID: request.rpID) }).isEmpty {
            throw AuthenticatorError(.credentialExcluded, "this authenticator already holds a passkey for this account at \(request.rpID)")
        }
        // Steps 11 and 14: the user's consent (and verification) before anything is created; a conditional create
        // has no gesture to ask for, so it gets neither, and says so (UP and UV clear).
        if !request.userPresence && request.userVerification == .required {
            throw AuthenticatorError(.operationDenied, "user verification is required, but a conditional create cannot ask the user")
        }
        let verified =
            request.userPresence
            ? try await obtainConsent(request.userVerification, purpose: .register(rpID: request.rpID, userName: request.userName))
            : false
        // A discoverable credential replaces an earlier one for the same RP and user (CTAP2 §6.1.2 step 17).
        if request.residentKey {
            let existing = try await storeCall { try await store.credentials(rpID: request.rpID, userHandle: request.userHandle) }
            for old in existing where old.discoverable {
                _ = try await storeCall { try await store.delete(id: old.id) }
            }
        }
        var made = try makeCredential(
            rpID: request.rpID, userHandle: request.userHandle, clientDataHash: request.clientDataHash, algorithm: algorithm,
            userVerified: verified, userName: request.userName, userDisplayName: request.userDisplayName, discoverable: request.residentKey,
            userPresent: request.userPresence)
        made.credential.signCount = usesSignCounter ? 1 : 0
        let stored = made.credential
        try await storeCall { try await store.save(stored) }
        return made
    }

    /// authenticatorGetAssertion (CTAP2 §6.2.2): signs with a matching credential and advances its counter.
    public func authenticatorGetAssertion(_ request: GetAssertionRequest) async throws(AuthenticatorError) -> Assertion {
        // Steps 5–7: the allow list, or every discoverable credential for the RP.
        let candidates =
            request.allowList.isEmpty
            ? try await storeCall { try await store.credentials(rpID: request.rpID) }.filter(\.discoverable)
            : try await storeCall { try await store.credentials(ids: request.allowList, rpID: request.rpID) }
        guard var credential = candidates.max(by: { $0.createdAt < $1.createdAt }) else {
            throw AuthenticatorError(
                .noCredentials,
                request.allowList.isEmpty
                    ? "this authenticator has no passkey for \(request.rpID)"
                    : "this authenticator holds none of the \(request.allowList.count) passkeys \(request.rpID) asked for")
        }
        // Steps 6 and 9: the user's consent (and verification) before the key signs or the counter moves.
        let verified = try await obtainConsent(request.userVerification, purpose: .signIn(rpID: request.rpID, userName: credential.userName))
        // The counter is persisted before the signature leaves, so a crash can never reuse a value.
        let (authData, signature) = try getAssertion(&credential, clientDataHash: request.clientDataHash, userVerified: verified)
        let updated = credential
        try await storeCall { try await store.save(updated) }
        return Assertion(credential: credential, authenticatorData: authData, signature: signature)
    }

    /// Algorithms this authenticator can create; it makes the first of these the relying party lists.
    public static let supportedAlgorithms: [COSEAlgorithm] = [.es256, .edDSA, .rs256, .ps256, .mlDSA65, .mlDSA87]

    /// Asks the user once and returns whether UV is reported; throws unless the user approved.
    ///
    /// CTAP2.1 §6.1.2 steps 11 and 14 and §6.2.2 steps 6 and 9: user presence is the evidence that the user
    /// consented ("If the user declines permission … return CTAP2_ERR_OPERATION_DENIED"), so it is asked for before
    /// any key is made or used, and a refusal ends the ceremony: UP is only ever set by the signing that follows an
    /// approval. A `uv` the authenticator cannot perform is CTAP2_ERR_UNSUPPORTED_OPTION, before the user is asked.
    private func obtainConsent(_ requirement: UserVerificationRequirement, purpose: VerificationPurpose) async throws(AuthenticatorError) -> Bool {
        if requirement == .required && !userVerifier.canVerify {
            throw AuthenticatorError(
                .userVerificationUnavailable, "user verification is required, but this authenticator has no way to verify the user")
        }
        switch await userVerifier.verifyUser(for: purpose) {
        case .declined:
            throw AuthenticatorError(.operationDenied, "the user declined the request")
        case .approved:
            guard requirement != .required else {
                throw AuthenticatorError(.operationDenied, "user verification is required, but the user approved without being verified")
            }
            return false
        case .verified:
            // Reported only by a verifier that has a method, and not when the RP discouraged it (L3 §5.8.6).
            return userVerifier.canVerify && requirement != .discouraged
        }
    }

    private func storeCall<T: Sendable>(_ body: () async throws -> T) async throws(AuthenticatorError) -> T {
        do { return try await body() } catch let error as AuthenticatorError { throw error } catch {
            throw AuthenticatorError(.storageFailed, "the credential store failed: \(error)")
        }
    }
}
