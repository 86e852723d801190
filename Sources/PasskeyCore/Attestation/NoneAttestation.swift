/// The `none` attestation statement format (WebAuthn L3 §8.7).
public struct NoneAttestation: AttestationStatementVerifier {
    public let format = "none"
    /// The `none` verifier: it accepts only an empty statement.
    public init() {}

    public func verify(_ input: AttestationInput) throws(WebAuthnError) -> AttestationOutcome {
        // §8.7: the statement is an empty map.
        guard input.statement.isEmpty else {
            throw WebAuthnError(.invalidAttestationStatement, "attStmt (none): expected an empty map, found \(input.statement.count) members")
        }
        return AttestationOutcome(type: .none, trustPath: [])
    }
}
