/// The `fido-u2f` attestation statement format (WebAuthn L3 §8.6): `{x5c: [attCert], sig}` from a U2F
/// authenticator, with the signature over the U2F registration message layout.
public struct FIDOU2FAttestation: AttestationStatementVerifier {
    public let format = "fido-u2f"
    /// The `fido-u2f` verifier; it has no options.
    public init() {}

    public func verify(_ input: AttestationInput) throws(WebAuthnError) -> AttestationOutcome {
        let reader = StatementReader(statement: input.statement, format: format)
        try reader.requireOnly(["x5c", "sig"])
        // U2F authenticators have no AAGUID: a client relaying their registration writes 16 zero bytes (CTAP2,
        // "Interoperating with CTAP1/U2F authenticators"). Any other value names a model this statement cannot
        // vouch for (FIDO conformance Server-ServerAuthenticatorAttestationResponse-Resp-8 F-1).
        guard input.attestedCredential.aaguid.isZero else {
            throw WebAuthnError(
                .aaguidMismatch,
                "authenticatorData.aaguid: expected all zeroes for fido-u2f attestation (U2F devices have no AAGUID), found \(input.attestedCredential.aaguid)"
            )
        }
        let sig = try reader.bytes("sig")
        // Step 2: x5c has exactly one element, whose key is EC P-256.
        guard let chain = try reader.certificates() else {
            throw reader.invalid("expected an 'x5c' array with the attestation certificate, found none")
        }
        guard chain.count == 1 else { throw reader.invalid("expected x5c to hold exactly one certificate, found \(chain.count)") }
        guard let key = SignatureKey(certificate: chain[0]), case .p256 = key else {
            throw WebAuthnError(.certificateInvalid, "attStmt (fido-u2f).x5c[0]: expected an EC P-256 public key, found \(chain[0].publicKey)")
        }
        // Steps 3–4: the credential key as a raw uncompressed P-256 point (ANSI X9.62).
        guard case .p256(let credentialKey) = input.credentialPublicKey.key else {
            throw reader.invalid(
                "expected the credential public key to be EC P-256 (U2F supports no other), found \(input.credentialPublicKey.key.kindDescription)")
        }
        let publicKeyU2F = Array(credentialKey.x963Representation)
        // Step 5: verificationData = 0x00 ‖ rpIdHash ‖ clientDataHash ‖ credentialId ‖ publicKeyU2F.
        var verificationData: [UInt8] = [0x00]
        verificationData.reserveCapacity(1 + 32 + 32 + input.attestedCredential.credentialID.count + 65)
        verificationData += input.authenticatorData.rpIDHash
        verificationData += input.clientDataHash
        verificationData += input.attestedCredential.credentialID
        verificationData += publicKeyU2F
        // Step 6: ECDSA P-256 with SHA-256.
        guard key.isValidSignature(sig, over: verificationData, algorithm: .es256) else {
            throw WebAuthnError(
                .invalidSignature,
                "attStmt (fido-u2f).sig: expected a valid ES256 signature by the attestation certificate over the U2F registration data, found one that does not verify"
            )
        }
        return AttestationOutcome(type: .basic, trustPath: chain)
    }
}
