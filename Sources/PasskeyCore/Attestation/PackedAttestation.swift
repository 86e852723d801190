/// The `packed` attestation statement format (WebAuthn L3 §8.2): `{alg, sig, x5c?}`.
public struct PackedAttestation: AttestationStatementVerifier {
    public let format = "packed"
    /// The `packed` verifier, for both its basic (with `x5c`) and self (without) forms.
    public init() {}

    public func verify(_ input: AttestationInput) throws(WebAuthnError) -> AttestationOutcome {
        let reader = StatementReader(statement: input.statement, format: format)
        try reader.requireOnly(["alg", "sig", "x5c"])
        let alg = try reader.algorithm()
        let sig = try reader.bytes("sig")
        // §8.2 verification procedure: the signature covers authenticatorData ‖ clientDataHash.
        let signed = input.authenticatorData.rawBytes + input.clientDataHash

        if let chain = try reader.certificates() {
            // x5c present: basic, AttCA or uncertain attestation by the attestation certificate's key.
            let leaf = chain[0]
            let key = try reader.signingKey(of: leaf, for: alg)
            guard key.isValidSignature(sig, over: signed, algorithm: alg) else {
                throw WebAuthnError(
                    .invalidSignature,
                    "attStmt (packed).sig: expected a valid \(alg) signature by the attestation certificate over authenticatorData ‖ clientDataHash, found one that does not verify"
                )
            }
            try PackedCertificateRequirements.verify(leaf, aaguid: input.attestedCredential.aaguid)
            return AttestationOutcome(type: .basic, trustPath: chain)
        }

        // No x5c: self attestation with the credential key itself.
        guard alg == input.credentialPublicKey.algorithm else {
            throw reader.invalid("self attestation: expected alg to equal the credential key's \(input.credentialPublicKey.algorithm), found \(alg)")
        }
        guard input.credentialPublicKey.isValidSignature(sig, over: signed) else {
            throw WebAuthnError(
                .invalidSignature,
                "attStmt (packed).sig: expected a valid self-attestation \(alg) signature by the credential key over authenticatorData ‖ clientDataHash, found one that does not verify"
            )
        }
        return AttestationOutcome(type: .self, trustPath: [])
    }
}
