import Crypto

/// What the relying party stored about a credential (WebAuthn L3 §4, "credential record"), as authentication needs it.
public struct StoredCredential: Sendable {
    /// The credential ID, as registered (`VerifiedRegistration.credentialID`).
    public let id: [UInt8]
    /// The credential public key recorded at registration; assertion signatures must verify with it.
    public let publicKey: CredentialPublicKey
    /// The signature counter recorded after the last successful ceremony (0 for authenticators that keep none).
    public let signCount: UInt32
    /// BE as recorded at registration; nil when unknown (then §7.2 step 19 cannot be checked).
    public let backupEligible: Bool?
    /// The user handle of the account that owns the credential; nil when the caller does not track it.
    public let userHandle: [UInt8]?

    /// A credential record as the relying party loaded it. Leave `backupEligible` and `userHandle` nil only when they
    /// were never stored; each nil skips the check it enables.
    public init(id: [UInt8], publicKey: CredentialPublicKey, signCount: UInt32, backupEligible: Bool? = nil, userHandle: [UInt8]? = nil) {
        self.id = id
        self.publicKey = publicKey
        self.signCount = signCount
        self.backupEligible = backupEligible
        self.userHandle = userHandle
    }
}

/// The result of a successful authentication: what to write back to the credential record (§7.2 step 24).
public struct VerifiedAuthentication: Sendable {
    /// The ID of the credential that signed in.
    public let credentialID: [UInt8]
    /// The counter from this assertion: store it, so the next one must exceed it (§6.1.1).
    public let newSignCount: UInt32
    /// Whether the authenticator verified the user this time (UV), which a relying party may want for sensitive actions
    /// even when the policy did not require it.
    public let userVerified: Bool
    /// BE from this assertion, equal to the recorded value when one was given.
    public let backupEligible: Bool
    /// BS from this assertion: whether the credential is backed up now (it can change between ceremonies). Store it:
    /// a relying party may, for example, offer to remove a password once the passkey is backed up (§6.1.3).
    public let backupState: Bool
    /// The user handle the authenticator returned; nil for non-discoverable credentials that return none.
    public let userHandle: [UInt8]?
}

/// Verifies authentication ceremonies (WebAuthn L3 §7.2, "Verifying an Authentication Assertion").
///
/// Synchronous and allocation-light: this is the hot path of every sign-in.
public struct AuthenticationVerifier: Sendable {
    /// What this verifier accepts; fixed for its lifetime.
    public let policy: VerificationPolicy
    private let rpIDHash: [UInt8]

    /// A verifier for `policy`. Cheap (it hashes the RP ID once); make one per policy and share it.
    public init(policy: VerificationPolicy) {
        self.policy = policy
        self.rpIDHash = RPIDHash.of(policy.rpID)
    }

    /// §7.2 steps 8–18: everything that can be judged without the credential record — the client data (type,
    /// challenge, origin, cross-origin), the RP ID hash and the flags — returning the parsed authenticator data.
    ///
    /// ``verify(_:challenge:credential:allowCredentials:userHandleRequired:userVerification:)`` runs these too. A relying
    /// party that must not reveal which credential IDs it stores runs them first, before it looks the credential up:
    /// then every answer that depends on the credential can be one and the same (a failure here says nothing about any
    /// account).
    ///
    /// - Parameters:
    ///   - response: the assertion as the client sent it.
    ///   - challenge: the challenge this ceremony issued.
    ///   - userVerification: the ceremony's requirement; nil uses the policy's.
    @discardableResult
    public func verifyCeremonyData(
        _ response: AuthenticationResponse, challenge: Challenge, userVerification: UserVerificationRequirement? = nil
    ) throws(WebAuthnError) -> AuthenticatorData {
        // Steps 8–9.
        let clientData = try CollectedClientData(bytes: response.clientDataJSON, field: "response.clientDataJSON")
        // Steps 10–14.
        try ClientDataVerification.verify(clientData, expectedType: "webauthn.get", challenge: challenge, policy: policy)
        let authData = try AuthenticatorData(bytes: response.authenticatorData, field: "response.authenticatorData")
        // Step 15.
        try RPIDHash.verify(authData, expected: rpIDHash, rpID: policy.rpID)
        // Steps 16–18.
        try FlagVerification.verify(authData, policy: policy, userVerification: userVerification ?? policy.userVerification)
        return authData
    }

