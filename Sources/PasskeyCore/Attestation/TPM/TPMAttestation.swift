import Crypto
public import SwiftASN1
import X509

/// The `tpm` attestation statement format (WebAuthn L3 §8.3):
/// `{ver: "2.0", alg, x5c: [aikCert, …], sig, certInfo, pubArea}`.
///
/// The TPM certifies the credential key (`pubArea`) with its attestation identity key (AIK): `certInfo` is a
/// `TPMS_ATTEST` whose `extraData` binds the ceremony and whose attested Name binds the key.
public struct TPMAttestation: AttestationStatementVerifier {
    public let format = "tpm"
    /// The `tpm` verifier, for TPM 2.0 statements (`ver` "2.0"); it has no options.
    public init() {}

    /// The AIK certificate's critical SAN holds the TPM identity, which §8.3.1 defines and this verifier checks.
    public var checkedCriticalExtensions: [ASN1ObjectIdentifier] { [TPMCertificateRequirements.subjectAltNameOID] }

    public func verify(_ input: AttestationInput) throws(WebAuthnError) -> AttestationOutcome {
        // Step 1: the statement has exactly the defined members.
        let reader = StatementReader(statement: input.statement, format: format)
        try reader.requireOnly(["ver", "alg", "x5c", "sig", "certInfo", "pubArea"])
        guard case .text(let version)? = input.statement[textKey: "ver"] else {
            throw reader.invalid("expected 'ver' to be the text string \"2.0\", found \(input.statement[textKey: "ver"]?.typeName ?? "none")")
        }
        guard version == "2.0" else { throw reader.invalid("expected ver \"2.0\", found \"\(version)\"") }
        let alg = try reader.algorithm()
        let sig = try reader.bytes("sig")
        let certInfoBytes = try reader.bytes("certInfo")
        let certInfo = try TPMSAttest(bytes: certInfoBytes)
        let pubArea = try TPMTPublic(bytes: reader.bytes("pubArea"))
        guard let chain = try reader.certificates() else {
            // ECDAA (the only x5c-less variant) was removed in Level 3.
            throw reader.invalid("expected an 'x5c' array with the AIK certificate, found none")
        }

        // Step 2: pubArea's parameters and unique field are the credential public key.
        try Self.verifyPubAreaMatches(pubArea, input.credentialPublicKey)

        // Step 3: attToBeSigned = authenticatorData ‖ clientDataHash.
        let attToBeSigned = input.authenticatorData.rawBytes + input.clientDataHash

        // Step 5: validate certInfo (checked here, before step 4's signature).
        guard certInfo.magic == TPMSAttest.generatedValue else {
            throw reader.invalid(
                "certInfo.magic: expected TPM_GENERATED_VALUE 0xFF544347, found 0x\(String(certInfo.magic, radix: 16, uppercase: true))")
        }
        // (type was checked while parsing: TPM_ST_ATTEST_CERTIFY.)
        guard let expectedExtraData = alg.digest(attToBeSigned) else {
            throw WebAuthnError(.unsupportedAlgorithm, "attStmt (tpm).alg: expected a hash-based signature algorithm, found \(alg)")
        }
        guard certInfo.extraData == expectedExtraData else {
            throw reader.invalid("certInfo.extraData: expected the \(alg) hash of authenticatorData ‖ clientDataHash, found different bytes")
        }
        guard let name = pubArea.name else {
            throw reader.invalid("pubArea.nameAlg: expected SHA-1, SHA-256, SHA-384 or SHA-512, found \(TPMAlgorithm.name(pubArea.nameAlg))")
        }
        guard certInfo.attestedName == name else {
            throw reader.invalid(
                "certInfo.attested.name: expected the Name of pubArea (\(TPMAlgorithm.name(pubArea.nameAlg)) ‖ hash), found different bytes")
        }

        // Step 4 (the integrity of certInfo): sig is alg's signature over certInfo by the AIK, whose certificate
        // meets §8.3.1 and names this AAGUID if it names one; RSA SHA-1 (RS1) is allowed in this format only.
        let aik = chain[0]
        let key = try reader.signingKey(of: aik, for: alg)
        guard key.isValidSignature(sig, over: certInfoBytes, algorithm: alg) else {
            throw WebAuthnError(
                .invalidSignature,
                "attStmt (tpm).sig: expected a valid \(alg) signature by the AIK certificate over certInfo, found one that does not verify")
        }
        try TPMCertificateRequirements.verify(aik, aaguid: input.attestedCredential.aaguid)
        return AttestationOutcome(type: .attCA, trustPath: chain)
    }

    static func verifyPubAreaMatches(_ pubArea: TPMTPublic, _ credential: CredentialPublicKey) throws(WebAuthnError) {
        func mismatch(_ what: String) -> WebAuthnError {
            WebAuthnError(.invalidAttestationStatement, "attStmt (tpm).pubArea: expected it to describe the credential public key, but \(what)")
        }
        func coseBytes(_ label: Int64) -> [UInt8]? {
            if case .bytes(let b)? = credential.coseMap[intKey: label] { return b }
            return nil
        }
        switch pubArea.parameters {
        case .rsa(_, let exponent, let modulus):
            guard case .rsa = credential.key, let n = coseBytes(CredentialPublicKey.Label.rsaN), let e = coseBytes(CredentialPublicKey.Label.rsaE)
            else {
                throw mismatch("pubArea holds an RSA key and the credential key is \(credential.key.kindDescription)")
            }
            guard Array(modulus.drop(while: { $0 == 0 })) == Array(n.drop(while: { $0 == 0 })) else {
                throw mismatch("pubArea.unique (RSA modulus) differs from the credential key's n")
            }
            // TPMS_RSA_PARMS: an exponent of zero means the default 2^16 + 1.
            let tpmExponent = exponent == 0 ? 65537 : UInt64(exponent)
            let coseExponent = e.reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            guard tpmExponent == coseExponent else {
                throw mismatch("pubArea's RSA exponent \(tpmExponent) differs from the credential key's e \(coseExponent)")
            }
        case .ecc(let curveID, let x, let y):
            guard let curve = TPMAlgorithm.curve(curveID) else {
                throw mismatch("pubArea.parameters.curveID \(curveID) is not NIST P-256, P-384 or P-521")
            }
            guard credential.algorithm.keyFamily == .ec2(curve) else {
                throw mismatch("pubArea holds an EC \(curve) key and the credential key is \(credential.key.kindDescription)")
            }
            guard x == coseBytes(CredentialPublicKey.Label.x), y == coseBytes(CredentialPublicKey.Label.y) else {
                throw mismatch("pubArea.unique (EC point) differs from the credential key's x and y")
            }
        }
    }
}
