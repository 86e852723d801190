import Crypto

/// Verifies registration ceremonies (WebAuthn L3 §7.1, "Registering a New Credential").
///
/// Steps that need the relying party's database (§7.1 step 26: the credential ID is not yet registered) and
/// storing the credential record (step 29) are the caller's; everything else is here, in the spec's order.
public struct RegistrationVerifier: Sendable {
    /// What this verifier accepts; fixed for its lifetime.
    public let policy: VerificationPolicy
    private let rpIDHash: [UInt8]

    /// A verifier for `policy`. Cheap (it hashes the RP ID once); make one per policy and share it.
    public init(policy: VerificationPolicy) {
        self.policy = policy
        self.rpIDHash = RPIDHash.of(policy.rpID)
    }

    /// Runs §7.1 steps 5 to 25 on a registration response: client data, RP ID hash, flags, the credential key and its
    /// algorithm, the attestation statement by its format, the attestation's trust (anchors, mandated roots, FIDO
    /// metadata) at the policy's clock.
    ///
    /// Asynchronous because chain validation is. Before storing the result, the caller must check that no other account
    /// has this credential ID (step 26).
    ///
    /// - Parameters:
    ///   - response: the `RegistrationResponseJSON` the client returned, decoded.
    ///   - challenge: the challenge this ceremony sent, which `clientDataJSON` must carry.
    ///   - userVerification: the ceremony's requirement; nil uses the policy's.
    /// - Throws: `WebAuthnError` with the code of the first step that failed.
    public func verify(
        _ response: RegistrationResponse, challenge: Challenge, userVerification: UserVerificationRequirement? = nil
    ) async throws(WebAuthnError) -> VerifiedRegistration {
        // §7.1 steps 5–6: parse the client data.
        let clientData = try CollectedClientData(bytes: response.clientDataJSON, field: "response.clientDataJSON")
        // Steps 7–11.
        try ClientDataVerification.verify(clientData, expectedType: "webauthn.create", challenge: challenge, policy: policy)
        // Step 12.
        let clientDataHash = Array(ClientDataHash.of(response.clientDataJSON))
        // Step 13.
        let attestation = try AttestationObject(bytes: response.attestationObject, field: "response.attestationObject")
        let authData = attestation.authenticatorData
        if let copy = response.authenticatorData, copy != authData.rawBytes {
            throw .malformed("response.authenticatorData: expected the same bytes as the authData inside attestationObject, found different bytes")
        }
        // Step 14.
        try RPIDHash.verify(authData, expected: rpIDHash, rpID: policy.rpID)
        // Steps 15–17.
        try FlagVerification.verify(authData, policy: policy, userVerification: userVerification ?? policy.userVerification)
        guard let attested = authData.attestedCredential else {
            throw WebAuthnError(
                .missingAttestedCredentialData,
                "authenticatorData: expected attested credential data (AT flag) in a registration, found flags \(authData.flags)")
        }
        // The credential the client reports is the one the authenticator created.
        guard attested.credentialID == response.rawID else {
            throw WebAuthnError(
                .credentialIdMismatch,
                "rawId: expected the credential ID in authenticator data (\(Base64URL.encode(attested.credentialID))), found \(Base64URL.encode(response.rawID))"
            )
        }
        // Step 21, checked before step 20 so an unsupported format is reported as such whatever its key:
        // a case-sensitive match of fmt against the supported formats.
        guard let format = policy.attestation.formats.first(where: { $0.format == attestation.format }) else {
            throw WebAuthnError(
                .unsupportedFormat,
                "attestationObject.fmt: expected one of \(policy.attestation.formats.map(\.format).joined(separator: ", ")), found '\(attestation.format)'"
            )
        }
        // Step 20: the key is well formed and its alg is one the RP offered in pubKeyCredParams.
        let publicKey = try attested.publicKey()
        guard policy.algorithms.contains(publicKey.algorithm) else {
            throw WebAuthnError(
                .unsupportedAlgorithm,
                "credential public key alg: expected one of \(policy.algorithms.map(\.name).joined(separator: ", ")), found \(publicKey.algorithm)")
        }
        if let reported = response.publicKeyAlgorithm, reported != publicKey.algorithm.rawValue {
            throw .malformed(
                "response.publicKeyAlgorithm: expected \(publicKey.algorithm.rawValue), the alg of the credential public key, found \(reported)")
        }
        // Step 22.
        let now = policy.clock()
        let outcome = try format.verify(
            AttestationInput(
                statement: attestation.statement, authenticatorData: authData, attestedCredential: attested,
                credentialPublicKey: publicKey, clientDataHash: clientDataHash, verificationTime: now))
        // The trust path must be a sound chain at `now` even when no anchor will judge it (FIDO conformance
        // Resp-5 F-6, F-7, F-9, F-10, F-12): a broken chain is refused, not merely left untrusted.
        try AttestationChain.verifySound(outcome.trustPath, field: "attestation (\(attestation.format)) x5c", at: now, roots: format.chainRoots)
        // Step 23: trust anchors for this format and authenticator: the RP's own, the roots the format mandates,
        // and the model's roots from FIDO metadata, whose status reports may refuse the model outright.
        let metadataEntry = policy.attestation.metadata?.entry(aaguid: attested.aaguid, trustPath: outcome.trustPath)
        if let report = metadataEntry?.refusedStatus {
            let model = metadataEntry?.description.map { " (\($0))" } ?? ""
            throw WebAuthnError(
                .authenticatorCompromised,
                "authenticator \(attested.aaguid)\(model): FIDO metadata reports status \(report.status)\(report.effectiveDate.map { " since \($0)" } ?? ""), which this relying party refuses"
            )
        }
        // Step 24: assess trustworthiness.
        var trusted = false
        // Whether the AAGUID is proven, not merely claimed: a trusted chain proves the key was made by hardware its
        // root vouches for, and says which model only when the root is that model's (FIDO metadata's roots for the
        // AAGUID) or the attestation certificate names the AAGUID itself (id-fido-gen-ce-aaguid). A chain to
        // Google's or Apple's roots proves a phone, not a model: any Android app can attest a key it made.
        var aaguidProven = false
        switch outcome.type {
        case .none:
            guard policy.attestation.allowNone else {
                throw WebAuthnError(.attestationTypeNotAllowed, "attestation: this relying party requires attestation, found 'none'")
            }
        case .self:
            guard policy.attestation.allowSelf else {
                throw WebAuthnError(
                    .attestationTypeNotAllowed, "attestation: this relying party does not accept self attestation, found self attestation")
            }
        case .basic, .attCA, .anonCA:
            var anchors = policy.attestation.trustAnchors
            if policy.attestation.useBuiltInRoots { anchors += format.builtInRoots }
            anchors += metadataEntry?.attestationRootCertificates ?? []
            let verdict = await AttestationTrust.evaluate(
                trustPath: outcome.trustPath, anchors: anchors, at: now, leafCheckedExtensions: format.checkedCriticalExtensions)
            trusted = verdict.trusted
            if !trusted && policy.attestation.requireTrustedAttestation {
                throw WebAuthnError(
                    .untrustedAttestation,
                    "attestation (\(attestation.format)): expected a chain to a trusted root, but \(verdict.reason ?? "it is not trusted")")
            }
            // A model FIDO metadata lists attests under the roots metadata gives for it (FIDO MDS3 §3.1.7,
            // attestationRootCertificates), and only those: a chain to any other anchor (the RP's, a format's
            // built-in root) is a false claim to be that model.
            if let entry = metadataEntry, !entry.attestationRootCertificates.isEmpty {
                let modelVerdict = await AttestationTrust.evaluate(
                    trustPath: outcome.trustPath, anchors: entry.attestationRootCertificates, at: now,
                    leafCheckedExtensions: format.checkedCriticalExtensions)
                guard modelVerdict.trusted else {
                    let model = entry.description.map { " (\($0))" } ?? ""
                    throw WebAuthnError(
                        .untrustedAttestation,
                        "attestation (\(attestation.format)): FIDO metadata lists authenticator \(attested.aaguid)\(model) with its attestation roots; expected a chain to one of them, but \(modelVerdict.reason ?? "it does not lead to them")"
                    )
                }
                aaguidProven = true
            } else if trusted, let leaf = outcome.trustPath.first {
                aaguidProven = AAGUIDExtension.certifies(leaf, aaguid: attested.aaguid)
            }
        }
        if !trusted && policy.attestation.requireTrustedAttestation && outcome.trustPath.isEmpty {
            throw WebAuthnError(
                .untrustedAttestation,
                "attestation (\(attestation.format)): expected a certificate chain to a trusted root, found \(outcome.type.rawValue) attestation with none"
            )
        }
        // Step 24's "acceptable" also covers which models this relying party admits (allow and deny lists by AAGUID).
        try policy.attestation.authenticators.check(
            attested.aaguid, proven: aaguidProven,
            attestation:
                "\(outcome.type.rawValue) attestation (\(attestation.format))\(trusted ? ", trusted but not bound to the AAGUID" : ", not trusted")")
        // Step 25 is enforced while parsing authenticator data.
        return VerifiedRegistration(
            credentialID: attested.credentialID, publicKey: publicKey, signCount: authData.signCount,
            format: attestation.format, attestationType: outcome.type, trusted: trusted, trustPath: outcome.trustPath,
            aaguid: attested.aaguid, userVerified: authData.userVerified, backupEligible: authData.backupEligible,
            backupState: authData.backupState, transports: response.transports, clientData: clientData,
            authenticatorData: authData, authenticatorDescription: metadataEntry?.description.flatMap(UserFacingName.acceptable))
    }
}
