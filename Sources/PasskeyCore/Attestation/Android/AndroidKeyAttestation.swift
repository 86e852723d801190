public import X509

/// The `android-key` attestation statement format (WebAuthn L3 §8.4): `{alg, sig, x5c}` from Android Keystore,
/// whose leaf certificate describes the credential key in the key attestation extension.
public struct AndroidKeyAttestation: AttestationStatementVerifier {
    public let format = "android-key"
    /// Also accept `origin` and `purpose` from the `softwareEnforced` list (§8.4 step 5: "the union of teeEnforced
    /// and softwareEnforced"). Off by default: only a TEE or StrongBox vouches for a key it holds.
    public let acceptSoftwareEnforced: Bool

    /// The `android-key` verifier; see ``acceptSoftwareEnforced`` before turning it on.
    public init(acceptSoftwareEnforced: Bool = false) {
        self.acceptSoftwareEnforced = acceptSoftwareEnforced
    }

    /// Android Keystore chains end in a Google Hardware Attestation root (RSA) or, for keys provisioned remotely
    /// (RKP, every new chain since 2026-04-10), in Key Attestation CA1, which such chains do not include.
    public var builtInRoots: [Certificate] { BuiltInRoots.googleHardwareAttestationRoots + [BuiltInRoots.googleKeyAttestationCA1] }

    /// Android Keystore's factory-provisioned chain ends in its root (the Pixel and Galaxy captures in the vectors
    /// both carry it); an RKP chain ends below the root. Both are sound.
    public var chainRoots: AttestationChain.RootPlacement { .allowedLast }

    static let purposeSign: Int64 = 2
    static let originGenerated: Int64 = 0

    public func verify(_ input: AttestationInput) throws(WebAuthnError) -> AttestationOutcome {
        // Step 1.
        let reader = StatementReader(statement: input.statement, format: format)
        try reader.requireOnly(["alg", "sig", "x5c"])
        let alg = try reader.algorithm()
        let sig = try reader.bytes("sig")
        guard let chain = try reader.certificates() else {
            throw reader.invalid("expected an 'x5c' array with the credential certificate, found none")
        }
        let leaf = chain[0]
        // Step 2: sig over authenticatorData ‖ clientDataHash by the leaf's key, with alg.
        let key = try reader.signingKey(of: leaf, for: alg)
        guard key.isValidSignature(sig, over: input.authenticatorData.rawBytes + input.clientDataHash, algorithm: alg) else {
            throw WebAuthnError(
                .invalidSignature,
                "attStmt (android-key).sig: expected a valid \(alg) signature by x5c[0] over authenticatorData ‖ clientDataHash, found one that does not verify"
            )
        }
        // Step 3: the leaf certificate's public key is the credential public key.
        guard key.isSameKey(as: input.credentialPublicKey.key) else {
            throw reader.invalid("expected x5c[0]'s public key to be the credential public key, found a different key")
        }
        // Step 4: attestationChallenge is clientDataHash.
        let description = try AndroidKeyDescription(certificate: leaf)
        guard description.attestationChallenge == input.clientDataHash else {
            throw reader.invalid("expected the key description's attestationChallenge to equal clientDataHash, found different bytes")
        }
        // Step 5: allApplications in neither list: the key must be scoped to this RP.
        guard !description.softwareEnforced.hasAllApplications, !description.teeEnforced.hasAllApplications else {
            throw reader.invalid("expected no allApplications tag (the key must be bound to one RP), found it present")
        }
        let lists = acceptSoftwareEnforced ? [description.teeEnforced, description.softwareEnforced] : [description.teeEnforced]
        let searched = acceptSoftwareEnforced ? "teeEnforced or softwareEnforced" : "teeEnforced"
        guard lists.contains(where: { $0.origin == Self.originGenerated }) else {
            let found = lists.compactMap(\.origin).map(String.init).joined(separator: ", ")
            throw reader.invalid(
                "expected origin KM_ORIGIN_GENERATED (0) in \(searched), found \(found.isEmpty ? "none" : found)\(acceptSoftwareEnforced ? "" : " (software-enforced values are not accepted by this policy)")"
            )
        }
        guard lists.contains(where: { !$0.purposes.isEmpty && $0.purposes.allSatisfy { $0 == Self.purposeSign } }) else {
            let found = lists.flatMap(\.purposes).map(String.init).joined(separator: ", ")
            throw reader.invalid("expected purpose to be exactly KM_PURPOSE_SIGN (2) in \(searched), found \(found.isEmpty ? "none" : found)")
        }
        // Step 6.
        return AttestationOutcome(type: .basic, trustPath: chain)
    }
}