    /// The whole of §7.2 from step 5 on: the credential is one the options allowed and the one stored, owned by the
    /// user the response names; the ceremony data (``verifyCeremonyData(_:challenge:userVerification:)``); backup eligibility as
    /// recorded; the signature; the signature counter. Storing the result (step 24) is the caller's.
    ///
    /// - Parameters:
    ///   - response: the `AuthenticationResponseJSON` the client returned, decoded.
    ///   - challenge: the challenge this ceremony sent, which `clientDataJSON` must carry.
    ///   - credential: the record of the credential `response.rawID` names, as the relying party looked it up.
    ///   - allowCredentials: the `allowCredentials` IDs the options carried; empty when none were listed.
    ///   - userHandleRequired: true for discoverable (usernameless) sign-in, where the user handle is how the
    ///     user is identified (§7.2 step 6, second case).
    ///   - userVerification: the ceremony's requirement; nil uses the policy's.
    public func verify(
        _ response: AuthenticationResponse, challenge: Challenge, credential: StoredCredential,
        allowCredentials: [[UInt8]] = [], userHandleRequired: Bool = false, userVerification: UserVerificationRequirement? = nil
    ) throws(WebAuthnError) -> VerifiedAuthentication {
        // §7.2 step 5.
        if !allowCredentials.isEmpty && !allowCredentials.contains(response.rawID) {
            throw WebAuthnError(
                .credentialNotAllowed,
                "rawId: expected one of the \(allowCredentials.count) credentials in allowCredentials, found \(Base64URL.encode(response.rawID))")
        }
        // §7.2 step 6: the response is for this credential, owned by the user it claims.
        guard response.rawID == credential.id else {
            throw WebAuthnError(
                .credentialIdMismatch,
                "rawId: expected the stored credential \(Base64URL.encode(credential.id)), found \(Base64URL.encode(response.rawID))")
        }
        if let handle = response.userHandle {
            // The owner's handle stays out of the message: it identifies an account to whoever sent the assertion.
            if let owner = credential.userHandle, handle != owner {
                throw WebAuthnError(
                    .userHandleMismatch,
                    "response.userHandle: expected the user handle of the account that owns this credential, found \(Base64URL.encode(handle)), which is not it"
                )
            }
        } else if userHandleRequired {
            throw WebAuthnError(.userHandleMismatch, "response.userHandle: expected the user handle of a discoverable credential, found none")
        }
        let authData = try verifyCeremonyData(response, challenge: challenge, userVerification: userVerification)
        // Step 19: backup eligibility is fixed when the credential is created (§6.1.3).
        if let recorded = credential.backupEligible, recorded != authData.backupEligible {
            throw WebAuthnError(
                .backupEligibilityChanged,
                "authenticatorData flags: expected BE=\(recorded ? 1 : 0) as recorded at registration, found BE=\(authData.backupEligible ? 1 : 0)")
        }
        // Steps 20–21: the signature covers authenticatorData ‖ SHA-256(clientDataJSON).
        var signed = response.authenticatorData
        signed.reserveCapacity(signed.count + 32)
        ClientDataHash.of(response.clientDataJSON).withUnsafeBytes { signed.append(contentsOf: $0) }
        guard credential.publicKey.isValidSignature(response.signature, over: signed) else {
            throw WebAuthnError(
                .invalidSignature,
                "response.signature: expected a valid \(credential.publicKey.algorithm) signature by the stored credential key over authenticatorData ‖ SHA-256(clientDataJSON), found one that does not verify"
            )
        }
        // Step 22: if either counter is non-zero, the new one must be greater (§6.1.1).
        if authData.signCount != 0 || credential.signCount != 0, authData.signCount <= credential.signCount {
            throw WebAuthnError(
                .signCountRegression,
                "authenticatorData.signCount: expected a counter greater than the stored \(credential.signCount), found \(authData.signCount); the authenticator may have been cloned"
            )
        }
        return VerifiedAuthentication(
            credentialID: credential.id, newSignCount: authData.signCount, userVerified: authData.userVerified,
            backupEligible: authData.backupEligible, backupState: authData.backupState, userHandle: response.userHandle)
    }
}
